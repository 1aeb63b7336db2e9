/**
 * A call to a declared tool written as a bare Python call, with no marker around it:
 *
 *   get_weather(location="San Francisco")
 *
 * (Granite, Llama 3.2 and other models write it when a prompt shows them Python, or none.) Its
 * only marker is the tool's name, so it counts on the strongest evidence there is
 * (architecture/precision.md): the tool is declared, the call stands where the output's text
 * starts, on a line of its own, and the calls end the output (more such lines may follow, one
 * call a line). Anything else — a call in a sentence, text after it on its line, a call the
 * output cut off — stays text, as written. Model output is never evaluated: the literal parser
 * reads it.
 */
import type { BlockSpec, BodyContext, BodyIssue, BodyResult } from './markup-spec.js';
import { parsePythonCalls } from './python-calls.js';
import { pythonRawCalls } from './python-raw-calls.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** A name Python can call: identifiers, dotted (`brave_search.call`); 64 characters at most. */
function isCallableName(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  let start = true;
  for (let i = 0; i < name.length; i++) {
    const c = charCodeAt.call(name, i);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
    if (letter) {
      start = false;
      continue;
    }
    if (start) return false;
    if (c === 46) start = true;
    else if (!(c >= 48 && c <= 57)) return false;
  }
  return !start;
}

/** The body of a bare call line: the open marker is the name and its `(`. */
function bareCallBody(body: string, ctx: BodyContext): BodyResult {
  const text = ctx.open + body;
  const parsed = parsePythonCalls(text, { maxDepth: ctx.options.maxDepth, allowBareCall: true });
  // The call and nothing else on its line (the parser's end takes the blanks after it).
  if (!parsed.ok || parsed.calls.length === 0 || parsed.end !== text.length)
    return { calls: [], notMarkup: true };
  const tools = ctx.options.tools;
  if (tools === null || !parsed.calls.every((c) => tools.has(c.name))) return { calls: [], notMarkup: true };
  const issues: BodyIssue[] = [];
  for (const note of parsed.notes ?? [])
    issues.push({ kind: 'json-repaired', message: note.message, raw: text });
  return { calls: pythonRawCalls(parsed.calls, ctx, text, issues), issues };
}

/**
 * The blocks of bare call lines for the declared tools `names` (those Python can call), for a
 * format's `markupForTools`. In auto mode there are no declared tools; rescue under another
 * family's route reads them on strong evidence, like the route itself.
 */
export function bareCallLineBlocks(names: readonly string[], format?: string): BlockSpec[] {
  const opens = [...new Set(names)].filter(isCallableName).map((name) => `${name}(`);
  if (opens.length === 0) return [];
  return [
    {
      open: opens,
      outputStart: true,
      close: 'end-of-output',
      // One call a line: the line break ends it, and is read again (another call may follow).
      closeBefore: ['\n'],
      body: bareCallBody,
      evidence: 'strong',
      auto: 'strong',
      ...(format === undefined ? {} : { format }),
      confidence: 0.3,
    },
  ];
}
