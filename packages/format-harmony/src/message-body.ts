/**
 * Harmony's own syntax, read by the body parser of every harmony block (`readMessages`): the
 * messages between the token or marker that opened the block and the token that ended it
 * (`<|end|>`, `<|call|>`, `<|return|>`, the next `<|start|>`, or, for a block opened by
 * `<|channel|>`, the next `<|channel|>`), or the end of the output. Three parts, in reading order:
 *
 * 1. The header of a message: everything between the token that starts it and `<|message|>`.
 *    It holds the role, the channel, the recipient and the content type, in the orders the model
 *    and the templates write them:
 *
 *      <|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>
 *      <|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>
 *      <|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>
 *
 *    ("The recipient might be defined in the role or channel section of the header", harmony
 *    doc.) A header is one short line of words and tokens; anything else (a newline, a long run of
 *    words) is prose, which matters where a block was opened by `to=functions.` found in plain
 *    text. A forward scan of char codes: every call looks at each character once, and at most
 *    MAX_HEADER of them, so a hostile body cannot make it slow.
 *
 * 2. The arguments of a call: the content of a message addressed to a tool. For the caller's
 *    function tools (`to=functions.NAME`) it is JSON (`<|constrain|>json`), read through the core
 *    JSON ladder. The built-in tools take other content: `python` gets the code itself, so a
 *    built-in's message that is not a JSON object is handed over under one key (README:
 *    built-ins). A call the output ended inside is not a call (architecture/semantics.md,
 *    guarantee 2: never half the arguments): with `<|call|>` being a stop token, servers usually
 *    cut it off, so the end of the output closes a call whose JSON is complete, and only JSON
 *    still open at the end makes a `partial-call` (JSON still open where a token ended the
 *    message is a `malformed-call`). Text after the JSON stays the user's (content), unlike the
 *    kit's `readCallArguments`, which removes it: harmony's message is the model's, not a call slot.
 *
 * 3. The messages of a block. Usually one; the JSON guard lets tokens inside a JSON string
 *    through (`{"doc": "<|end|>"}`), and a model may skip `<|end|>`, so the reader takes any
 *    number. Messages that need no block never get here: the stream engine reads
 *    `<|channel|>final<|message|>` and `<|channel|>commentary<|message|>` as tokens to cut out
 *    and `<|channel|>analysis<|message|>` as reasoning, so that text and reasoning stream as they
 *    come. What does get here is every header with more in it — a recipient (a call), a content
 *    type, a role, the recipient before the channel — and the headers a server or model spelled
 *    otherwise. Each message goes where architecture/semantics.md says: a recipient makes a call
 *    (guarantees 2 and 3), `analysis` is reasoning (§5), anything else is content; header tokens
 *    never reach content. Messages are read in one forward pass: every header costs at most
 *    MAX_HEADER characters, and the tokens after each content are found from where the previous
 *    one ended (the kit's SpecialTokens).
 */
import {
  type AnnouncedCall,
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  BRACE_OPEN,
  BRACKET_OPEN,
  CARRIAGE_RETURN,
  findJsonEnd,
  isJsonSpace,
  isPlainObject,
  isSpaceOrTab,
  jsonRepaired,
  jsonStringEnd,
  LINE_FEED,
  LT,
  PIPE,
  parseJsonLadder,
  QUOTE,
  type RawCall,
  SPACE,
  TAB,
  type TokenAt,
} from '@toolformat/core/kit';
import {
  ALL_TOKENS,
  ANALYSIS,
  BOUNDARIES,
  CALL,
  CHANNEL,
  CONSTRAIN,
  END,
  FUNCTIONS_PREFIX,
  HEADER_TOKENS,
  MESSAGE,
  MESSAGE_STARTS,
  RETURN,
  START,
  START_ASSISTANT,
} from './tokens.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

