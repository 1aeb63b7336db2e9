/** The parsing kit: the building blocks every format declares its markup with. */

export { ArgumentStream, type ArgumentsAt } from './argument-stream.js';
export * from './arguments.js';
export { bareCallLineBlocks } from './bare-call-line.js';
export { type CallArgumentsRead, partialCall, readCallArguments } from './call-arguments.js';
export { isBlank, skipBlank } from './char-codes.js';
export { continuesSentence, endsItsLine, opensProse, textContinuesSentence } from './evidence.js';
export {
  declaredOrExact,
  isExactJsonCall,
  isExactJsonCalls,
  isExactPythonCall,
  isToolName,
} from './exact-call-shape.js';
export { EventFolder, foldEvents } from './fold-events.js';
export {
  announceAttributeTag,
  announceFunctionTag,
  attributeTagBody,
  functionTagBody,
} from './function-tag-body.js';
export { defaultGenerateId, sequentialIds } from './ids.js';
export { JsonBoundaryTracker } from './json-boundary.js';
export { announceJsonCall, JSON_CALL_ARGUMENTS, jsonCallName } from './json-call-name.js';
export { readJsonCallObjects } from './json-call-object.js';
export * from './json-ladder.js';
export * from './json-scan.js';
export { type MarkerMatch, MarkerSet } from './marker-set.js';
export * from './markup-spec.js';
export { CompiledMarkup, MarkupStreamParser } from './markup-stream.js';
export { mergeMarkup } from './merge-markup.js';
export * from './partial-json.js';
export { openAiToolShape, withPreamble } from './prompt-parts.js';
export { fenceTicks, proseLines, removeStrayMarkers, removeStrayTokens } from './prose-lines.js';
export {
  formatPythonCall,
  formatPythonString,
  formatPythonValue,
  type PythonCall,
  type PythonCallsOptions,
  type PythonCallsResult,
  type PythonLiteralOptions,
  type PythonLiteralResult,
  type PythonNote,
  parsePythonCalls,
  parsePythonLiteral,
} from './python-calls.js';
export { placePositional, pythonRawCalls } from './python-raw-calls.js';
export { splitReasoning } from './reasoning.js';
export { getOwn, isPlainObject, setOwn } from './safe-object.js';
export { pyStr, resultText, tojson, tojsonIndented } from './template-json.js';
export { TextSink } from './text-sink.js';
