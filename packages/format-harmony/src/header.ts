/**
 * Reads the header of a harmony message: everything between the token that starts it and
 * `<|message|>`. The header holds the role, the channel, the recipient and the content type,
 * in the orders the model and the templates write them:
 *
 *   <|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>
 *   <|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>
 *   <|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>
 *
 * ("The recipient might be defined in the role or channel section of the header", harmony doc.)
 * A header is one short line of words and tokens; anything else (a newline, a long run of words)
 * is prose, which matters where a block was opened by `to=functions.` found in plain text.
 *
 * A forward scan of char codes: every call looks at each character once, and at most
 * MAX_HEADER of them, so a hostile body cannot make it slow.
 */
import {
  BRACE_OPEN,
  CARRIAGE_RETURN,
  isSpaceOrTab,
  LINE_FEED,
  LT,
  PIPE,
  SPACE,
  TAB,
} from '@toolformat/core/kit';
import { CHANNEL, CONSTRAIN, FUNCTIONS_PREFIX, MESSAGE } from './tokens.js';

export interface Header {
  role: string | null;
  channel: string | null;
  /** `functions.get_weather`, `python`, `browser.search`, `assistant`, … as written. */
  recipient: string | null;
  /** `json` from `<|constrain|>json` or the template's bare `json`. */
  contentType: string | null;
  /** Words a later one displaced (a second content type): not the header's, see strayWords. */
  displaced: string[];
  /** A special token belongs to the header (a `to=` in prose has none). */
  marked: boolean;
  /**
   * The word the text ended inside (no blank or token after it), which may be the start of a
   * longer one: `<|start|>s` may become `system`, `<|start|>s ` is the word `s`.
   */
  cutWord: string | null;
}

/** What the header read says comes first at the start: see `readHeader`. */
export type Expect = 'role' | 'channel' | 'recipient';

/** Where the header ended, and why. */
export type HeaderEnd =
  /** `<|message|>` came: the content starts at `contentStart`. */
  | { kind: 'message'; contentStart: number }
  /** A second `<|channel|>` came first: it starts the next message, at `at`. */
  | { kind: 'next'; at: number }
  /** The text ended inside the header. */
  | { kind: 'end' }
  /** Not a header: prose (or garbage) from `at`. */
  | { kind: 'invalid'; at: number };

/** Longer than any header a model writes; past it the "header" is prose. */
export const MAX_HEADER = 512;
/** Longer than any role, channel, recipient or content type. */
const MAX_WORD = 256;

export function emptyHeader(): Header {
  return {
    role: null,
    channel: null,
    recipient: null,
    contentType: null,
    displaced: [],
    marked: false,
    cutWord: null,
  };
}

/** A word ends at a blank, a line break or the start of a token (`<|`). */
function wordEnd(text: string, pos: number, limit: number): number {
  let p = pos;
  while (p < limit) {
    const c = text.charCodeAt(p);
    if (c === SPACE || c === TAB || c === LINE_FEED || c === CARRIAGE_RETURN) break;
    if (c === LT && text.charCodeAt(p + 1) === PIPE) break;
    p++;
  }
  return p;
}

/**
 * Reads a header from `pos` into `header`. `expect` says what the text at `pos` is: the role
 * (after `<|start|>`), the channel (after `<|channel|>`) or the recipient (after `to=`).
 */
export function readHeader(text: string, pos: number, expect: Expect, header: Header): HeaderEnd {
  const n = text.length;
  // Past MAX_HEADER nothing is a header: no scan below goes further than this.
  const limit = Math.min(n, pos + MAX_HEADER + 1);
  let p = pos;
  // The word the opening token announced comes right after it, with no blank between.
  let first = wordEnd(text, p, limit);
  if (first - p > MAX_WORD) return { kind: 'invalid', at: pos };
  const word = text.slice(p, first);
  if (first === n) header.cutWord = word;
  if (expect === 'role') header.role = word;
  else if (expect === 'channel') header.channel = word;
  else header.recipient = word;
  p = first;
  let bareWords = 0;
  // The recipient was the last word read: a tool name with a blank in it may go on.
  let recipientLast = expect === 'recipient';
  for (;;) {
    while (p < limit && isSpaceOrTab(text.charCodeAt(p))) p++;
    if (p >= n) return { kind: 'end' };
    if (p >= limit) return { kind: 'invalid', at: pos };
    const c = text.charCodeAt(p);
    if (c === LINE_FEED || c === CARRIAGE_RETURN) return { kind: 'invalid', at: p };
    if (c === LT && text.charCodeAt(p + 1) === PIPE) {
      if (text.startsWith(MESSAGE, p)) {
        header.marked = true;
        return { kind: 'message', contentStart: p + MESSAGE.length };
      }
      const channel = text.startsWith(CHANNEL, p);
      if (channel && header.channel !== null) return { kind: 'next', at: p };
      if (!channel && !text.startsWith(CONSTRAIN, p)) {
        // Another token, or the start of one the text ends inside.
        if (startsPartially(text, p)) return { kind: 'end' };
        return { kind: 'invalid', at: p };
      }
      header.marked = true;
      recipientLast = false;
      p += channel ? CHANNEL.length : CONSTRAIN.length;
      first = wordEnd(text, p, limit);
      if (first - p > MAX_WORD) return { kind: 'invalid', at: p };
      if (first === n) header.cutWord = text.slice(p, first);
      if (channel) header.channel = text.slice(p, first);
      else setContentType(header, text.slice(p, first));
      p = first;
      continue;
    }
    // A server that strips special tokens leaves `to=functions.x json{…}`: the content type glued
    // to the arguments is the header's end (prose does not write `json{`).
    const typed = strippedContentType(text, p);
    if (typed !== null) {
      setContentType(header, typed.type);
      header.marked = true;
      return { kind: 'message', contentStart: typed.at };
    }
    // Prose writes `to=functions.x docs`; a header names the recipient and then a token.
    if (!header.marked) return { kind: 'invalid', at: p };
    const end = wordEnd(text, p, limit);
    if (end >= limit && end < n) return { kind: 'invalid', at: pos };
    const bare = text.slice(p, end);
    if (end === n) header.cutWord = bare;
    // A function whose name holds a blank (`to=functions.Web Search <|constrain|>json`, as LM
    // Studio renders a tool named so): the words right after the name are the name's when the
    // header goes on after them (a token or a content type). Only in a header a token marks.
    const named =
      recipientLast && header.recipient?.startsWith(FUNCTIONS_PREFIX) === true
        ? nameWordsEnd(text, p, limit)
        : -1;
    if (bare.startsWith('to=')) {
      // A second recipient is not something a model writes; the first one stands.
      recipientLast = header.recipient === null;
      if (header.recipient === null) header.recipient = bare.slice(3);
      else header.displaced.push(bare);
    } else if (named !== -1) {
      header.recipient += ` ${text.slice(p, named).replace(/[ \t]+/g, ' ')}`;
      recipientLast = false;
      p = named;
      continue;
    } else if (bareWords === 0) {
      recipientLast = false;
      // The template's `commentary json`, the doc's `to=python code`.
      setContentType(header, bare);
      bareWords++;
    } else {
      return { kind: 'invalid', at: p };
    }
    p = end;
  }
}

