/**
 * The format a model writes, read from its Jinja chat template (architecture/router-and-plugins.md,
 * "From a chat template"). The template is rendered with a probe conversation (a user message, an
 * assistant turn calling a probe tool, the tool's result, tools declared); the format whose parser
 * reads the rendered assistant turn back as exactly the probe call wins. Formats that share a
 * parser (hermes and hermes:qwen read the same `<tool_call>` blocks) are told apart by how closely
 * their own renderers and prompt reproduce the template's text. A template that does not render
 * (or renders no call) is read through the Jinja parser's AST: the string literals it writes must
 * hold a format's markers.
 *
 * A separate entry (`@toolformat/core/template`) so that the Jinja engine stays out of a bundle that
 * only parses; `Router.forTemplate` loads this module on first use.
 */
import { Environment, Interpreter, Template } from '@huggingface/jinja';
import type { ToolFormatHandler } from './handler.js';
import type { Router } from './router.js';
import type { ToolCall } from './schemas.js';
import { normalizeTools } from './tools.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface TemplateCandidate {
  /** The handler id (`hermes:qwen`). */
  id: string;
  /** 0..1 per part: the probe call read back, the template's call/result/prompt text reproduced. */
  score: number;
}

export interface TemplateResolution {
  /** The plugin id, or null: the template writes no tool-call markup a registered format reads. */
  format: string | null;
  variant?: string;
  handler: ToolFormatHandler | null;
  /** `render`: a format read the rendered probe call back; `markers`: the template did not render, its literals hold the markers. */
  method: 'render' | 'markers' | 'none';
  /** Why, in a sentence (what `toolformat detect --template` prints). */
  reason: string;
  /** The rendered assistant turn the formats were asked to read (method `render`). */
  rendered?: string;
  /** Every format that read the probe call back (or matched by markers), best first. */
  candidates: TemplateCandidate[];
}

/** A template larger than this is refused: real chat templates are under 30 KB. */
export const MAX_TEMPLATE_CHARS = 256 * 1024;
/** A render larger than this is not a chat turn (a loop gone wide); it counts as a failed render. */
const MAX_RENDER_CHARS = 512 * 1024;

const PROBE_NAME = 'get_probe_weather';
const PROBE_ARGS = { location: 'Paris', days: 3 };
const PROBE_RESULT = '{"probe_temperature": 21}';
const PROBE_ID = 'a1b2c3d4e'; // nine alphanumerics: Mistral templates demand that shape
const KIMI_PROBE_ID = `functions.${PROBE_NAME}:0`;
const PROBE_TOOLS = [
  {
    type: 'function' as const,
    function: {
      name: PROBE_NAME,
      description: 'Get the weather forecast for a location.',
      parameters: {
        type: 'object',
        properties: {
          location: { type: 'string', description: 'The city.' },
          days: { type: 'integer', description: 'How many days.' },
        },
        required: ['location', 'days'],
      },
    },
  },
];
const PROBE_CALL: ToolCall = { id: PROBE_ID, name: PROBE_NAME, arguments: PROBE_ARGS };