// ---------------------------------------------------------------------------------------------
// 1. The header
// ---------------------------------------------------------------------------------------------

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
    const c = charCodeAt.call(text, p);
    if (c === SPACE || c === TAB || c === LINE_FEED || c === CARRIAGE_RETURN) break;
    if (c === LT && charCodeAt.call(text, p + 1) === PIPE) break;
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
    while (p < limit && isSpaceOrTab(charCodeAt.call(text, p))) p++;
    if (p >= n) return { kind: 'end' };
    if (p >= limit) return { kind: 'invalid', at: pos };
    const c = charCodeAt.call(text, p);
    if (c === LINE_FEED || c === CARRIAGE_RETURN) return { kind: 'invalid', at: p };
    if (c === LT && charCodeAt.call(text, p + 1) === PIPE) {
      if (text.startsWith(MESSAGE, p)) {
        header.marked = true;
        return { kind: 'message', contentStart: p + MESSAGE.length };
      }
      const channel = text.startsWith(CHANNEL, p);
      if (channel && header.channel !== null) return { kind: 'next', at: p };
      if (!channel && !text.startsWith(CONSTRAIN, p)) {
        // Another token, or the start of one the text ends inside.
        if (HEADER_TOKENS.partialAt(text, p)) return { kind: 'end' };
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
    while (next < limit && isSpaceOrTab(charCodeAt.call(text, next))) next++;
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
    if (charCodeAt.call(text, q) === SPACE) q++;
    if (charCodeAt.call(text, q) === BRACE_OPEN) return { type, at: q };
  }
  return null;
}

