/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers, the family's sanitizer and detector.
 *
 * The plugin the router registers: the family id `react`, an alias per variant (`keyvalue` and
 * `command-r` are family ids of the peer conformance corpus), and the model names
 * whose native form is one of them. ReAct itself is a prompt any model can follow, so no model
 * name selects it: a models.yaml rule (`format: react`) does.
 */

import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import {
  atLineStart,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  COLON,
  COMMA,
  cleanProse,
  type DetectSign,
  defineFormat,
  detectSigns,
  GT,
  isDigit,
  lineKeyLater,
  type MarkupFormatHandler,
  removeStrayMarkers,
  SPACE,
  startsAfterBlanks,
} from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Line keys whose whole line is scaffolding wherever it stands outside code. */
const SCAFFOLD_KEYS = ['Action Input:', 'Action input:', 'Thought:', 'Action:', 'Observation:'];
/** Markers removed wherever they stand outside code. */
const STRAY_MARKERS = ['✿ARGS✿:', '✿ARGS✿', '✿RESULT✿:', '✿RESULT✿', '✿FUNCTION✿:', '✿FUNCTION✿'];

function removeMarkers(line: string): string {
  const out = line.includes('<co') ? removeCitations(line) : line;
  return out.includes('✿') ? removeStrayMarkers(out, STRAY_MARKERS) : out;
}

const CITE_OPEN = '<co>';
const CITE_CLOSE = '</co:';

/**
 * Command A's grounded answer marks its citations inline, `<co>bar</co: 0:[1,2],1:[3,4]>`: the
 * cited text stays, the tags go (vLLM's `cohere_command3` / `cohere_command4` answer is the text).
 * A close is `</co:` then only digits, blanks, `:`, `,`, `[`, `]` up to `>`; an open tag counts
 * only when such a close follows it. One forward scan per tag.
 */
export function removeCitations(line: string): string {
  const closed = removeCloses(line);
  // Without a close, a `<co>` is text: the line stays as written.
  return closed === line ? line : closed.split(CITE_OPEN).join('');
}

function removeCloses(line: string): string {
  let out = '';
  let last = 0;
  for (let i = line.indexOf(CITE_CLOSE); i !== -1; i = line.indexOf(CITE_CLOSE, i + 1)) {
    let p = i + CITE_CLOSE.length;
    while (p < line.length && isCitationChar(charCodeAt.call(line, p))) p++;
    if (p >= line.length || charCodeAt.call(line, p) !== GT) continue;
    out += line.slice(last, i);
    last = p + 1;
    i = p;
  }
  return last === 0 ? line : out + line.slice(last);
}

/** Digits, space, `:`, `,`, `[`, `]`. */
function isCitationChar(c: number): boolean {
  return isDigit(c) || c === COLON || c === SPACE || c === COMMA || c === BRACKET_OPEN || c === BRACKET_CLOSE;
}

/**
 * ReAct scaffolding the parse leaves because it is not a call — an `Action Input:` line with no
 * `Action:` before it, a stray `✿ARGS✿` marker, Command A's citation tags — never reaches the user.
 */
function sanitizeContent(content: string): string {
  return cleanProse(content, removeMarkers, { collapseBlanks: true, dropKeys: SCAFFOLD_KEYS });
}

/**
 * How sure the family is that a text holds its markup. The distinctive markers count on sight;
 * ReAct counts only as a whole step, because prose writes `Thought:` and `Action:` on their own:
 * an `Action:` line followed by an `Action Input:` line, or Command R's `Action:` and a JSON
 * fence or list.
 */
const SIGNS: readonly DetectSign[] = [
  ['✿FUNCTION✿', 0.95],
  ['<|START_ACTION|>', 0.95],
  ['✦ tool_call:', 0.9],
  ['✦tool_call:', 0.9],
  ['Action:', 0.8, atLineStart('Action:', lineKeyLater('Action Input:'))],
  ['Action:', 0.7, atLineStart('Action:', startsAfterBlanks(['```json', '[']))],
];

export function createReactFormat(variant: string = 'react'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup({ id: id, familyFormats: variant === 'react' }),
    detect: detectSigns(SIGNS),
    variant: def,
    sanitizeExtra: sanitizeContent,
  });
}

const aliases: FormatAlias[] = [
  { id: 'keyvalue', variant: 'keyvalue' },
  { id: 'qwen-agent', variant: 'qwen-agent' },
  { id: 'command-r', variant: 'command-r' },
  { id: 'command-r7b', variant: 'command-r7b' },
  { id: 'command-a', variant: 'command-r7b' },
  // vLLM's Cohere parsers: `cohere_command4` (Command A Vision / MoE) writes Command A's action
  // block; only its answer wrapper differs (`<|START_TEXT|>`, stripped like `<|START_RESPONSE|>`).
  { id: 'cohere_command3', variant: 'command-r7b' },
  { id: 'cohere_command4', variant: 'command-r7b' },
  { id: 'cohere-command4', variant: 'command-r7b' },
];

const modelPatterns: ModelPattern[] = [
  // The more specific R7B / Command A patterns win over `command-r*`.
  { match: 'c4ai-command-r7b*', variant: 'command-r7b' },
  { match: 'command-r7b*', variant: 'command-r7b' },
  { match: 'c4ai-command-a*', variant: 'command-r7b' },
  { match: 'command-a-*', variant: 'command-r7b' },
  { match: 'command-a:*', variant: 'command-r7b' },
  { match: 'c4ai-command-r*', variant: 'command-r' },
  { match: 'command-r*', variant: 'command-r' },
];

export const reactPlugin = definePlugin({
  id: 'react',
  aliases,
  modelPatterns,
  create: (options) => createReactFormat(typeof options?.variant === 'string' ? options.variant : 'react'),
});
