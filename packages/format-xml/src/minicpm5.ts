/**
 * What vLLM's `minicpm5` parser does to a call after reading it, with declared tools only: two
 * habits of MiniCPM5 it undoes so the call reaches the declared tool.
 *
 * - The arguments wrapped in one OpenAI-style object, `<param name="properties">{'id': 'x'}</param>`
 *   (or `arguments`), when the tool declares no such parameter: the declared keys come out of it.
 * - A tool name MiniCPM5 is known to invent for a declared one (`get_details_by_phone` for
 *   `get_customer_by_phone`), with its arguments renamed: vLLM's table, kept as data. Only when
 *   the invented name is not declared and the real one is.
 */
import type { ToolIndex } from '@toolformat/core/kit';
import { getOwn, isPlainObject, parseJsonLadder, type RawCall, setOwn } from '@toolformat/core/kit';

interface AliasRule {
  from: readonly string[];
  to: string;
  /** Each argument of the real tool and the keys the invented one may carry it under, in order. */
  args: ReadonlyArray<readonly [string, readonly string[]]>;
  /** Arguments the invented name implies (`enable_roaming` → `enabled: true`). */
  fixed?: Readonly<Record<string, unknown>>;
}

const ALIASES: readonly AliasRule[] = [
  {
    from: ['get_details_by_phone'],
    to: 'get_customer_by_phone',
    args: [['phone_number', ['phone_number', 'phone']]],
  },
  {
    from: ['get_details_by_name'],
    to: 'get_customer_by_name',
    args: [
      ['full_name', ['full_name', 'name']],
      ['date_of_birth', ['date_of_birth', 'dob']],
      ['dob', ['date_of_birth', 'dob']],
    ],
  },
  {
    from: ['get_line_details', 'get_line_status', 'get_roaming_status'],
    to: 'get_details_by_id',
    args: [['id', ['line_id', 'id']]],
  },
  { from: ['get_plan_details'], to: 'get_details_by_id', args: [['id', ['plan_id', 'id']]] },
  {
    from: ['enable_roaming'],
    to: 'toggle_roaming',
    args: [['line_id', ['line_id', 'id']]],
    fixed: { enabled: true },
  },
  {
    from: ['disable_roaming'],
    to: 'toggle_roaming',
    args: [['line_id', ['line_id', 'id']]],
    fixed: { enabled: false },
  },
  {
    from: ['add_refueled_data', 'add_data_to_line'],
    to: 'refuel_data',
    args: [
      ['customer_id', ['customer_id']],
      ['line_id', ['line_id', 'id']],
      ['amount_gb', ['amount_gb', 'gb', 'gb_amount', 'amount']],
    ],
  },
];

const WRAPPERS = ['properties', 'arguments'];

export function miniCpmCall(call: RawCall, tools: ToolIndex | null): RawCall {
  if (tools === null || !isPlainObject(call.arguments)) return call;
  let { name } = call;
  let args: Record<string, unknown> = call.arguments;
  if (tools.has(name)) args = unwrap(name, args, tools);
  else {
    const renamed = alias(name, args, tools);
    if (renamed === null) return call;
    [name, args] = renamed;
  }
  return { ...call, name, arguments: args };
}

/** `properties: {k: v}` → `k: v` for the declared keys, when `properties` is no declared key. */
function unwrap(name: string, args: Record<string, unknown>, tools: ToolIndex): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const [key, value] of Object.entries(args)) {
    const inner = WRAPPERS.includes(key) && tools.parameter(name, key) === undefined ? objectOf(value) : null;
    if (inner === null) {
      setOwn(out, key, value);
      continue;
    }
    for (const [k, v] of Object.entries(inner)) {
      if (tools.parameter(name, k) === undefined) continue;
      setOwn(out, k, v);
      changed = true;
    }
  }
  return changed ? out : args;
}

function objectOf(value: unknown): Record<string, unknown> | null {
  if (isPlainObject(value)) return value;
  if (typeof value !== 'string') return null;
  // MiniCPM5 writes the wrapper as a Python dict too (`{'id': 'x'}`): the ladder repairs quotes.
  const parsed = parseJsonLadder(value.trim());
  return parsed.ok && isPlainObject(parsed.value) ? parsed.value : null;
}

function alias(
  name: string,
  args: Record<string, unknown>,
  tools: ToolIndex,
): [string, Record<string, unknown>] | null {
  for (const rule of ALIASES) {
    if (!rule.from.includes(name) || !tools.has(rule.to)) continue;
    const out: Record<string, unknown> = {};
    let found = false;
    for (const [target, sources] of rule.args) {
      for (const source of sources) {
        const value = getOwn(args, source);
        if (value === undefined || value === null || value === '') continue;
        // Read before the name was mapped, the value was typed without the real tool's schema.
        const stringy = tools.parameter(rule.to, target)?.type === 'string' && typeof value !== 'string';
        setOwn(out, target, stringy ? JSON.stringify(value) : value);
        found = true;
        break;
      }
    }
    if (!found) return null;
    for (const [k, v] of Object.entries(rule.fixed ?? {})) setOwn(out, k, v);
    return [rule.to, out];
  }
  return null;
}
