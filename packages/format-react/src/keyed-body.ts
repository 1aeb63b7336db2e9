/**
 * The family's own syntax: a line-keyed call section and the key-value line.
 *
 * `keyedBody` reads everything from an `Action:` (ReAct) or `✿FUNCTION✿` (Qwen-Agent) to the end of
 * the output, which is where a stop sequence ends it. The section is a run of keys and values
 * (cut by the kit's `KeyedValues`, JSON-aware):
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
 * which is read here too. The key-value line is read in key-value-line.ts.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyParser,
  type BodyResult,
  isNameToken,
  type JsonCallsOptions,
  jsonCallsIssues,
  type KeyedValue,
  KeyedValues,
  type RawCall,
  readJsonCallValues,
  readKeyedArguments,
  skipJsonSpace,
  undecoratedName,
} from '@toolformat/core/kit';

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
  /** How a JSON call list after the action key is read. */
  json: JsonCallsOptions;
}

/** What models write after `Action:` when they mean "no tool" (LangChain agents). */
const NO_ACTION = new Set(['none', 'n/a', 'null', 'no action', 'nothing']);
/** Text after a JSON value up to the next key, less a closing fence: what the model added. */
function leftover(text: string): string {
  let t = text.trim();
  if (t.startsWith('```')) t = t.slice(3).trim();
  return t;
}

interface Pending {
  name: string;
  kind: 'call' | 'none' | 'prose';
  /** The action key and its value `[start, end)`: the raw text, written out only when reported. */
  key: string;
  start: number;
  end: number;
}

/** Numbers a failed input takes in `SectionReader.failed`. */
const FAILED_SLOTS = 11;

