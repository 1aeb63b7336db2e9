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
  cleanProse,
  type DetectSign,
  defineFormat,
  detectSigns,
  isJsonSpace,
  type MarkupFormatHandler,
} from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

/** Line keys whose whole line is scaffolding wherever it stands outside code. */
const SCAFFOLD_KEYS = ['Action Input:', 'Action input:', 'Thought:', 'Action:', 'Observation:'];
/** Markers removed wherever they stand outside code. */
const STRAY_MARKERS = ['✿ARGS✿:', '✿ARGS✿', '✿RESULT✿:', '✿RESULT✿', '✿FUNCTION✿:', '✿FUNCTION✿'];

function isScaffold(line: string): boolean {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  return SCAFFOLD_KEYS.some((k) => line.startsWith(k, i));
}

function removeMarkers(line: string): string {
  const out = line.includes('<co') ? removeCitations(line) : line;
  if (!out.includes('✿')) return out;
  let cleaned = out;
  for (const m of STRAY_MARKERS) cleaned = cleaned.split(m).join('');
  return cleaned;
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
    while (p < line.length && isCitationChar(line.charCodeAt(p))) p++;
    if (p >= line.length || line.charCodeAt(p) !== 62 /* > */) continue;
    out += line.slice(last, i);
    last = p + 1;
    i = p;
  }
  return last === 0 ? line : out + line.slice(last);
}

function isCitationChar(c: number): boolean {
  // digits, space, `:`, `,`, `[`, `]`
  return (c >= 48 && c <= 58) || c === 32 || c === 44 || c === 91 || c === 93;
}

/**
 * ReAct scaffolding the parse leaves because it is not a call — an `Action Input:` line with no
 * `Action:` before it, a stray `✿ARGS✿` marker, Command A's citation tags — never reaches the user.
 */
function sanitizeContent(content: string): string {
  return cleanProse(content, (line) => (isScaffold(line) ? null : removeMarkers(line)), {
    collapseBlanks: true,
  });
}

/**
 * How sure the family is that a text holds its markup. The distinctive markers count on sight;
 * ReAct counts only as a whole step (`reactStep`), because prose writes `Thought:` and `Action:`
 * on their own.
 */
const SIGNS: readonly DetectSign[] = [
  ['✿FUNCTION✿', 0.95],
  ['<|START_ACTION|>', 0.95],
  ['✦ tool_call:', 0.9],
  ['✦tool_call:', 0.9],
];

/** Index of `key` at a line start at or after `from` (the text's start counts), or -1. */
function lineKey(text: string, key: string, from: number): number {
  if (from === 0 && text.startsWith(key)) return 0;
  const at = text.indexOf(`\n${key}`, Math.max(0, from - 1));
  return at === -1 ? -1 : at + 1;
}

/**
 * An `Action:` line followed by an `Action Input:` line, or Command R's `Action:` and a JSON fence
 * or list. A few forward `indexOf` walks: linear.
 */
function reactStep(text: string): number {
  const first = lineKey(text, 'Action:', 0);
  if (first === -1) return 0;
  if (lineKey(text, 'Action Input:', first + 'Action:'.length) !== -1) return 0.8;
  for (let at = first; at !== -1; ) {
    let p = at + 'Action:'.length;
    while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
    if (text.startsWith('```json', p) || text.startsWith('[', p)) return 0.7;
    at = lineKey(text, 'Action:', p);
  }
  return 0;
}

export function createReactFormat(variant: string = 'react'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup({ id: id, familyFormats: variant === 'react' }),
    detect: detectSigns(SIGNS, reactStep),
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