/** Picks the format (and variant) a chat template writes; `format: null` when none reads it. */
export function resolveTemplate(router: Router, source: string): TemplateResolution {
  if (typeof source !== 'string' || source.length === 0) return none('the template is empty.', undefined);
  if (source.length > MAX_TEMPLATE_CHARS)
    return none(`the template is longer than ${MAX_TEMPLATE_CHARS} characters.`, undefined);
  let template: Template;
  try {
    template = new Template(source);
  } catch (error) {
    return none(`the template does not parse as Jinja: ${message(error)}.`, undefined);
  }
  const handlers = candidates(router);
  let probes = renderProbes(template, PROBE_ID);
  // Kimi templates write the call id as the call's name (`functions.NAME:0`): a second probe.
  if (probes.length === 0 || !probes.some((p) => handlers.some((h) => scoreRendered(h, p) !== null)))
    probes = [...probes, ...renderProbes(template, KIMI_PROBE_ID)];
  if (probes.length > 0) {
    // Each handler is scored on each rendering of the probe (arguments as an object, as a JSON
    // string) and keeps its best.
    const scored = handlers
      .map((h) => {
        let best: { score: number; probe: Probe } | null = null;
        for (const probe of probes) {
          const score = scoreRendered(h, probe);
          if (score !== null && (!best || score > best.score)) best = { score, probe };
        }
        return best && { handler: h, ...best };
      })
      .filter((c): c is { handler: ToolFormatHandler; score: number; probe: Probe } => c !== null)
      .sort((a, b) => b.score - a.score || specificity(a.handler) - specificity(b.handler));
    const best = scored[0];
    if (best) {
      return {
        ...split(best.handler),
        handler: best.handler,
        method: 'render',
        reason: `${best.handler.id} read the rendered probe call back exactly (${PROBE_NAME}(${JSON.stringify(PROBE_ARGS)}))${
          scored.length > 1
            ? `; ${scored.length - 1} other format(s) did too and reproduced the template's text less closely (${scored
                .slice(1, 4)
                .map((c) => c.handler.id)
                .join(', ')})`
            : ''
        }.`,
        rendered: best.probe.turn,
        candidates: scored.map((c) => ({ id: c.handler.id, score: round(c.score) })),
      };
    }
    // The template renders, but not the call (it declares the markup in its prompt text only,
    // or never writes past calls): its literals decide, as for a template that does not render.
    const byMarkers = resolveByMarkers(template, handlers, 'the template renders no probe call');
    if (byMarkers) return byMarkers;
    return none(
      `no registered format reads the rendered probe call back (the template writes no tool-call markup toolformat knows).`,
      probes[0]!.turn,
    );
  }
  // The template did not render the probe (it demands something the probe lacks): its string
  // literals, from the Jinja parser's AST, must hold every marker of a format's call markup.
  const byMarkers = resolveByMarkers(
    template,
    handlers,
    'the template did not render the probe conversation',
  );
  if (byMarkers) return byMarkers;
  return none(
    'the template did not render the probe conversation and its literals hold no format’s call markers.',
    undefined,
  );
}

function resolveByMarkers(
  template: Template,
  handlers: ToolFormatHandler[],
  why: string,
): TemplateResolution | null {
  const literals = stringLiterals(template.parsed);
  const scored = handlers
    .map((h) => ({ handler: h, score: scoreMarkers(h, literals) }))
    .filter((c): c is { handler: ToolFormatHandler; score: number } => c.score !== null)
    .sort((a, b) => b.score - a.score || specificity(a.handler) - specificity(b.handler));
  const best = scored[0];
  if (!best) return null;
  return {
    ...split(best.handler),
    handler: best.handler,
    method: 'markers',
    reason: `${why}; its string literals hold every marker of ${best.handler.id}'s call markup.`,
    candidates: scored.map((c) => ({ id: c.handler.id, score: round(c.score) })),
  };
}

interface Probe {
  /** The assistant turn with the probe call, as the template writes it. */
  turn: string;
  /** The prompt up to the assistant turn (system part with the tools declared). */
  prompt: string;
  /** The rest after the turn: the tool result as the template feeds it back. */
  after: string;
}

/**
 * Renders the conversation without and with the assistant's call turn; what the second adds is
 * the turn. Arguments go in as an object, then as a JSON string (DeepSeek and Functionary
 * templates concatenate them as text).
 */
