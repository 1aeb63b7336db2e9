/**
 * What other workspace scripts reuse from the conformance runner: the peer corpus reader and the
 * comparison of calls (the ai-sdk package's side-by-side `compare` script reads the same corpus and
 * must judge "exact" the way the ratchet does).
 */
export type { CorpusCase, CorpusTool, ExpectedCall } from './corpus.js';
export { defaultCorpusPath, readCorpus } from './corpus.js';
export { deepEqual } from './score.js';