/** Words a tool name with blanks holds at most (`Web Search`, `Get Current Weather`). */
const MAX_NAME_WORDS = 4;

/**
 * From the word at `p` after a recipient: where the words of a name with blanks end, when a
 * header token (`<|constrain|>`, `<|message|>`, `<|channel|>`) or a content type follows them
 * on the line; -1 otherwise (prose after `to=functions.Web`, or a header word itself).
 */
function nameWordsEnd(text: string, p: number, limit: number): number {
  let at = p;
  for (let words = 0; words < MAX_NAME_WORDS; words++) {
    const end = wordEnd(text, at, limit);
    const word = text.slice(at, end);
    if (word === '' || isHeaderWord(word) || word.startsWith('to=')) return -1;
    let next = end;
    while (next < limit && isSpaceOrTab(text.charCodeAt(next))) next++;
    if (next >= limit) return -1;
    if (text.startsWith(CONSTRAIN, next) || text.startsWith(MESSAGE, next) || text.startsWith(CHANNEL, next))
      return end;
    const after = wordEnd(text, next, limit);
    if (isHeaderWord(text.slice(next, after))) return end;
    at = next;
  }
  return -1;
}

/** A word a header writes for itself: a channel or a content type. */
function isHeaderWord(word: string): boolean {
  return CHANNELS.includes(word) || CONTENT_TYPES.includes(word);
}

/** `json{` or `code{` (a blank allowed before the brace) at `p`: the type and where `{` is. */
function strippedContentType(text: string, p: number): { type: string; at: number } | null {
  for (const type of ['json', 'code']) {
    if (!text.startsWith(type, p)) continue;
    let q = p + type.length;
    if (text.charCodeAt(q) === SPACE) q++;
    if (text.charCodeAt(q) === BRACE_OPEN) return { type, at: q };
  }
  return null;
}

function setContentType(header: Header, word: string): void {
  if (header.contentType !== null) header.displaced.push(header.contentType);
  header.contentType = word;
}

/** The text ends inside what may still become `<|message|>`, `<|channel|>` or `<|constrain|>`. */
function startsPartially(text: string, p: number): boolean {
  const rest = text.length - p;
  return (
    (rest < MESSAGE.length && MESSAGE.startsWith(text.slice(p))) ||
    (rest < CHANNEL.length && CHANNEL.startsWith(text.slice(p))) ||
    (rest < CONSTRAIN.length && CONSTRAIN.startsWith(text.slice(p)))
  );
}

const ROLES: readonly string[] = ['assistant', 'user', 'system', 'developer', 'tool'];
const CHANNELS: readonly string[] = ['analysis', 'commentary', 'final'];
const CONTENT_TYPES: readonly string[] = ['json', 'code'];
/** Namespaces a tool (the role of a tool's answer) is named in. */
const TOOL_ROLES: readonly string[] = ['functions.', 'browser.', 'container.', 'python'];

/**
 * The words of a header that are not the format's own: a role, channel or bare content type
 * harmony does not have is somebody's text (`<|start|>"` is a stray token and a quote), kept so
 * that nothing is lost. At the end of the output (`cut`), the word the text ended inside may
 * still become a known one, and is taken for it; a word with a blank after it is complete.
 */
export function strayWords(header: Header, cut: boolean): string[] {
  const known = (word: string, vocabulary: readonly string[]) =>
    word === '' ||
    vocabulary.some((v) => v === word || (cut && word === header.cutWord && v.startsWith(word)));
  const out: string[] = [];
  const role = header.role;
  if (role !== null && !known(role, ROLES) && !TOOL_ROLES.some((t) => role.startsWith(t))) out.push(role);
  if (header.channel !== null && !known(header.channel, CHANNELS)) out.push(header.channel);
  if (header.contentType !== null && !known(header.contentType, CONTENT_TYPES)) out.push(header.contentType);
  for (const word of header.displaced) if (!known(word, CONTENT_TYPES)) out.push(word);
  return out;
}
