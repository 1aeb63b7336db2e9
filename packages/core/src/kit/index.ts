/** The parsing kit: the building blocks every format declares its markup with. */
export * from './markup-spec.js';
export { CompiledMarkup, MarkupStreamParser } from './markup-stream.js';
export { mergeMarkup } from './merge-markup.js';
export { MarkerSet, type MarkerMatch } from './marker-set.js';
export { TextSink } from './text-sink.js';
export { JsonBoundaryTracker } from './json-boundary.js';
export { EventFolder, foldEvents } from './fold-events.js';
export { splitReasoning } from './reasoning.js';
export { defaultGenerateId, sequentialIds } from './ids.js';
export { setOwn, isPlainObject, getOwn } from './safe-object.js';
export * from './json-ladder.js';
export * from './json-scan.js';
export * from './partial-json.js';
export * from './arguments.js';
export {
  parsePythonCalls,
  parsePythonLiteral,
  formatPythonCall,
  formatPythonValue,
  formatPythonString,
  type PythonCall,
  type PythonNote,
  type PythonCallsResult,
  type PythonLiteralResult,
  type PythonCallsOptions,
  type PythonLiteralOptions,
} from './python-calls.js';
