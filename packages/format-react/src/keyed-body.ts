/**
 * Reads a line-keyed call section: everything from an `Action:` (ReAct) or `✿FUNCTION✿`
 * (Qwen-Agent) to the end of the output, which is where a stop sequence ends it. The section is
 * a run of keys and values:
 *
 *   Action: NAME / Action Input: VALUE      a call (several pairs: several calls)
 *   Thought: …                              reasoning between calls
 *   Observation: …                          the model made the tool's result up: it and
 *                                           everything after it are cut off and reported
 *   Final Answer: …                         after a call, made up as well (the model cannot know
 *                                           the answer yet): cut off and reported; with no call,
 *                                           the answer (content)
 *
 * Command R writes its call list as JSON right after `Action:` (```` ```json [{"tool_name", …}] ```` ),
 * which is read here too.
 *
 * Cost: keys are found with one MarkerSet cursor (an indexOf walk per key, never rescanning), a
 * JSON value is delimited by one resumable bracket scan that stops at the first key outside its
 * strings, and the search for the next key starts after it: the section is read in linear time,
 * and a key inside a JSON string does not end the value.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyParser,
  type BodyResult,
  JsonValueScanner,
  jsonCallsIssues,
  jsonRepaired,
  MarkerSet,
  type RawCall,
  readJsonCallValues,
  skipJsonSpace,
  unclosedProblem,
} from '@toolformat/core/kit';
import { readActionInput } from './action-input.js';
import { REACT_JSON } from './json-calls.js';

export type KeyKind = 'action' | 'input' | 'thought' | 'observation' | 'final';

export interface KeyScheme {
  action: readonly string[];
  input: readonly string[];
  thought: readonly string[];
  observation: readonly string[];
  final: readonly string[];
  /** Keys count only at the start of a line (ReAct), or anywhere (the ✿ markers). */
  lineStart: boolean;
  /** `ParseResult.format` for calls written as a JSON list after the action key (Command R). */
  jsonFormat?: string;
}

/** What models write after `Action:` when they mean "no tool" (LangChain agents). */
const NO_ACTION = new Set(['none', 'n/a', 'null', 'no action', 'nothing']);
const MAX_NAME = 128;

/** A tool name is one token: letters, digits and `_ - . : /` (MCP and namespaced names). */
export function isToolName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_NAME) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const ok =
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      c === 95 ||
      c === 45 ||
      c === 46 ||
      c === 58 ||
      c === 47 ||
      c > 127;
    if (!ok || (c > 127 && isUnicodeSpace(c))) return false;
  }
  return true;
}

function isUnicodeSpace(c: number): boolean {
  return (
    c === 0xa0 || c === 0x2028 || c === 0x2029 || c === 0x3000 || c === 0xfeff || (c >= 0x2000 && c <= 0x200b)
  );
}

/** `Action: [search]`, `` `search` ``, `**search**`, `search()`, `: search` (✿) → `search`. */
export function cleanName(line: string): string {
  let s = line.trim();
  if (s.startsWith(':')) s = s.slice(1).trim();
  if (s.endsWith('()')) s = s.slice(0, -2);
  let a = 0;
  let b = s.length;
  const wrap = '`"\'*[]';
  while (a < b && wrap.includes(s[a]!)) a++;
  while (b > a && wrap.includes(s[b - 1]!)) b--;
  return s.slice(a, b).trim();
}

/**
 * Where a JSON value starts in the value at `from` (after blanks and an opening ```` ```json ````
 * line), or -1. After an action key only a call list (`[{`) or object counts: `Action: [search]`
 * is a name in brackets.
 */
function jsonStartOf(body: string, from: number, afterAction: boolean): number {
  let p = skipJsonSpace(body, from);
  if (body.startsWith('```', p)) {
    const nl = body.indexOf('\n', p);
    if (nl === -1) return -1;
    p = skipJsonSpace(body, nl + 1);
  }
  const c = body.charCodeAt(p);
  if (c === 123) return p;
  if (c !== 91) return -1;
  if (!afterAction) return p;
  return body.charCodeAt(skipJsonSpace(body, p + 1)) === 123 ? p : -1;
}

/** Text after a JSON value up to the next key, less a closing fence: what the model added. */
function leftover(text: string): string {
  let t = text.trim();
  if (t.startsWith('```')) t = t.slice(3).trim();
  return t;
}

interface Pending {
  name: string;
  raw: string;
  kind: 'call' | 'none' | 'prose';
}