function setContentType(header: Header, word: string): void {
  if (header.contentType !== null) header.displaced.push(header.contentType);
  header.contentType = word;
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

// ---------------------------------------------------------------------------------------------
// 2. The arguments of a call
// ---------------------------------------------------------------------------------------------

export type ArgumentsRead =
  | {
      ok: true;
      arguments: unknown;
      issues: BodyIssue[];
      /** Text after the JSON value (nothing is lost: it goes to content). */
      rest?: string;
      /** The message was strict JSON with only blanks around it (no string of it is open). */
      strict?: boolean;
    }
  | { ok: false; kind: 'partial-call' | 'malformed-call'; reason: string };

export interface ArgumentsContext {
  /** False when the output ended inside this message (no `<|call|>`, `<|end|>` … after it). */
  closed: boolean;
  /** Deepest nesting accepted (ParseOptions.maxDepth). */
  maxDepth: number;
}

/** The key a built-in tool's non-JSON message goes under: `python` runs code, others get input. */
export function builtinArgumentKey(recipient: string): string {
  return recipient === 'python' ? 'code' : 'input';
}

/** Arguments of a call to one of the caller's function tools: JSON. */
export function readJsonArguments(content: string, ctx: ArgumentsContext): ArgumentsRead {
  const text = content.trim();
  if (text === '') {
    // `<|message|><|call|>`: a call without arguments. Cut off right after the header: not yet.
    return ctx.closed
      ? { ok: true, arguments: {}, issues: [] }
      : { ok: false, kind: 'partial-call', reason: 'the output ended before the arguments' };
  }
  const options = { maxDepth: ctx.maxDepth };
  const whole = parseJsonLadder(text, options);
  // Strict JSON is complete JSON: the usual case costs one JSON.parse.
  if (whole.ok && whole.repaired === null) {
    const read = asObject(whole.value, [], ctx.maxDepth);
    if (read.ok) read.strict = true;
    return read;
  }
  const first = charCodeAt.call(text, 0);
  const container = first === BRACE_OPEN || first === BRACKET_OPEN;
  const end = container ? findJsonEnd(text, 0) : -1;
  // JSON that never closes is half a call, not a call: the repairs would close it. (Cut off by
  // the end of the output, the usual case, or ended by a token: both are reported.)
  if ((container && end === -1) || (first === QUOTE && jsonStringEnd(text, 0) === -1)) {
    return ctx.closed
      ? { ok: false, kind: 'malformed-call', reason: 'the message ended before its JSON closed' }
      : { ok: false, kind: 'partial-call', reason: 'the output ended inside the arguments' };
  }
  if (whole.ok) return asObject(whole.value, repairIssues(whole, text), ctx.maxDepth);
  if (end !== -1 && end < text.length) {
    // `{…} and some words`: the value is the arguments, the words stay the user's.
    const value = text.slice(0, end);
    const parsed = parseJsonLadder(value, options);
    if (parsed.ok) {
      const rest = text.slice(end);
      const read = asObject(parsed.value, repairIssues(parsed, value), ctx.maxDepth);
      if (!read.ok) return read;
      read.issues.push({
        kind: 'trailing-text',
        message: 'Text after the arguments was kept as content.',
        raw: rest,
      });
      return { ...read, rest };
    }
  }
  return { ok: false, kind: 'malformed-call', reason: `the arguments are not JSON (${whole.error})` };
}

/**
 * Arguments of a call to a built-in tool (`python`, `browser.search`, `container.exec`): a JSON
 * object when the message is one, else the message itself under `builtinArgumentKey`.
 */
export function readBuiltinArguments(
  recipient: string,
  content: string,
  ctx: ArgumentsContext,
): ArgumentsRead {
  const text = content.trim();
  if (charCodeAt.call(text, 0) === BRACE_OPEN) {
    const json = readJsonArguments(content, ctx);
    if (json.ok) return json;
    // An object that never closes is half a call; one that closes and is no JSON is code.
    if (findJsonEnd(text, 0) === -1) return json;
  }
  if (text === '' && !ctx.closed) {
    return { ok: false, kind: 'partial-call', reason: 'the output ended before the message to the tool' };
  }
  const args: Record<string, unknown> = {};
  args[builtinArgumentKey(recipient)] = content;
  return { ok: true, arguments: args, issues: [] };
}

/**
 * Arguments are an object (architecture/semantics.md, guarantee 2): a JSON string holding one is unwrapped once, `null`
 * is no arguments, and anything else (`42`, a list) is not a call.
 */
function asObject(value: unknown, issues: BodyIssue[], maxDepth: number): ArgumentsRead {
  if (isPlainObject(value)) return { ok: true, arguments: value, issues };
  if (value === null) return { ok: true, arguments: {}, issues };
  if (typeof value === 'string') {
    const inner = parseJsonLadder(value, { maxDepth });
    if (inner.ok && isPlainObject(inner.value))
      return { ok: true, arguments: inner.value, issues: [...issues, ...repairIssues(inner, value)] };
  }
  const kind = Array.isArray(value) ? 'a list' : `a ${typeof value}`;
  return { ok: false, kind: 'malformed-call', reason: `the arguments are ${kind}, not a JSON object` };
}

/** The `json-repaired` issue of a value the ladder repaired, if it did. */
function repairIssues(
  parsed: { repaired: null | 'json5' | 'repair'; repairs: string[] },
  raw: string,
): BodyIssue[] {
  return parsed.repaired === null ? [] : [jsonRepaired(parsed.repairs, raw)];
}

// ---------------------------------------------------------------------------------------------
// 3. The messages of a block
// ---------------------------------------------------------------------------------------------

/** Recipients that are not tools: the roles a message can be addressed to. */
const NOT_TOOLS: ReadonlySet<string> = new Set(['assistant', 'user', 'system', 'developer', 'all']);

/** Content types a template may glue to the recipient's name. */
const GLUED_TYPES: readonly string[] = ['<|constrain|>json', 'json', 'code'];

/** The open marker of a block that starts with the recipient: `<|start|>assistant to=`. */
export const START_ASSISTANT_TO = `${START_ASSISTANT} to=`;

/**
 * The recipient written first, by a server that cut `<|start|>assistant` off the output
 * (` to=functions.get_weather<|channel|>commentary …`, ` to=python<|channel|>analysis …`).
 */
export const RECIPIENT_FIRST = 'to=';

/**
 * A server that strips special tokens turns `<|start|>assistant<|channel|>commentary
 * to=functions.x <|constrain|>json<|message|>{…}` into `assistantcommentary to=functions.x
 * json{…}`: the channel word glued before ` to=` opens the call; only a header that ends in
 * `json{` (or `code{`) makes it one (readHeader), anything else is prose.
 */
export const STRIPPED_CHANNEL_TO: readonly string[] = ['commentary to=', 'analysis to='];

/** How a message of a block starts, from the token or marker before its header. */
interface Opening {
  expect: Expect;
  role: string | null;
  /** Opened by `to=` found in text: prose may write that, so a header without a token is prose. */
  proseAble: boolean;
}

const AFTER_CHANNEL: Opening = { expect: 'channel', role: null, proseAble: false };
const AFTER_START: Opening = { expect: 'role', role: null, proseAble: false };

/**
 * The recipient written first after the token that ended the previous message, by the same server
 * (`<|end|> to=functions.get_weather<|channel|>commentary json<|message|>…`): a token stands
 * before it, so it is markup, not prose.
 */
export const RECIPIENT_AFTER_END: readonly string[] = [END, CALL, RETURN].map((t) => `${t} to=`);

function openingOf(open: string): Opening {
  if (open === START) return AFTER_START;
  if (open === START_ASSISTANT_TO || RECIPIENT_AFTER_END.includes(open))
    return { expect: 'recipient', role: 'assistant', proseAble: false };
  if (open === RECIPIENT_FIRST || STRIPPED_CHANNEL_TO.includes(open))
    return { expect: 'recipient', role: null, proseAble: true };
  return AFTER_CHANNEL;
}

class BlockReader {
  private readonly calls: RawCall[] = [];
  private readonly issues: BodyIssue[] = [];
  private readonly text: string[] = [];
  private readonly reasoning: string[] = [];
  /** The block is one call whose arguments were strict JSON, after a header with no quote. */
  private noOpenString = false;
  /** Where the raw text of the message being read starts, and whether it is the block's first. */
  private rawStart = 0;
  private rawFirst = true;

  constructor(
    private readonly open: string,
    private readonly body: string,
    private readonly ctx: BodyContext,
  ) {}

  read(): BodyResult {
    const body = this.body;
    const n = body.length;
    let opening = openingOf(this.open);
    let pos = 0;
    for (;;) {
      const header = emptyHeader();
      header.role = opening.role;
      header.marked = !opening.proseAble;
      const end = readHeader(body, pos, opening.expect, header);
      let next: TokenAt | null;
      if (end.kind === 'message') {
        const recipient = callRecipient(header);
        const stop = this.contentEnd(end.contentStart, recipient !== null);
        const contentEnd = stop === null ? n : stop.at;
        const content = body.slice(end.contentStart, contentEnd);
        this.message(header, recipient, content, stop !== null || this.ctx.closed, contentEnd);
        if (!this.rawFirst || stop !== null || hasQuote(body, end.contentStart)) this.noOpenString = false;
        next = stop === null ? null : this.nextMessage(stop.at);
      } else if (end.kind === 'next') {
        // A header with no message, and then the next message.
        this.headerOnly(header, true, end.at);
        next = { at: end.at, token: CHANNEL };
      } else if (end.kind === 'end') {
        // `to=functions.x` and no token up to the end: prose, not markup.
        if (!header.marked && opening.proseAble) return { calls: [], notMarkup: true };
        this.headerOnly(header, this.ctx.closed, n);
        next = null;
      } else if (opening.proseAble) {
        // `to=` at the start of a line, and then prose: the user's words, up to the next message.
        if (BOUNDARIES.next(body, 0) === null) return { calls: [], notMarkup: true };
        const after = MESSAGE_STARTS.next(body, end.at);
        this.pushText(this.open + body.slice(0, after === null ? n : after.at));
        next = after;
      } else {
        // Not a header after a token: the token goes, the words stay (nothing is lost).
        next = this.nextMessage(pos);
      }
      if (next === null) break;
      this.rawStart = next.at;
      this.rawFirst = false;
      pos = next.at + next.token.length;
      opening = next.token === START ? AFTER_START : AFTER_CHANNEL;
    }
    return this.result();
  }

  /**
   * Where a message's content ends: at the first token after it, but for a call not at one
   * inside its JSON arguments (the guard lets `{"doc": "<|end|>"}` through; the text is theirs).
   */
  private contentEnd(from: number, call: boolean): TokenAt | null {
    const body = this.body;
    const token = BOUNDARIES.next(body, from);
    if (token === null || !call) return token;
    let p = from;
    while (p < token.at && isJsonSpace(charCodeAt.call(body, p))) p++;
    const c = charCodeAt.call(body, p);
    let valueEnd: number;
    if (c === BRACE_OPEN || c === BRACKET_OPEN) valueEnd = findJsonEnd(body, p);
    else if (c === QUOTE) valueEnd = jsonStringEnd(body, p);
    else return token;
    // A value the text ends inside holds every token after its start.
    if (valueEnd === -1) return null;
    return valueEnd <= token.at ? token : BOUNDARIES.next(body, valueEnd);
  }

  /**
   * From a token that ended a message: what stands before the next `<|start|>` or `<|channel|>`
   * is text (its tokens cut out); returns that next token, or null at the end of the block.
   */
  private nextMessage(from: number): TokenAt | null {
    const next = MESSAGE_STARTS.next(this.body, from);
    this.pushText(this.body.slice(from, next === null ? this.body.length : next.at));
    return next;
  }

  /** The raw text of the message being read, up to `to`: for issues, built only for them. */
  private rawTo(to: number): string {
    return (this.rawFirst ? this.open : '') + this.body.slice(this.rawStart, to);
  }

  private message(
    header: Header,
    recipient: string | null,
    content: string,
    closed: boolean,
    rawEnd: number,
  ): void {
    this.pushStray(header, false);
    if (recipient !== null) {
      this.call(recipient, content, closed, rawEnd);
      return;
    }
    if (header.channel === ANALYSIS) {
      const thought = ALL_TOKENS.remove(content).trim();
      if (thought !== '') this.reasoning.push(thought);
      return;
    }
    // `final`, a `commentary` preamble, a channel the format does not know, another role's text.
    this.pushText(content);
  }

  private call(recipient: string, content: string, closed: boolean, rawEnd: number): void {
    const name = this.nameOf(recipient);
    if (name === '') {
      this.reject('malformed-call', `the recipient "${recipient}" names no tool`, rawEnd);
      return;
    }
    const ctx = { closed, maxDepth: this.ctx.options.maxDepth };
    const read: ArgumentsRead = recipient.startsWith(FUNCTIONS_PREFIX)
      ? readJsonArguments(content, ctx)
      : readBuiltinArguments(recipient, content, ctx);
    if (!read.ok) {
      this.reject(read.kind, `${read.reason} (a call to "${name}")`, rawEnd);
      return;
    }
    this.calls.push({ name, arguments: read.arguments });
    this.noOpenString = read.strict === true;
    this.issues.push(...read.issues);
    if (read.rest !== undefined) this.pushText(read.rest);
  }

  /**
   * `functions.get_weather` calls `get_weather`; a built-in keeps its name as written
   * (`browser.search`, `python`). A tool declared with the full name keeps it.
   */
  private nameOf(recipient: string): string {
    if (!recipient.startsWith(FUNCTIONS_PREFIX)) return recipient;
    const name = recipient.slice(FUNCTIONS_PREFIX.length);
    const tools = this.ctx.options.tools;
    if (tools && !tools.has(name)) {
      if (tools.has(recipient)) return recipient;
      // The content type glued to the name (`to=functions.shelljson`, a template that dropped the
      // blank before `json`): the declared tool is the name without it.
      for (const type of GLUED_TYPES) {
        if (name.length > type.length && name.endsWith(type) && tools.has(name.slice(0, -type.length)))
          return name.slice(0, -type.length);
      }
    }
    return name;
  }

  /** A header the output or the block ended in before `<|message|>`. */
  private headerOnly(header: Header, closed: boolean, rawEnd: number): void {
    const recipient = callRecipient(header);
    // A header alone says nothing to the user: it is cut out, but for words that are not its.
    if (recipient === null) {
      this.pushStray(header, !closed);
      return;
    }
    const name = this.nameOf(recipient);
    if (closed) this.reject('malformed-call', `the call to "${name}" has no ${MESSAGE}`, rawEnd);
    else this.reject('partial-call', `the output ended inside the header of the call to "${name}"`, rawEnd);
  }

  /** A span that looked like a call and is not one: reported with its raw text (architecture/semantics.md, guarantee 1). */
  private reject(kind: 'partial-call' | 'malformed-call', reason: string, rawEnd: number): void {
    const keep = this.ctx.options.onMalformed === 'keep';
    const raw = this.rawTo(rawEnd);
    this.issues.push({ kind, message: `${keep ? 'Kept as text' : 'Removed'}: ${reason}.`, raw });
    if (keep) this.text.push(raw);
  }

  private pushStray(header: Header, cut: boolean): void {
    const stray = strayWords(header, cut);
    if (stray.length > 0) this.pushText(stray.join(' '));
  }

  private pushText(content: string): void {
    const text = ALL_TOKENS.remove(content).trim();
    if (text !== '') this.text.push(text);
  }

  private result(): BodyResult {
    const result: BodyResult = { calls: this.calls, issues: this.issues };
    // What the JSON guard would find by scanning the body: no string is open at its end (the
    // body is a quote-free header and strict JSON), so the engine need not scan it.
    if (this.noOpenString && this.calls.length === 1 && this.issues.length === 0) result.strictJson = true;
    // Messages of one block are apart in the output: a line apart in content and reasoning.
    if (this.text.length > 0) result.text = this.text.join('\n');
    if (this.reasoning.length > 0) result.reasoning = this.reasoning.join('\n');
    // Markup with nothing in it for the user (a header cut off by the end) is cut out quietly.
    if (this.calls.length === 0 && result.text === undefined && result.reasoning === undefined)
      result.text = '';
    return result;
  }
}

/** A `"` before `end` (a header is at most MAX_HEADER long: the walk is short). */
function hasQuote(text: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (charCodeAt.call(text, i) === QUOTE) return true;
  return false;
}

/** The tool a message is addressed to, or null when it is not a call. */
function callRecipient(header: Header): string | null {
  const r = header.recipient;
  return r === null || r === '' || NOT_TOOLS.has(r) ? null : r;
}

/**
 * The block's first message while it is still arriving, for the engine's early announcement:
 * once its header has ended (`<|message|>`) and addresses a function (`to=functions.NAME`), the
 * call's name, with its arguments from the content's start, so that they stream as they arrive.
 * Every longer prefix gives the same answer: the header is complete. (Built-in tools take
 * arguments that need not be JSON; they come whole, with the call.)
 */
export function announceMessage(prefix: string, open: string): AnnouncedCall | null {
  const opening = openingOf(open);
  const header = emptyHeader();
  header.role = opening.role;
  header.marked = !opening.proseAble;
  const end = readHeader(prefix, 0, opening.expect, header);
  if (end.kind !== 'message') return null;
  const recipient = callRecipient(header);
  if (recipient === null || !recipient.startsWith(FUNCTIONS_PREFIX)) return null;
  const name = recipient.slice(FUNCTIONS_PREFIX.length);
  return name === '' ? null : { name, arguments: { from: end.contentStart } };
}

/** The body parser the blocks of markup.ts run. */
export function readMessages(body: string, ctx: BodyContext): BodyResult {
  return new BlockReader(ctx.open, body, ctx).read();
}
