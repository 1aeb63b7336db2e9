/**
 * Objects built from model output. Model output is hostile: a key named `__proto__` must become
 * an own data property, never a prototype change, and no key may reach `Object.prototype`.
 */

/** Sets `obj[key] = value` as an own enumerable data property, whatever the key is. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

/** True when `value` is a plain object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own-property lookup that never reads through the prototype chain. */
export function getOwn(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}
