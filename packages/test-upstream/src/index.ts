export { type CollectedChoice, collectChunks } from './collect-chunks.js';
export {
  type FakeUpstream,
  type NativeToolCall,
  type ReceivedRequest,
  type Reply,
  startFakeUpstream,
} from './fake-upstream.js';
export { allPlugins, testRouter } from './formats.js';
export { type Recording, recordings, weatherTools } from './recordings.js';
export { splitTokens } from './tokens.js';
