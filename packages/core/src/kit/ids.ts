/** Call ids for formats that carry none (architecture/semantics.md, guarantee 6). */
// Web Crypto, not node:crypto: the parsing path runs in browsers and edge runtimes as well.
export function defaultGenerateId(): string {
  return `call_${globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;
}

/** A deterministic generator (`call_1`, `call_2`, …) for tests and reproducible output. */
export function sequentialIds(prefix = 'call_'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}
