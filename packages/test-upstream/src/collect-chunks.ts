/**
 * Adds up streamed Chat Completion chunks the way a client does, into what the non-streaming
 * answer holds, so a test can compare the two — and checks the stream's shape on the way: a
 * call's first piece carries its id and name, later pieces only arguments.
 */
export interface CollectedChoice {
  content: string | null;
  reasoning: string | null;
  tool_calls: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  finish_reason: string | null;
}

interface ChunkLike {
  choices?: Array<{
    index: number;
    delta?: {
      content?: string | null;
      reasoning_content?: string | null;
      tool_calls?: Array<{
        index: number;
        id?: string;
        type?: string;
        function?: { name?: string; arguments?: string };
      }>;
    };
    finish_reason?: string | null;
  }>;
}

export function collectChunks(chunks: Iterable<ChunkLike>): CollectedChoice[] {
  const out: CollectedChoice[] = [];
  for (const chunk of chunks) {
    for (const choice of chunk.choices ?? []) {
      const c = out[choice.index] ?? { content: null, reasoning: null, tool_calls: [], finish_reason: null };
      out[choice.index] = c;
      const d = choice.delta ?? {};
      if (typeof d.content === 'string' && d.content !== '') c.content = (c.content ?? '') + d.content;
      if (typeof d.reasoning_content === 'string' && d.reasoning_content !== '')
        c.reasoning = (c.reasoning ?? '') + d.reasoning_content;
      for (const t of d.tool_calls ?? []) {
        const call = c.tool_calls[t.index];
        if (call === undefined) {
          if (t.id === undefined || t.function?.name === undefined)
            throw new Error(`call ${t.index}: its first piece has no id or name`);
          c.tool_calls[t.index] = {
            id: t.id,
            type: 'function',
            function: { name: t.function.name, arguments: t.function.arguments ?? '' },
          };
        } else {
          if (t.function?.name !== undefined) throw new Error(`call ${t.index}: its name came twice`);
          call.function.arguments += t.function?.arguments ?? '';
        }
      }
      if (choice.finish_reason != null) c.finish_reason = choice.finish_reason;
    }
  }
  return out;
}
