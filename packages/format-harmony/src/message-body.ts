/**
 * The body parser of every harmony block: reads the messages between the token or marker that
 * opened the block and the token that ended it (`<|end|>`, `<|call|>`, `<|return|>`, the next
 * `<|start|>`, or, for a block opened by `<|channel|>`, the next `<|channel|>`), or the end of
 * the output. Usually that is one message; the JSON guard lets tokens inside a JSON string
 * through (`{"doc": "<|end|>"}`), and a model may skip `<|end|>`, so the reader takes any number.
 *
 * Messages that need no block never get here: the stream engine reads
 * `<|channel|>final<|message|>` and `<|channel|>commentary<|message|>` as tokens to cut out and
 * `<|channel|>analysis<|message|>` as reasoning, so that text and reasoning stream as they come.
 * What does get here is every header with more in it — a recipient (a call), a content type, a
 * role, the recipient before the channel — and the headers a server or model spelled otherwise.
 *
 * Each message goes where architecture/semantics.md says: a recipient makes a call (guarantees 2 and 3), `analysis` is
 * reasoning (§5), anything else is content; header tokens never reach content. Messages are
 * read in one forward pass: every header costs at most MAX_HEADER characters, and the tokens
 * after each content are found with `indexOf('<|')` from where the previous one ended.
 */
import {
  type AnnouncedCall,
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  BRACE_OPEN,
  BRACKET_OPEN,
  findJsonEnd,
  isJsonSpace,
  QUOTE,
  type RawCall,
} from '@toolformat/core/kit';
import { type ArgumentsRead, readBuiltinArguments, readJsonArguments } from './call-arguments.js';
import { type Expect, emptyHeader, type Header, readHeader, strayWords } from './header.js';
import { nextToken, type TokenAt, withoutTokens } from './token-scan.js';
import {
  ANALYSIS,
  CALL,
  CHANNEL,
  END,
  FUNCTIONS_PREFIX,
  MESSAGE,
  RETURN,
  START,
  START_ASSISTANT,
} from './tokens.js';

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

/** The tokens a message starts with. */
const MESSAGE_STARTS: readonly string[] = [START, CHANNEL];

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
        if (nextToken(body, 0) === null) return { calls: [], notMarkup: true };
        const after = nextToken(body, end.at, MESSAGE_STARTS);
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
    const token = nextToken(body, from);
    if (token === null || !call) return token;
    let p = from;
    while (p < token.at && isJsonSpace(body.charCodeAt(p))) p++;
    const c = body.charCodeAt(p);
    let valueEnd: number;
    if (c === BRACE_OPEN || c === BRACKET_OPEN) valueEnd = findJsonEnd(body, p);
    else if (c === QUOTE) valueEnd = stringEnd(body, p);
    else return token;
    // A value the text ends inside holds every token after its start.
    if (valueEnd === -1) return null;
    return valueEnd <= token.at ? token : nextToken(body, valueEnd);
  }

  /**
   * From a token that ended a message: what stands before the next `<|start|>` or `<|channel|>`
   * is text (its tokens cut out); returns that next token, or null at the end of the block.
   */
  private nextMessage(from: number): TokenAt | null {
    const next = nextToken(this.body, from, MESSAGE_STARTS);
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
      const thought = withoutTokens(content).trim();
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
    const text = withoutTokens(content).trim();
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
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === QUOTE) return true;
  return false;
}

/** The tool a message is addressed to, or null when it is not a call. */
function callRecipient(header: Header): string | null {
  const r = header.recipient;
  return r === null || r === '' || NOT_TOOLS.has(r) ? null : r;
}

/** The index after the JSON string that starts at `start`, or -1 when it does not close. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
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
