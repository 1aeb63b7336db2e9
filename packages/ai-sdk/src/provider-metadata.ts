/**
 * What toolformat tells the app beside the parts: under `providerMetadata.toolformat`, the
 * format that read the turn and the parser's issues (a span that looked like a call and was
 * dropped, a repaired argument, an unknown tool — each with its raw text, so nothing is lost
 * silently). Added only when the turn held calls or issues; a plain answer is left as it came.
 */
import type { JSONObject, SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { ParseIssue } from '@toolformat/core';

export function withToolformatMetadata(
  metadata: SharedV3ProviderMetadata | undefined,
  read: { format: string | null; issues: readonly ParseIssue[]; calls: number },
): SharedV3ProviderMetadata | undefined {
  if (read.calls === 0 && read.issues.length === 0) return metadata;
  const issues = read.issues.map((issue): JSONObject => {
    const out: JSONObject = { kind: issue.kind, message: issue.message };
    if (issue.raw !== undefined) out.raw = issue.raw;
    if (issue.offset !== undefined) out.offset = issue.offset;
    return out;
  });
  return { ...metadata, toolformat: { format: read.format, issues } };
}