class SectionReader {
  readonly calls: RawCall[] = [];
  /**
   * Issues in order; a number stands for a failed input in `failed`, its issue not yet written: a
   * section that yields no call reports only its first reason, so a run of failed inputs builds
   * no message and keeps no object per input (a megabyte of them would be garbage to move).
   */
  private readonly issues: Array<BodyIssue | number> = [];
  /**
   * Failed inputs, FAILED_SLOTS numbers each (see `failInput`): the tool name and the keys as
   * indexes into `strings`, the action's and the input's value, the input's JSON extent and scan
   * state. One typed array, grown by doubling: nothing per input for the collector to move.
   */
  private failed = new Int32Array(FAILED_SLOTS * 16);
  private failedLength = 0;
  /** The tool names and keys of failed inputs, each once, and their indexes. */
  private readonly strings: string[] = [];
  private readonly stringIndex = new Map<string, number>();
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
  action({ key, start, end, jsonStart, jsonEnd, jsonInString, jsonDepth }: KeyedValue<KeyKind>): void {
    this.settle();
    const body = this.body;
    if (jsonStart !== -1) {
      // A value the scan saw close is complete; else it runs to the next key, maybe cut off, and
      // how the scan ended there is passed on: a megabyte that never closes is not scanned again.
      const read = readJsonCallValues(
        body.slice(jsonStart, jsonEnd !== -1 ? jsonEnd : end),
        jsonEnd !== -1 || this.ctx.closed,
        { ...this.scheme.json, trailing: 'leave', maxDepth: this.ctx.options.maxDepth },
        jsonEnd !== -1
          ? undefined
          : {
              inString: jsonInString === true,
              depth: jsonDepth ?? 0,
              failed: jsonInString !== true && !jsonDepth,
            },
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
    const name = undecoratedName(first);
    if (name === '' || NO_ACTION.has(name.toLowerCase())) {
      this.pending = { name, kind: 'none', key, start, end };
    } else if (isNameToken(name)) {
      this.pending = { name, kind: 'call', key, start, end };
      this.trailing(rest);
    } else {
      this.pending = { name, kind: 'prose', key, start, end };
    }
  }

  private rawOf(p: Pending): string {
    return p.key + this.body.slice(p.start, p.end);
  }

  input(v: KeyedValue<KeyKind>): void {
    const pending = this.pending;
    this.pending = null;
    if (pending === null) {
      const raw = v.key + this.body.slice(v.start, v.end);
      this.fail('malformed-call', `an ${v.key.trim()} with no action before it`, raw);
      return;
    }
    if (pending.kind === 'none') return;
    if (pending.kind === 'prose') {
      const raw = v.key + this.body.slice(v.start, v.end);
      const both = `${this.rawOf(pending).trimEnd()}\n${raw.trimEnd()}`;
      this.fail('malformed-call', `${JSON.stringify(pending.name)} is not a tool name`, both);
      return;
    }
    const r = readKeyedArguments(this.body, v, pending.name, this.argumentOptions());
    if (r.ok) {
      this.calls.push({ name: pending.name, arguments: r.arguments });
      this.issues.push(...r.issues);
    } else {
      this.failure ??= `"${pending.name}": ${r.reason}`;
      this.failInput(pending, v);
    }
    // Text after the JSON is reported whether or not the arguments made a call.
    if (v.jsonEnd !== -1) this.trailing(this.body.slice(v.jsonEnd, v.end));
  }

  fail(kind: 'malformed-call' | 'partial-call', reason: string, raw: string): void {
    this.failure ??= reason;
    this.issues.push({ kind, message: `Removed: ${reason}.`, raw: raw.trim() });
  }

  private argumentOptions() {
    const { tools, maxDepth } = this.ctx.options;
    return { tools, maxDepth, label: 'the Action Input' };
  }

  /** Arguments that made no call: kept as positions, their issue written by `failedIssue`. */
  private failInput(pending: Pending, v: KeyedValue<KeyKind>): void {
    const at = this.failedLength;
    if (at + FAILED_SLOTS > this.failed.length) {
      const bigger = new Int32Array(this.failed.length * 2);
      bigger.set(this.failed);
      this.failed = bigger;
    }
    const f = this.failed;
    f[at] = this.indexOf(pending.name);
    f[at + 1] = this.indexOf(pending.key);
    f[at + 2] = pending.start;
    f[at + 3] = pending.end;
    f[at + 4] = this.indexOf(v.key);
    f[at + 5] = v.start;
    f[at + 6] = v.end;
    f[at + 7] = v.jsonStart;
    f[at + 8] = v.jsonEnd;
    f[at + 9] = v.jsonInString === true ? 1 : 0;
    f[at + 10] = v.jsonDepth ?? 0;
    this.failedLength = at + FAILED_SLOTS;
    this.issues.push(at);
  }

  private indexOf(s: string): number {
    let k = this.stringIndex.get(s);
    if (k === undefined) {
      k = this.strings.length;
      this.strings.push(s);
      this.stringIndex.set(s, k);
    }
    return k;
  }

  /**
   * The issue of the failed input at `i` in `failed`: its arguments are read again for the reason
   * (the read is a pure function of the section, the value and the options).
   */
  private failedIssue(i: number): BodyIssue {
    const f = this.failed;
    const name = this.strings[f[i]!]!;
    const pending: Pending = {
      name,
      kind: 'call',
      key: this.strings[f[i + 1]!]!,
      start: f[i + 2]!,
      end: f[i + 3]!,
    };
    const v: KeyedValue<KeyKind> = {
      kind: 'input',
      key: this.strings[f[i + 4]!]!,
      at: -1,
      start: f[i + 5]!,
      end: f[i + 6]!,
      jsonStart: f[i + 7]!,
      jsonEnd: f[i + 8]!,
      jsonInString: f[i + 9] === 1,
      jsonDepth: f[i + 10]!,
    };
    const r = readKeyedArguments(this.body, v, name, this.argumentOptions());
    const kind = r.ok ? 'malformed-call' : r.kind;
    const reason = r.ok ? '' : `"${name}": ${r.reason}`;
    const raw = `${this.rawOf(pending).trimEnd()}\n${(v.key + this.body.slice(v.start, v.end)).trimEnd()}`;
    return { kind, message: `Removed: ${reason}.`, raw: raw.trim() };
  }

  /** Adds an issue after the ones found so far. */
  report(issue: BodyIssue): void {
    this.issues.push(issue);
  }

  /** The issues in order, every one written out. */
  issueList(): BodyIssue[] {
    // A run of inputs failing alike (the same action and input text) shares one issue object: the
    // reading is the same, and the engine copies every issue it reports.
    let last = -1;
    let lastIssue: BodyIssue | null = null;
    return this.issues.map((i) => {
      if (typeof i !== 'number') return i;
      if (lastIssue === null || !this.sameFailure(last, i)) lastIssue = this.failedIssue(i);
      last = i;
      return lastIssue;
    });
  }

  /** Whether the failed inputs at `i` and `j` in `failed` have the same keys and texts. */
  private sameFailure(i: number, j: number): boolean {
    const f = this.failed;
    return (
      f[i] === f[j] &&
      f[i + 1] === f[j + 1] &&
      f[i + 4] === f[j + 4] &&
      sameText(this.body, f[i + 2]!, f[i + 3]!, f[j + 2]!, f[j + 3]!) &&
      sameText(this.body, f[i + 5]!, f[i + 6]!, f[j + 5]!, f[j + 6]!)
    );
  }

  /** The first issue's message, written out. */
  firstMessage(): string | undefined {
    const first = this.issues[0];
    return typeof first === 'number' ? this.failedIssue(first).message : first?.message;
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
    else this.text.push(this.rawOf(p).trim());
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

  /** Calls read so far, the one waiting for its input included. */
  get callCount(): number {
    return this.calls.length + (this.pending?.kind === 'call' ? 1 : 0);
  }
}

/** Whether `s[a, b)` and `s[c, d)` hold the same text. */
function sameText(s: string, a: number, b: number, c: number, d: number): boolean {
  // Two slices compared natively: a loop of charCodeAt over a sliced section is slower.
  return b - a === d - c && s.slice(a, b) === s.slice(c, d);
}

const MADE_UP_RESULT =
  'The model wrote the tool result itself (a made-up observation); it was removed with everything after it.';
const EARLY_ANSWER =
  'The model answered before the tool result came (a final answer after a call); it was removed with everything after it.';

/** The body parser of a line-keyed call section (see the top of this file). */
export function keyedBody(scheme: KeyScheme): BodyParser {
  const entries: Array<[string, KeyKind]> = [];
  for (const kind of ['action', 'input', 'thought', 'observation', 'final'] as const) {
    for (const key of scheme[kind]) entries.push([key, kind]);
  }
  const keys = new KeyedValues(entries, {
    lineStart: scheme.lineStart,
    json: (kind) => (kind === 'action' ? 'objects' : kind === 'input' ? 'value' : undefined),
  });
  return (body: string, ctx: BodyContext): BodyResult => {
    const reader = new SectionReader(body, ctx, scheme);
    let first = true;
    const values = keys.reader(body, ctx.open, 'action');
    for (let v = values.next(); v !== null; v = values.next()) {
      if (!first && reader.callCount >= ctx.options.maxCalls) {
        // More calls than the engine will take: the rest is reported at once, not read call by call.
        reader.settle();
        reader.report({
          kind: 'limit-exceeded',
          message: `More than maxCalls (${ctx.options.maxCalls}) calls; the rest of the section was not read.`,
          raw: body.slice(v.at).trim(),
        });
        break;
      }
      first = false;
      if (v.kind === 'observation') {
        reader.settle();
        reader.cutOff(v.at, MADE_UP_RESULT);
        break;
      }
      if (v.kind === 'final') {
        const called = reader.callCount > 0;
        reader.settle();
        if (called) reader.cutOff(v.at, EARLY_ANSWER);
        else {
          const answer = body.slice(v.start).trim();
          if (answer !== '') reader.text.push(answer);
        }
        break;
      }
      if (v.kind === 'action') reader.action(v);
      else if (v.kind === 'input') reader.input(v);
      else reader.thought(v.start, v.end);
    }
    reader.settle();
    if (reader.calls.length === 0 && reader.text.length === 0 && reader.reasoning.length === 0) {
      // Nothing came of it: one malformed span (its raw text is the whole section), or, for
      // `Action: None`, nothing at all.
      const failure = reader.failure ?? reader.firstMessage();
      return failure !== undefined ? { calls: [], error: failure } : { calls: [], text: '' };
    }
    const result: BodyResult = { calls: reader.calls, issues: reader.issueList() };
    if (reader.reasoning.length > 0) result.reasoning = reader.reasoning.join('\n');
    if (reader.text.length > 0) result.text = reader.text.join('\n');
    if (reader.format !== undefined) result.format = reader.format;
    return result;
  };
}
