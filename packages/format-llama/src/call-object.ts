/**
 * One JSON call object as Llama writes it: `{"name": …, "parameters": {…}}` (Llama 3.x, the HF
 * template's key), `{"name": …, "arguments": {…}}` (what vLLM's parser also takes), optionally
 * with `"type": "function"` (the llama-models doc), or wrapped the OpenAI way,
 * `{"type": "function", "function": {"name": …, "parameters"|"arguments": …}}` (what a Llama
 * fine-tune copies from an OpenAI-style tool list in its prompt). A call without arguments is a
 * call with `{}` only when the key is present: `{"name": "x"}` alone is too often an ordinary
 * JSON answer.
 */
import { getOwn, isPlainObject, type RawCall } from '@toolformat/core/kit';

export function toRawCall(value: unknown): RawCall | null {
  if (!isPlainObject(value)) return null;
  const wrapped = getOwn(value, 'function');
  if (getOwn(value, 'type') === 'function' && isPlainObject(wrapped) && getOwn(value, 'name') === undefined)
    return toRawCall(wrapped);
  const name = getOwn(value, 'name');
  if (typeof name !== 'string' || name.trim() === '') return null;
  const type = getOwn(value, 'type');
  if (type !== undefined && type !== 'function') return null;
  for (const key of ['parameters', 'arguments']) {
    if (Object.hasOwn(value, key)) {
      const args = getOwn(value, key);
      return { name: name.trim(), arguments: args ?? {} };
    }
  }
  return null;
}