class SectionReader {
  readonly calls: RawCall[] = [];
  readonly issues: BodyIssue[] = [];
  readonly reasoning: string[] = [];
  readonly text: string[] = [];
  format: string | undefined;
  /** Why the first call that did not come out failed: the block's error when none came out. */
  failure: string | undefined;
  private pending: Pending | null = null;

  constructor(
    private readonly body: string,
    private readonly ctx: BodyContext,
    private readonly scheme: KeyScheme,
  ) {}

  /** An action key and its value: a name (a call once its input comes), or Command R's JSON list. */
  action(key: string, start: number, end: number, jsonStart: number, jsonEnd: number): void {
    this.settle();
    const body = this.body;
    if (jsonStart !== -1) {
      // A value the scan saw close is complete; else it runs to the next key, maybe cut off.
      const read = readJsonCallValues(
        body.slice(jsonStart, jsonEnd !== -1 ? jsonEnd : end),
        jsonEnd !== -1 || this.ctx.closed,
        { ...REACT_JSON, trailing: 'leave', maxDepth: this.ctx.options.maxDepth },
      );
      const valueEnd = jsonEnd !== -1 ? jsonEnd : jsonStart + read.end;
      const issues = jsonCallsIssues(read);
      this.calls.push(...read.calls);
      this.issues.push(...issues);
      if (read.calls.length > 0 && this.scheme.jsonFormat) this.format ??= this.scheme.jsonFormat;
      if (read.calls.length === 0 && !read.declined) {
        this.failure ??= read.rejected[0]?.reason ?? 'no call in the action list';
        if (issues.length === 0) this.fail('malformed-call', this.failure, key + body.slice(start, end));
      }
      this.trailing(body.slice(valueEnd, end));
      return;
    }
    const value = body.slice(start, end);
    // The name is the first line with something on it (`Action:\nsearch` happens too).
    const lineEnd = value.indexOf('\n', skipJsonSpace(value, 0));
    const first = lineEnd === -1 ? value : value.slice(0, lineEnd);
    const rest = lineEnd === -1 ? '' : value.slice(lineEnd + 1);
    const name = cleanName(first);
    const raw = key + value;
    if (name === '' || NO_ACTION.has(name.toLowerCase())) {
      this.pending = { name, raw, kind: 'none' };
    } else if (isToolName(name)) {
      this.pending = { name, raw, kind: 'call' };
      this.trailing(rest);
    } else {
      this.pending = { name, raw, kind: 'prose' };
    }
  }

  input(key: string, start: number, end: number, jsonStart: number, jsonEnd: number): void {
    const body = this.body;
    const raw = key + body.slice(start, end);
    const pending = this.pending;
    this.pending = null;
    if (pending === null) {
      this.fail('malformed-call', `an ${key.trim()} with no action before it`, raw);
      return;
    }
    if (pending.kind === 'none') return;
    const both = `${pending.raw.trimEnd()}\n${raw.trimEnd()}`;
    if (pending.kind === 'prose') {
      this.fail('malformed-call', `${JSON.stringify(pending.name)} is not a tool name`, both);
      return;
    }
    const valueText = jsonEnd !== -1 ? body.slice(jsonStart, jsonEnd) : body.slice(start, end);
    const maxDepth = this.ctx.options.maxDepth;
    if (jsonStart !== -1 && jsonEnd === -1) {
      const problem = unclosedProblem(body.slice(0, end), jsonStart, maxDepth);
      if (problem !== null) {
        this.fail(problem.kind, `"${pending.name}": ${problem.reason}`, both);
        return;
      }
    }
    const r = readActionInput(valueText, pending.name, this.ctx.options.tools, maxDepth);
    if (r.ok) {
      this.calls.push({ name: pending.name, arguments: r.arguments });
      if (r.repairs !== undefined) this.issues.push(jsonRepaired(r.repairs, valueText.trim()));
    } else {
      this.fail(r.kind, `"${pending.name}": ${r.reason}`, both);
    }
    if (jsonEnd !== -1) this.trailing(body.slice(jsonEnd, end));
  }

  fail(kind: 'malformed-call' | 'partial-call', reason: string, raw: string): void {
    this.failure ??= reason;
    this.issues.push({ kind, message: `Removed: ${reason}.`, raw: raw.trim() });
  }

  thought(start: number, end: number): void {
    const t = this.body.slice(start, end).trim();
    if (t !== '') this.reasoning.push(t);
  }

  /** An action whose input never came: a call without arguments, or prose that began `Action:`. */
  settle(): void {
    const p = this.pending;
    this.pending = null;
    if (p === null || p.kind === 'none') return;
    if (p.kind === 'call') this.calls.push({ name: p.name, arguments: {} });
    else this.text.push(p.raw.trim());
  }