function renderProbes(template: Template, callId: string): Probe[] {
  const out: Probe[] = [];
  for (const [argsAsString, content] of [
    [false, null],
    [true, null],
    [false, ''],
    [true, ''],
  ] as const) {
    const user = { role: 'user', content: 'What is the weather in Paris for the next 3 days?' };
    const assistant = {
      role: 'assistant',
      // null first: many templates write the calls only when `content is none`.
      content,
      tool_calls: [
        {
          id: callId,
          type: 'function',
          function: { name: PROBE_NAME, arguments: argsAsString ? JSON.stringify(PROBE_ARGS) : PROBE_ARGS },
        },
      ],
    };
    const tool = { role: 'tool', tool_call_id: callId, name: PROBE_NAME, content: PROBE_RESULT };
    const prompt = render(template, [user], true);
    if (prompt === null) continue;
    // The call turn as the last message, and followed by its result (some templates write calls
    // only before a result; some quote the result, so it is found by its key, not its text).
    const alone = render(template, [user, assistant], false);
    if (alone !== null) {
      const turn = alone.slice(turnStart(prompt, alone));
      if (turn.trim() !== '') out.push({ turn, prompt, after: '' });
    }
    const full = render(template, [user, assistant, tool], false);
    if (full === null) continue;
    const rest = full.slice(turnStart(prompt, full));
    const at = rest.indexOf('probe_temperature');
    const turn = at === -1 ? rest : rest.slice(0, at).replace(/[{"\\\s]+$/, '');
    if (turn.trim() === '') continue;
    // The turn and what follows it are the whole rest: the result wrapper is compared with its
    // opening text (`<tool_response>\n{"`), not with the result's key alone.
    out.push({ turn, prompt, after: at === -1 ? '' : rest.slice(turn.length) });
  }
  return out;
}

/**
 * Renders a chat template with these variables (`messages`, `tools`, `add_generation_prompt`, …)
 * the way `resolveTemplate` renders its probe: `@huggingface/jinja` with the Python-Jinja
 * behaviours chat templates use, `raise_exception` and `strftime_now` (a fixed date) defined.
 * Throws on a template error. For tests that compare a format's renderers with a model's template.
 */
export function renderChatTemplate(source: string, variables: Record<string, unknown>): string {
  const env = new Environment();
  for (const [k, v] of Object.entries({ ...baseGlobals(), ...variables })) env.set(k, v);
  return probeInterpreter(env).run(new Template(source).parsed).value as string;
}

function baseGlobals(): Record<string, unknown> {
  return {
    false: false,
    true: true,
    none: null,
    False: false,
    True: true,
    None: null,
    raise_exception: (text: unknown) => {
      throw new Error(String(text));
    },
    range,
    // A fixed date: the probe's render must not depend on the day it runs.
    strftime_now: strftimeProbe,
    bos_token: '',
    eos_token: '',
  };
}

function render(template: Template, messages: unknown[], addGenerationPrompt: boolean): string | null {
  try {
    const env = new Environment();
    const globals: Record<string, unknown> = {
      ...baseGlobals(),
      messages,
      tools: PROBE_TOOLS,
      add_generation_prompt: addGenerationPrompt,
      // Variables some templates expect from their serving code.
      date_string: '26 Jul 2024',
      datetime: '2024-07-26',
      functions: JSON.stringify(
        PROBE_TOOLS.map((t) => t.function),
        null,
        4,
      ),
      tools_in_user_message: false,
      builtin_tools: [],
    };
    for (const [k, v] of Object.entries(globals)) env.set(k, v);
    const out = probeInterpreter(env).run(template.parsed).value as string;
    return out.length > MAX_RENDER_CHARS ? null : out;
  } catch {
    // raise_exception, a missing attribute, a recursion too deep: the probe does not render.
    return null;
  }
}

/** `strftime` at a fixed moment, Friday 26 July 2024 12:00:00 (Hunyuan maps `%A` to a name). */
function strftimeProbe(format: unknown): string {
  const parts: Record<string, string> = {
    Y: '2024',
    y: '24',
    m: '07',
    d: '26',
    H: '12',
    M: '00',
    S: '00',
    A: 'Friday',
    a: 'Fri',
    B: 'July',
    b: 'Jul',
    '%': '%',
  };
  return String(format).replace(/%([A-Za-z%])/g, (m, c: string) => parts[c] ?? m);
}

function range(start: number, stop?: number, step = 1): number[] {
  const [from, to] = stop === undefined ? [0, start] : [start, stop];
  const out: number[] = [];
  if (step === 0) throw new Error('range() step must not be zero');
  for (let i = from; step > 0 ? i < to : i > to; i += step) out.push(i);
  return out;
}

/** A runtime value of the Jinja engine (its classes are not exported; only the shape is used). */
interface RuntimeValue {
  type: string;
  value: unknown;
  toString(): string;
}
type Node = { type: string; [key: string]: unknown };

/** A JavaScript value as the Jinja engine's runtime value. */
function toRuntime(value: unknown): RuntimeValue {
  const env = new Environment();
  env.set('v', value);
  return env.lookupVariable('v') as unknown as RuntimeValue;
}

function toPlain(v: RuntimeValue): unknown {
  if (v.type === 'ArrayValue') return (v.value as RuntimeValue[]).map(toPlain);
  if (v.type === 'ObjectValue' && v.value instanceof Map)
    return Object.fromEntries([...v.value].map(([k, x]) => [k, toPlain(x as RuntimeValue)]));
  if (v.type === 'UndefinedValue') return undefined;
  return v.value;
}

/**
 * The engine, with the few Python-Jinja behaviours real chat templates use that it lacks: list
 * methods (`ns.ids.append(x)`, `.pop()`), the `reject`/`select`/`format` filters, `~` over an
 * undefined name (an empty string), a loop over a string (its characters), and a mapping that
 * `is iterable`. Only the probe
 * render uses it.
 */
function probeInterpreter(env: Environment): Interpreter {
  const interp = new Interpreter(env);
  // The engine's methods are private in its types; the probe's own versions wrap them per instance.
  const base = Interpreter.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const evaluate = (n: unknown, environment: unknown) =>
    interp.evaluate(n as never, environment as never) as unknown as RuntimeValue;
  const methods = {
    evaluateCallExpression(expr: unknown, environment: unknown): unknown {
      const e = expr as unknown as Node;
      const callee = e.callee as Node;
      if (callee.type === 'MemberExpression' && !(callee.computed as boolean)) {
        const name = (callee.property as Node).value;
        if (name === 'append' || name === 'pop' || name === 'extend' || name === 'insert') {
          const target = evaluate(callee.object, environment);
          if (target.type === 'ArrayValue') {
            const list = target.value as RuntimeValue[];
            const args = (e.args as Node[]).map((a) => evaluate(a, environment));
            if (name === 'append') list.push(args[0] ?? toRuntime(null));
            else if (name === 'extend') list.push(...((args[0]?.value as RuntimeValue[]) ?? []));
            else if (name === 'insert') list.splice(Number(args[0]?.value), 0, args[1] ?? toRuntime(null));
            else {
              const at = args[0] === undefined ? list.length - 1 : Number(args[0].value);
              const [removed] = list.splice(at < 0 ? list.length + at : at, 1);
              return removed ?? toRuntime(null);
            }
            return toRuntime(null);
          }
        }
      }
      return base.evaluateCallExpression!.call(interp, expr, environment);
    },

    applyFilter(operand: unknown, filterNode: unknown, environment: unknown): unknown {
      const value = operand as unknown as RuntimeValue;
      const filter = filterNode as unknown as Node;
      const named =
        filter.type === 'Identifier'
          ? filter
          : filter.type === 'CallExpression'
            ? (filter.callee as Node)
            : null;
      const name = named?.type === 'Identifier' ? (named.value as string) : '';
      if (name !== 'list' && name !== 'reject' && name !== 'select' && name !== 'format')
        return base.applyFilter!.call(interp, operand, filterNode, environment);
      const args =
        filter.type === 'CallExpression'
          ? (filter.args as Node[]).map((a) => toPlain(evaluate(a, environment)))
          : [];
      if (name === 'list' && value.type === 'StringValue') return toRuntime([...(value.value as string)]);
      if ((name === 'reject' || name === 'select') && value.type === 'ArrayValue') {
        const [test, arg] = args;
        const keep = (x: unknown): boolean => {
          const pass =
            test === 'equalto' || test === '==' ? x === arg : test === 'none' ? x === null : Boolean(x);
          return name === 'select' ? pass : !pass;
        };
        return toRuntime((toPlain(value) as unknown[]).filter(keep));
      }
      if (name === 'format' && value.type === 'StringValue') {
        let i = 0;
        const text = (value.value as string).replace(/%[sdr%]/g, (m) =>
          m === '%%' ? '%' : typeof args[i] === 'string' ? (args[i++] as string) : JSON.stringify(args[i++]),
        );
        return toRuntime(text);
      }
      return base.applyFilter!.call(interp, operand, filterNode, environment);
    },

    evaluateBinaryExpression(node: unknown, environment: unknown): unknown {
      const n = node as unknown as Node;
      if ((n.operator as Node).value === '~') {
        const str = (v: RuntimeValue) => (v.type === 'UndefinedValue' ? '' : v.toString());
        const left = evaluate(n.left, environment);
        const right = evaluate(n.right, environment);
        return toRuntime(str(left) + str(right));
      }
      return base.evaluateBinaryExpression!.call(interp, node, environment);
    },

    evaluateTestExpression(node: unknown, environment: unknown): unknown {
      const n = node as Node;
      if ((n.test as Node).value === 'iterable') {
        // A mapping is iterable in Python (the engine says no): Gemma 3's pythonic template asks.
        const type = evaluate(n.operand, environment).type;
        const result = type === 'ArrayValue' || type === 'StringValue' || type === 'ObjectValue';
        return toRuntime(n.negate ? !result : result);
      }
      return base.evaluateTestExpression!.call(interp, node, environment);
    },

    evaluateFor(node: unknown, environment: unknown): unknown {
      const n = node as unknown as Node;
      const iterable = n.iterable as Node;
      if (iterable.type !== 'SelectExpression') {
        const value = evaluate(iterable, environment);
        if (value.type === 'StringValue') {
          const chars = {
            type: 'FilterExpression',
            operand: iterable,
            filter: { type: 'Identifier', value: 'list' },
          };
          return base.evaluateFor!.call(interp, { ...n, iterable: chars }, environment);
        }
      }
      return base.evaluateFor!.call(interp, node, environment);
    },
  };
  Object.assign(interp, methods);
  return interp;
}

/** The probe call read back exactly, plus how closely the handler's own text matches the template's. */
function scoreRendered(handler: ToolFormatHandler, probe: Probe): number | null {
  const parsed = safe(() => handler.parse(probe.turn, { tools: PROBE_TOOLS }), null);
  const call = parsed?.calls.length === 1 ? parsed.calls[0]! : null;
  if (!call) return null;
  if (call.name !== PROBE_NAME || !sameArgs(call.arguments, PROBE_ARGS)) return null;
  const calls = safe(() => handler.formatToolCalls([PROBE_CALL]), '');
  const result = safe(
    () => handler.formatResult({ id: PROBE_ID, name: PROBE_NAME, content: PROBE_RESULT } as never),
    '',
  );
  const prompt = safe(() => handler.systemPrompt(normalizeTools(PROBE_TOOLS)), '');
  const detect = safe(() => handler.detect(probe.turn), 0);
  const stops = safe(() => handler.stopSequences(), [] as string[]);
  // The call renderer weighs most: it is the model's own output; the prompt and the result
  // wrapper tell apart variants that write the same calls (hermes vs hermes:qwen).
  return (
    2 * similarity(calls, probe.turn) +
    // …and how much of the template's turn the handler's call explains: `[TOOL_CALLS]` before
    // the same JSON array tells Mistral from bare JSON.
    1.5 * coverage(calls, probe.turn) +
    similarity(result, probe.turn + probe.after) +
    lineOverlap(prompt, probe.prompt) +
    0.25 * (Number.isFinite(detect) ? detect : 0) +
    // Whitespace is compared last: variants that differ only there (GLM 4.6 and 4.7).
    0.2 * Number(calls.length > 0 && probe.turn.includes(calls)) +
    // …and where the turn ends: variants that write the same calls (Llama 3.2 and 4 pythonic,
    // Jamba and Hunyuan).
    0.1 * share(stops, probe.turn + probe.after)
  );
}

/** Every marker of the handler's rendered probe call (its non-JSON, non-argument text) is a template literal. */
function scoreMarkers(handler: ToolFormatHandler, literals: string[]): number | null {
  const rendered = safe(() => handler.formatToolCalls([PROBE_CALL]), '');
  const markers = markersOf(rendered);
  if (markers.length === 0) return null;
  const text = literals.join('\n');
  let found = 0;
  for (const m of markers) if (text.includes(m)) found += m.length;
  const total = markers.reduce((n, m) => n + m.length, 0);
  if (found < total) return null;
  return total;
}

/**
 * The pieces of a rendered call that are markup: what is left after removing the probe's name,
 * argument keys and values and JSON punctuation, split on whitespace. Ours, not the template's text.
 */
function markersOf(rendered: string): string[] {
  let text = rendered;
  for (const word of [PROBE_NAME, PROBE_ID, ...Object.keys(PROBE_ARGS), 'Paris', '3'])
    text = text.split(word).join(' ');
  const out = new Set<string>();
  // A marker has punctuation or a special token's shape (`<tool_call>`, `[TOOL_CALLS]`): a plain
  // word such as `name` or `parameters` is in every template and tells nothing.
  for (const piece of text.split(/[\s"'{}:,[\]=().0-9]+/))
    if (piece.length >= 3 && /[^A-Za-z0-9_]/.test(piece)) out.add(piece);
  return [...out];
}

function stringLiterals(node: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (n: unknown, depth: number): void => {
    if (n === null || typeof n !== 'object' || seen.has(n) || depth > 200) return;
    seen.add(n);
    const obj = n as { type?: unknown; value?: unknown };
    if (obj.type === 'StringLiteral' && typeof obj.value === 'string') out.push(obj.value);
    if (n instanceof Map) {
      for (const [k, v] of n) {
        walk(k, depth + 1);
        walk(v, depth + 1);
      }
      return;
    }
    for (const v of Object.values(n)) walk(v, depth + 1);
  };
  walk(node, 0);
  return out;
}

/** Every registered format, plain and per variant, as handlers. */
function candidates(router: Router): ToolFormatHandler[] {
  const out: ToolFormatHandler[] = [];
  const seen = new Set<string>();
  for (const info of router.formats()) {
    for (const variant of [undefined, ...info.variants]) {
      const handler = safe(() => router.get(info.id, variant), null);
      if (!handler || seen.has(handler.id)) continue;
      seen.add(handler.id);
      out.push(handler);
    }
  }
  return out;
}

/** `hermes:qwen` → format hermes, variant qwen (a plain id has no variant). */
function split(handler: ToolFormatHandler): { format: string; variant?: string } {
  const i = handler.id.indexOf(':');
  return i === -1
    ? { format: handler.id }
    : { format: handler.id.slice(0, i), variant: handler.id.slice(i + 1) };
}

/** On equal scores the family's plain handler goes first (fewer assumptions), then by id. */
function specificity(handler: ToolFormatHandler): number {
  return handler.id.includes(':') ? 1 : 0;
}

function none(reason: string, rendered: string | undefined): TemplateResolution {
  return {
    format: null,
    handler: null,
    method: 'none',
    reason: `No format: ${reason}`,
    ...(rendered !== undefined ? { rendered } : {}),
    candidates: [],
  };
}

function sameArgs(a: unknown, b: Record<string, unknown>): boolean {
  if (a === null || typeof a !== 'object' || Array.isArray(a)) return false;
  const keys = Object.keys(a as object);
  if (keys.length !== Object.keys(b).length) return false;
  // A format without typed arguments may read 3 as "3": the call is the same call.
  return keys.every((k) => String((a as Record<string, unknown>)[k]) === String(b[k]));
}

/** How much of `mine` (whitespace-normalized) the template's text holds: 1 when all of it. */
function similarity(mine: string, theirs: string): number {
  const a = normalize(mine);
  const b = normalize(theirs);
  if (a.length === 0) return 0;
  if (b.includes(a)) return 1;
  return longestCommonSubstring(a, b) / a.length;
}

/** The share of the template's turn (whitespace-normalized) that the handler's text reproduces in one piece. */
function coverage(mine: string, theirs: string): number {
  const a = normalize(mine);
  const b = normalize(theirs);
  if (a.length === 0 || b.length === 0) return 0;
  return longestCommonSubstring(a, b) / b.length;
}

/** The share of the handler prompt's lines (by characters) that the template's prompt holds. */
function lineOverlap(mine: string, theirs: string): number {
  const lines = mine
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 8);
  const total = lines.reduce((n, l) => n + l.length, 0);
  if (total === 0) return 0;
  const hay = normalize(theirs);
  let found = 0;
  for (const l of lines) if (hay.includes(normalize(l))) found += l.length;
  return found / total;
}

/** Whitespace is not markup: `[TOOL_CALLS] [` and `[TOOL_CALLS][` are the same call. */
/** The share of the stop sequences (of token length) that the text holds. */
function share(stops: string[], text: string): number {
  const long = stops.filter((s) => s.length >= 3);
  return long.length === 0 ? 0 : long.filter((s) => text.includes(s)).length / long.length;
}

function normalize(s: string): string {
  return s.replace(/\s+/g, '');
}

/** Bounded: both sides are capped, so the table stays small. */
function longestCommonSubstring(a: string, b: string): number {
  const x = a.slice(0, 2000);
  const y = b.slice(0, 4000);
  let best = 0;
  let prev = new Uint16Array(y.length + 1);
  let cur = new Uint16Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      cur[j] = x[i - 1] === y[j - 1] ? prev[j - 1]! + 1 : 0;
      if (cur[j]! > best) best = cur[j]!;
    }
    [prev, cur] = [cur, prev];
  }
  return best;
}

/**
 * Where the turn starts after the prompt: their common prefix, moved back over an opening
 * token's first characters when the generation prompt ends with another token that starts alike
 * (`<think>` in the prompt, `<TOOLCALL>` in the turn).
 */
function turnStart(prompt: string, rendered: string): number {
  let i = commonPrefix(prompt, rendered);
  if (i < prompt.length) while (i > 0 && /[<|[｜]/.test(rendered[i - 1]!)) i--;
  return i;
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && charCodeAt.call(a, i) === charCodeAt.call(b, i)) i++;
  return i;
}

function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
