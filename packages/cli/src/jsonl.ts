/**
 * `toolformat parse --jsonl`: one request per input line, one result per output line, in order.
 * Lines are streamed (readline) so a file of any size runs in bounded memory, and a bad line
 * becomes an `{"id", "error"}` output line instead of ending the run: in a batch of thousands,
 * one broken request must not cost the others.
 */
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { type ParseOptions, type Router, type ToolDefinition, ToolFormatConfigError } from '@toolformat/core';
import { InputCheck } from './input-check.js';
import { type CliIo, describeFsError, write } from './io.js';
import { type ResultJson, toResultJson } from './result-json.js';
import { parseToolList } from './tool-list.js';
import { UsageError } from './usage-error.js';

export type LineId = string | number | null;

export type LineOutput = ({ id: LineId } & ResultJson) | { id: LineId; error: string };

export interface LineDefaults {
  format?: string | undefined;
  model?: string | undefined;
  tools?: ToolDefinition[] | undefined;
}

const EXAMPLE = '{"id": "1", "input": "<model output>"}';
const OPTION_KEYS = ['unknownTools', 'onMalformed', 'reasoningOpen'] as const;

/** Runs every line of FILE (or stdin) and writes one output line each. Returns how many lines had an error. */
export async function runJsonl(run: {
  router: Router;
  file: string | undefined;
  io: CliIo;
  defaults: LineDefaults;
}): Promise<number> {
  const input = run.file === undefined ? run.io.stdin : await openLines(run.file);
  const check = new InputCheck();
  const lines = createInterface({
    input: Readable.from(checked(input, check)),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNo = 0;
  let errors = 0;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    const out = parseLine(line, lineNo, run.router, run.defaults);
    if ('error' in out) errors++;
    await write(run.io.stdout, `${JSON.stringify(out)}\n`);
  }
  // The lines' results are already out: bad bytes are said once, on stderr, with their offset.
  const problem = check.end();
  if (problem !== null) await write(run.io.stderr, `toolformat: warning: ${problem}\n`);
  return errors;
}

/** The input as it is, its bytes looked at on the way (see InputCheck). */
async function* checked(
  input: AsyncIterable<string | Uint8Array>,
  check: InputCheck,
): AsyncGenerator<string | Uint8Array> {
  for await (const chunk of input) {
    if (typeof chunk === 'string') check.text(chunk);
    else check.bytes(chunk);
    yield chunk;
  }
}

/** One input line → one output object. Never throws: every problem becomes `{"id", "error"}`. */
export function parseLine(
  line: string,
  lineNo: number,
  router: Router,
  defaults: LineDefaults = {},
): LineOutput {
  const fail = (id: LineId, what: string): LineOutput => ({ id, error: `line ${lineNo}: ${what}` });
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return fail(
      null,
      `not valid JSON (${(error as Error).message}); each line must be one JSON object like ${EXAMPLE}.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(
      null,
      `expected a JSON object like ${EXAMPLE}, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}.`,
    );
  }
  const req = value as Record<string, unknown>;
  const rawId = req.id;
  if (rawId !== undefined && rawId !== null && typeof rawId !== 'string' && typeof rawId !== 'number') {
    return fail(null, '"id" must be a string or a number (it is echoed on the output line).');
  }
  const id: LineId = rawId ?? null;
  if (typeof req.input !== 'string') {
    return fail(
      id,
      req.input === undefined
        ? `"input" is missing; put the model output in "input" as a string, like ${EXAMPLE}.`
        : '"input" must be a string (the model output as text).',
    );
  }
  for (const key of ['format', 'model'] as const) {
    if (req[key] !== undefined && typeof req[key] !== 'string') return fail(id, `"${key}" must be a string.`);
  }
  const format =
    (req.format as string | undefined) ?? (req.model === undefined ? defaults.format : undefined);
  const model = (req.model as string | undefined) ?? (req.format === undefined ? defaults.model : undefined);
  if (req.format !== undefined && req.model !== undefined)
    return fail(id, 'give "format" or "model", not both.');

  const opts: ParseOptions & { format?: string; model?: string } = {};
  let tools = defaults.tools;
  if (req.tools !== undefined) {
    const parsed = parseToolList(req.tools);
    if (!parsed.ok) return fail(id, `"tools": ${parsed.error}.`);
    tools = parsed.tools;
  }
  if (tools !== undefined) opts.tools = tools;
  const optionError = readOptions(req.options, opts);
  if (optionError) return fail(id, optionError);

  try {
    if (format !== undefined) {
      opts.format = format;
      router.get(format); // unknown id → ToolFormatConfigError, reported on this line only
    } else if (model !== undefined) {
      opts.model = model;
    }
    return { id, ...toResultJson(router.parse(req.input, opts)) };
  } catch (error) {
    if (error instanceof ToolFormatConfigError) return fail(id, error.message.replace(/^format: /, ''));
    // Handlers never throw by contract; if one does, the line says so and the batch goes on.
    return fail(id, `internal error while parsing: ${(error as Error).message}. Please report it.`);
  }
}

function readOptions(value: unknown, into: ParseOptions): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return '"options" must be an object like {"unknownTools": "drop"}.';
  }
  for (const [key, v] of Object.entries(value)) {
    switch (key) {
      case 'unknownTools':
        if (v !== 'keep' && v !== 'drop') return '"options.unknownTools" must be "keep" or "drop".';
        into.unknownTools = v;
        break;
      case 'onMalformed':
        if (v !== 'strip' && v !== 'keep') return '"options.onMalformed" must be "strip" or "keep".';
        into.onMalformed = v;
        break;
      case 'reasoningOpen':
        if (typeof v !== 'boolean') return '"options.reasoningOpen" must be true or false.';
        into.reasoningOpen = v;
        break;
      default:
        return `"options" has an unknown key '${key}'; allowed: ${OPTION_KEYS.join(', ')}.`;
    }
  }
  return null;
}

/** Opens the JSONL file up front, so a missing file is a usage error before any output. */
async function openLines(file: string): Promise<AsyncIterable<string | Uint8Array>> {
  try {
    const handle = await open(file, 'r');
    const stat = await handle.stat();
    if (stat.isDirectory()) {
      await handle.close();
      throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    }
    // Bytes, not text: readline decodes them, and InputCheck sees what the decoder would hide.
    return handle.createReadStream();
  } catch (error) {
    throw new UsageError(`cannot read input file '${file}': ${describeFsError(error)}.`, 'parse');
  }
}
