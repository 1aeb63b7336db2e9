/**
 * How sure a text holds harmony markup. The special tokens are the format's own (no other
 * family writes `<|channel|>` or `<|message|>`); `to=functions.` is the recipient written
 * without them; the stop tokens alone say little.
 */
import { CALL, CHANNEL, CONSTRAIN, FUNCTIONS_PREFIX, MESSAGE, RETURN, START_ASSISTANT } from './tokens.js';

const SIGNS: ReadonlyArray<readonly [string, number]> = [
  [CHANNEL, 0.95],
  [CONSTRAIN, 0.95],
  [MESSAGE, 0.9],
  [START_ASSISTANT, 0.9],
  [`to=${FUNCTIONS_PREFIX}`, 0.8],
  [CALL, 0.5],
  [RETURN, 0.5],
];

export function detectHarmony(text: string): number {
  if (typeof text !== 'string') return 0;
  let best = 0;
  for (const [sign, score] of SIGNS) if (score > best && text.includes(sign)) best = score;
  return best;
}
