/** `--failures FAMILY`: every case of a family that did not fully match, expected next to actual. */
import type { ParseResult } from '@toolformat/core';
import type { CaseRun, CorpusRun } from './runner.js';
import { contentMatches } from './score.js';

const MAX_INPUT = 2000;

export function failuresReport(family: string, run: CorpusRun): string {
  const runs = run.runs.filter((r) => r.case.family === family);
  const failing = runs.filter((r) => !r.score.callsContent || !r.score.autoCallsExact);
  const lines: string[] = [];
  if (run.unknownFamilies.includes(family)) {
    lines.push(`'${family}' is not a format id here yet: every explicit-format case scores 0.`, '');
  }
  for (const r of failing) lines.push(...describe(r), '');
  for (const m of run.streaming.mismatches.filter((x) => x.family === family)) {
    lines.push(`${m.id}: streaming with the peer's chunks differs from batch`);
    if (m.protocol !== undefined) lines.push(`  events:   ${m.protocol}`);
    lines.push(`  batch:    ${JSON.stringify(m.batch)}`);
    lines.push(`  streamed: ${JSON.stringify(m.streamed)}`, '');
  }
  lines.push(
    `${family}: ${failing.length} of ${runs.length} cases fail (explicit calls + content, or auto calls).`,
  );
  return lines.join('\n');
}

function describe(r: CaseRun): string[] {
  const c = r.case;
  const mark = (ok: boolean) => (ok ? 'ok' : 'FAIL');
  const input =
    c.input.length > MAX_INPUT ? `${c.input.slice(0, MAX_INPUT)}… (${c.input.length} chars)` : c.input;
  const lines = [
    `${c.id}${c.partial ? ' [partial]' : ''}  calls ${mark(r.score.callsExact)}, content ${c.content_asserted ? mark(r.explicit !== null && contentMatches(c, r.explicit.content)) : 'not asserted'}, auto ${mark(r.score.autoCallsExact)}${c.source ? `   (${c.source})` : ''}`,
    `  input:            ${JSON.stringify(input)}`,
  ];
  if (c.tools?.length)
    lines.push(
      `  tools:            ${JSON.stringify(c.tools.map((t) => (typeof t === 'string' ? t : t.function.name)))}`,
    );
  if (c.reasoning_open) lines.push('  reasoningOpen:    true');
  lines.push(
    `  expected calls:   ${JSON.stringify(c.expected_calls?.map(({ name, arguments: a }) => ({ name, arguments: a })))}`,
  );
  if (r.explicit === null) lines.push('  actual calls:     (no such format)');
  else if (!r.score.callsExact) lines.push(`  actual calls:     ${callsOf(r.explicit)}`);
  if (!r.score.autoCallsExact)
    lines.push(`  auto calls:       ${callsOf(r.auto)}   (format ${r.auto.format ?? 'none'})`);
  if (c.content_asserted && r.explicit) {
    lines.push(`  expected content: ${JSON.stringify(c.expected_content)}`);
    lines.push(`  actual content:   ${JSON.stringify(r.explicit.content)}`);
  }
  for (const i of r.explicit?.issues ?? []) lines.push(`  issue:            ${i.kind}: ${i.message}`);
  return lines;
}

function callsOf(r: ParseResult): string {
  return JSON.stringify(r.calls.map(({ name, arguments: a }) => ({ name, arguments: a })));
}