  /** Text between a call and the next key: not the user's, not a call; reported. */
  trailing(text: string): void {
    const t = leftover(text);
    if (t !== '') {
      this.issues.push({
        kind: 'trailing-text',
        message: 'Text after a call, before the next key, was removed.',
        raw: t,
      });
    }
  }

  /** From a made-up result (or answer) to the end: cut off, reported. */
  cutOff(from: number, why: string): void {
    this.issues.push({ kind: 'trailing-text', message: why, raw: this.body.slice(from).trim() });
  }

  get hasCall(): boolean {
    return this.callCount > 0;
  }

  /** Calls read so far, the one waiting for its input included. */
  get callCount(): number {
    return this.calls.length + (this.pending?.kind === 'call' ? 1 : 0);
  }
}

const MADE_UP_RESULT =
  'The model wrote the tool result itself (a made-up observation); it was removed with everything after it.';
const EARLY_ANSWER =
  'The model answered before the tool result came (a final answer after a call); it was removed with everything after it.';

/** The body parser of a line-keyed call section (see the top of this file). */
export function keyedBody(scheme: KeyScheme): BodyParser {
  const entries: Array<[string, KeyKind]> = [];
  const prefix = scheme.lineStart ? '\n' : '';
  for (const kind of ['action', 'input', 'thought', 'observation', 'final'] as const) {
    for (const key of scheme[kind]) entries.push([prefix + key, kind]);
  }
  const keys = new MarkerSet(entries);
  return (body: string, ctx: BodyContext): BodyResult => {
    const reader = new SectionReader(body, ctx, scheme);
    const cursor = keys.cursor(body);
    let kind: KeyKind = 'action';
    let key = ctx.open;
    let start = 0;
    for (;;) {
      const jsonStart =
        kind === 'action' || kind === 'input' ? jsonStartOf(body, start, kind === 'action') : -1;
      let next = cursor.nextMarker(start);
      let jsonEnd = -1;
      if (jsonStart !== -1) {
        // The value ends where its JSON closes, which may be past a key that stands inside one of
        // its strings; a JSON value still open at a key outside a string ends there. The scanner
        // resumes at every step, so the section is scanned once however it is cut.
        const scanner = new JsonValueScanner();
        for (;;) {
          jsonEnd = scanner.feed(next ? body.slice(0, next.at) : body, jsonStart);
          if (jsonEnd !== -1 || next === null || scanner.failed || !scanner.inString) break;
          next = cursor.nextMarker(next.at + 1);
        }
        if (jsonEnd !== -1) next = cursor.nextMarker(jsonEnd);
      }
      const end = next ? next.at : body.length;
      if (kind === 'action') reader.action(key, start, end, jsonStart, jsonEnd);
      else if (kind === 'input') reader.input(key, start, end, jsonStart, jsonEnd);
      else reader.thought(start, end);
      if (!next) break;
      if (reader.callCount >= ctx.options.maxCalls) {
        // More calls than the engine will take: the rest is reported at once, not read call by call.
        reader.settle();
        reader.issues.push({
          kind: 'limit-exceeded',
          message: `More than maxCalls (${ctx.options.maxCalls}) calls; the rest of the section was not read.`,
          raw: body.slice(next.at).trim(),
        });
        break;
      }
      kind = next.match.value;
      key = next.match.marker.slice(prefix.length);
      start = next.at + next.match.marker.length;
      if (kind === 'observation') {
        reader.settle();
        reader.cutOff(next.at, MADE_UP_RESULT);
        break;
      }
      if (kind === 'final') {
        if (reader.hasCall) {
          reader.settle();
          reader.cutOff(next.at, EARLY_ANSWER);
        } else {
          reader.settle();
          const answer = body.slice(start).trim();
          if (answer !== '') reader.text.push(answer);
        }
        break;
      }
    }
    reader.settle();
    const result: BodyResult = { calls: reader.calls, issues: reader.issues };
    if (reader.reasoning.length > 0) result.reasoning = reader.reasoning.join('\n');
    if (reader.text.length > 0) result.text = reader.text.join('\n');
    if (reader.format !== undefined) result.format = reader.format;
    if (result.calls.length === 0 && result.text === undefined && result.reasoning === undefined) {
      // Nothing came of it: one malformed span (its raw text is the whole section), or, for
      // `Action: None`, nothing at all.
      const first = reader.failure ?? reader.issues[0]?.message;
      return first !== undefined ? { calls: [], error: first } : { calls: [], text: '' };
    }
    return result;
  };
}
