/**
 * @toolformat/core/kit — the building blocks every format declares its markup with: the markup
 * spec, body readers, JSON and Python scanners, evidence rules, prompt and template helpers, char
 * codes and blank rules. The engine that runs a spec is not exported: `defineFormat` runs it
 * (architecture/stream-engine.md).
 */

export {
  defineFormat,
  type FormatDefinition,
  type FormatRenderers,
  type MarkupFormatHandler,
  parseWith,
  streamAll,
} from '../define-format.js';
export {
  DEFAULT_MAX_CALLS,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_INPUT_LENGTH,
  type ResolvedParseOptions,
  resolveParseOptions,
} from '../options.js';
export { createToolIndex, normalizeTool, normalizeTools, type ToolIndex } from '../tools.js';
export { ArgumentStream, type ArgumentsAt } from './argument-stream.js';
export * from './arguments.js';
export {
  type AttributeTag,
  type AttributeTagOptions,
  Finder,
  isAsciiWordChar,
  isXmlNameChar,
  nextAttributeTag,
  readAttributeTag,
  XML_TAG_OPTIONS,
} from './attribute-tags.js';
export { bareCallLineBlocks } from './bare-call-line.js';
export {
  type CallArgumentsRead,
  jsonRepaired,
  notExtracted,
  partialCall,
  readCallArguments,
} from './call-arguments.js';
export { type CallLabels, callLabels } from './call-labels.js';
export * from './char-codes.js';
export {
  type ElementValue,
  elementsObject,
  type NestedElementsOptions,
  type NestedElementsRead,
  type NestedElementsSpec,
  nextMarkedTag,
  readChildElements,
  readNestedElements,
} from './child-elements.js';
export { type CleanProseOptions, cleanProse } from './clean-prose.js';
export {
  type CallRenderer,
  defineVariants,
  type FormatVariant,
  type PromptBuilder,
  type ResultRenderer,
  type Variants,
} from './define-variants.js';
export { bodyStarts, type DetectSign, detectSigns, markupSigns, type SignFollow } from './detect-signs.js';
export { continuesSentence, endsItsLine, opensProse, textContinuesSentence } from './evidence.js';
export {
  declaredOrExact,
  isExactJsonCall,
  isExactJsonCalls,
  isExactPythonCall,
  isToolName,
} from './exact-call-shape.js';
export { fittingTool } from './fitting-tool.js';
export { EventFolder } from './fold-events.js';
export {
  announceAttributeTag,
  announceFunctionTag,
  attributeTagBody,
  functionTagBody,
} from './function-tag-body.js';
export { defaultGenerateId, fnv1a, isTokenWord } from './ids.js';
export { announceJsonCall, JSON_CALL_ARGUMENTS, jsonCallName } from './json-call-name.js';
export {
  type CollectedJsonCalls,
  collectJsonCalls,
  JSON_CALL_SPELLINGS,
  type JsonCallShape,
  jsonCallFrom,
  unreadKeysIssue,
} from './json-call-object.js';
export {
  type JsonCallsOptions,
  type JsonCallsRead,
  jsonCallsBody,
  jsonCallsIssues,
  jsonCallsResult,
  lostToTruncation,
  PARTIAL_CALL,
  readJsonCallObjects,
  readJsonCalls,
  readJsonCallValues,
  startsWithJson,
  type UnclosedScan,
  unclosedProblem,
} from './json-calls.js';
export {
  type JsonCallsInProseOptions,
  jsonCallsInProse,
} from './json-calls-in-prose.js';
export * from './json-ladder.js';
export * from './json-scan.js';
export { type KeyedJson, type KeyedValue, KeyedValues, type KeyedValuesOptions } from './keyed-values.js';
export { type MarkerMatch, MarkerSet } from './marker-set.js';
export * from './markup-spec.js';
export { mergeMarkup } from './merge-markup.js';
export { isNameToken, undecoratedName } from './name-token.js';
export { nestedMarkupReader } from './nested-markup.js';
export { type NestedMarkupBodyOptions, nestedMarkupBody } from './nested-markup-body.js';
export {
  announceParameterCall,
  type CallInProgress,
  cutValueIssue,
  type ParameterCallSpec,
  parameterCallsBody,
  readParameterCalls,
} from './parameter-tags.js';
export * from './partial-json.js';
export { openAiToolShape, type PythonTypeSpelling, pythonType, withPreamble } from './prompt-parts.js';
export { callsInProse, type ProseFinder, type ProseMatch } from './prose-calls.js';
export { fenceTicks, proseLines, removeStrayMarkers, removeStrayTokens } from './prose-lines.js';
export { type PythonCallListsOptions, pythonCallLists } from './python-call-lists.js';
export {
  type PythonCall,
  type PythonCallsOptions,
  type PythonCallsResult,
  type PythonLiteralOptions,
  type PythonLiteralResult,
  type PythonNote,
  parsePythonCalls,
  parsePythonLiteral,
} from './python-calls.js';
export { formatPythonCall, formatPythonString, formatPythonValue } from './python-format.js';
export { pythonNoteIssues } from './python-notes.js';
export {
  type PythonCallListOptions,
  placePositional,
  pythonRawCalls,
  readPythonCallList,
} from './python-raw-calls.js';
export { splitReasoning } from './reasoning.js';
export { getOwn, isPlainObject, setOwn } from './safe-object.js';
export { atLineStart, lineKeyLater, startsAfterBlanks } from './sign-follows.js';
export { SpecialTokens, type TokenAt } from './special-tokens.js';
export { type SpelledToken, SpelledTokens, type SpelledTokensSpec } from './spelled-tokens.js';
export { isCharRun, stableNumber, stableWord } from './stable-id.js';
export { type TagPairCalls, type TagPairsSpec, tagPairCalls } from './tag-pairs.js';
export { scanValue, type ValueRules, type ValueSpan } from './tag-values.js';
export { pyStr, resultText, tojson, tojsonIndented } from './template-json.js';
export {
  announceTokenCall,
  announceTokenFields,
  readTokenCalls,
  type TokenCallsRead,
  type TokenField,
  type TokenFieldsSpec,
  tokenFieldsBody,
  tooManyCalls,
  wordEnd,
} from './token-fields.js';
export { ArgumentCollector, type TypedArgumentsOptions, typeValue } from './typed-values.js';
export {
  type KeyedArguments,
  readKeyedArguments,
  readValueArguments,
  unwrapCode,
  type ValueArguments,
  type ValueArgumentsOptions,
} from './value-arguments.js';
export { splitWords, wordArguments } from './word-arguments.js';
export {
  decodeName,
  decodeXmlText,
  StrayText,
  unwrapLayout,
  type ValueLayout,
  valueText,
} from './xml-text.js';
