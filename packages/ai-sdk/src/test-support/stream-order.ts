/**
 * The order the spec gives stream parts, checked on what `streamText`'s `fullStream` emits:
 * per step, a text or reasoning block is start → deltas → end under one id and is closed before
 * the step ends; a tool call is tool-input-start → deltas → tool-input-end → tool-call →
 * tool-result under one id. Returns the first violation, or null.
 */
export interface PartLike {
  type: string;
  id?: string;
  toolCallId?: string;
}

export function findStreamOrderError(parts: readonly PartLike[]): string | null {
  const blocks = new Map<string, 'open' | 'closed'>();
  const calls = new Map<string, string>();
  let inStep = false;
  for (const [i, part] of parts.entries()) {
    const at = `part ${i} (${part.type})`;
    const kind = part.type.split('-')[0];
    switch (part.type) {
      case 'start-step':
        if (inStep) return `${at}: a step started inside a step`;
        inStep = true;
        break;
      case 'finish-step':
        for (const [id, state] of blocks) if (state === 'open') return `${at}: block ${id} never ended`;
        for (const [id, state] of calls)
          if (state !== 'call' && state !== 'result') return `${at}: tool input ${id} never became a call`;
        inStep = false;
        break;
      case 'text-start':
      case 'reasoning-start':
        if (blocks.has(`${kind}:${part.id}`)) return `${at}: id ${part.id} started twice`;
        blocks.set(`${kind}:${part.id}`, 'open');
        break;
      case 'text-delta':
      case 'reasoning-delta':
      case 'text-end':
      case 'reasoning-end':
        if (blocks.get(`${kind}:${part.id}`) !== 'open') return `${at}: id ${part.id} is not open`;
        if (part.type.endsWith('-end')) blocks.set(`${kind}:${part.id}`, 'closed');
        break;
      case 'tool-input-start':
        if (calls.has(part.id ?? '')) return `${at}: tool input ${part.id} started twice`;
        calls.set(part.id ?? '', 'input');
        break;
      case 'tool-input-delta':
        if (calls.get(part.id ?? '') !== 'input') return `${at}: tool input ${part.id} is not open`;
        break;
      case 'tool-input-end':
        if (calls.get(part.id ?? '') !== 'input') return `${at}: tool input ${part.id} is not open`;
        calls.set(part.id ?? '', 'ended');
        break;
      case 'tool-call': {
        const state = calls.get(part.toolCallId ?? '');
        if (state !== undefined && state !== 'ended')
          return `${at}: call ${part.toolCallId} before its input ended`;
        calls.set(part.toolCallId ?? '', 'call');
        break;
      }
      case 'tool-result':
      case 'tool-error':
        if (calls.get(part.toolCallId ?? '') !== 'call')
          return `${at}: result for ${part.toolCallId} before its call`;
        calls.set(part.toolCallId ?? '', 'result');
        break;
    }
    if (!inStep && /^(text|reasoning|tool)-/.test(part.type)) return `${at}: outside a step`;
  }
  return null;
}
