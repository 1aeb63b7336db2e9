/**
 * Values between keys: a section written as `KEY value KEY value …` (ReAct's `Action:` /
 * `Action Input:` lines, Qwen-Agent's `✿FUNCTION✿` / `✿ARGS✿` markers) cut into its values.
 * A value runs to the next key; a value that starts as JSON runs to where its JSON closes, past a
 * key that stands inside one of its strings (`{"q": "x\nAction: y"}`), and a value still open at a
 * key outside a string ends there.
 *
 * Cost: keys are found with one MarkerSet cursor (an indexOf walk per key, never rescanning), a
 * JSON value is delimited by one resumable bracket scan, and the search for the next key starts
 * after it: the section is read in linear time. Values are produced lazily, so a reader that stops
 * early (a made-up result, a call limit) stops the scan there too.
 */
import { BRACE_OPEN, BRACKET_OPEN, LINE_FEED, skipJsonSpace } from './char-codes.js';
import { JsonValueScanner } from './json-scan.js';
import { type MarkerCursor, MarkerSet } from './marker-set.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/**
 * Which values may be JSON: `value` (an object or array), `objects` (an object or a list of
 * objects: after a name key, `[search]` is a name in brackets, `[{…}]` a call list), or none.
 */
export type KeyedJson = 'value' | 'objects' | undefined;

export interface KeyedValue<K> {
  kind: K;
  /** The key as written (without the line break before a line key). */
  key: string;
  /** Where the key starts (its line break, for a line key): the raw text of the rest starts here. */
  at: number;
  /** The value: `[start, end)`, up to the next key or the end of the section. */
  start: number;
  end: number;
  /** Where a JSON value starts and just past where it closes, or -1. */
  jsonStart: number;
  jsonEnd: number;
  /**
   * For a JSON value that never closed (`jsonEnd` -1): whether its bracket scan to `end` ended
   * inside a string, and how many brackets were open there (0 when the scan broke on a bracket
   * that did not match). A reader judges the cut value from these, not from a second scan.
   */
  jsonInString?: boolean;
  jsonDepth?: number;
}

export interface KeyedValuesOptions<K> {
  /** Keys count only at the start of a line, or anywhere. */
  lineStart: boolean;
  /** Which kinds of value may be JSON. */
  json?: (kind: K) => KeyedJson;
}

/**
 * Where a JSON value starts in the value at `from` (after blanks and an opening ```` ```json ````
 * line), or -1.
 */
function jsonStartOf(body: string, from: number, json: KeyedJson): number {
  if (json === undefined) return -1;
  let p = skipJsonSpace(body, from);
  if (body.startsWith('```', p)) {
    const nl = body.indexOf('\n', p);
    if (nl === -1) return -1;
    p = skipJsonSpace(body, nl + 1);
  }
  const c = charCodeAt.call(body, p);
  if (c === BRACE_OPEN) return p;
  if (c !== BRACKET_OPEN) return -1;
  if (json === 'value') return p;
  return charCodeAt.call(body, skipJsonSpace(body, p + 1)) === BRACE_OPEN ? p : -1;
}

/** A key as searched for: the keys it begins (itself included), longest first, with their kinds. */
interface KeyFamily<K> {
  keys: ReadonlyArray<readonly [key: string, kind: K]>;
}

/** A set of keys, each with its kind, compiled once for reading sections. */
export class KeyedValues<K> {
  /**
   * Only keys that no shorter key begins are searched for (`✿ARGS✿` finds `✿ARGS✿:` too): where
   * the first of them is found, the longest key written there is the one read. Half the searches
   * for a scheme that lists each key with and without its colon.
   */
  private readonly keys: MarkerSet<KeyFamily<K>>;
  private readonly prefix: string;

  constructor(
    keys: ReadonlyArray<readonly [key: string, kind: K]>,
    private readonly options: KeyedValuesOptions<K>,
  ) {
    this.prefix = options.lineStart ? String.fromCharCode(LINE_FEED) : '';
    const all: Array<readonly [string, K]> = [];
    for (const [key, kind] of keys) {
      const marker = this.prefix + key;
      if (marker.length > 0 && !all.some(([m]) => m === marker)) all.push([marker, kind]);
    }
    all.sort((a, b) => b[0].length - a[0].length);
    const searched: Array<readonly [string, KeyFamily<K>]> = [];
    for (const [marker] of all) {
      if (all.some(([m]) => m.length < marker.length && marker.startsWith(m))) continue;
      searched.push([marker, { keys: all.filter(([m]) => m.startsWith(marker)) }]);
    }
    this.keys = new MarkerSet(searched);
  }

  /**
   * The values of `body`, in order. The first is the value of the key that opened the section
   * (`firstKey`, of kind `firstKind`), which starts at 0.
   */
  *read(body: string, firstKey: string, firstKind: K): Generator<KeyedValue<K>> {
    const reader = this.reader(body, firstKey, firstKind);
    for (let v = reader.next(); v !== null; v = reader.next()) yield v;
  }

  /** The values of `body` one `next()` at a time (what `read` yields, without a generator). */
  reader(body: string, firstKey: string, firstKind: K): KeyedValueReader<K> {
    return new KeyedValueReader(
      body,
      this.keys.cursor(body),
      this.options.json,
      this.prefix.length,
      firstKey,
      firstKind,
    );
  }
}

/** One pass over a section's values; see `KeyedValues.reader`. */
export class KeyedValueReader<K> {
  private kind: K;
  private key: string;
  private at = 0;
  private start = 0;
  private done = false;

  constructor(
    private readonly body: string,
    private readonly cursor: MarkerCursor<KeyFamily<K>>,
    private readonly json: ((kind: K) => KeyedJson) | undefined,
    private readonly prefixLength: number,
    firstKey: string,
    firstKind: K,
  ) {
    this.kind = firstKind;
    this.key = firstKey;
  }

  /** The next value, or null after the last. */
  next(): KeyedValue<K> | null {
    if (this.done) return null;
    const { body, cursor, kind, key, at, start } = this;
    const jsonStart = jsonStartOf(body, start, this.json === undefined ? undefined : this.json(kind));
    let next = cursor.nextMarker(start);
    let jsonEnd = -1;
    let jsonInString = false;
    let jsonDepth = 0;
    if (jsonStart !== -1) {
      // The scanner resumes at every step, so the section is scanned once however it is cut.
      const scanner = new JsonValueScanner();
      for (;;) {
        jsonEnd = scanner.feed(next ? body.slice(0, next.at) : body, jsonStart);
        if (jsonEnd !== -1 || next === null || scanner.failed || !scanner.inString) break;
        next = cursor.nextMarker(next.at + 1);
      }
      if (jsonEnd !== -1) next = cursor.nextMarker(jsonEnd);
      else if (!scanner.failed) {
        jsonInString = scanner.inString;
        jsonDepth = scanner.depth;
      }
    }
    if (next === null) {
      this.done = true;
      return { kind, key, at, start, end: body.length, jsonStart, jsonEnd, jsonInString, jsonDepth };
    }
    const end = next.at;
    // The longest key written where the search found its shortest.
    // Every key of the family begins with the one found: only what follows it is compared.
    const family = next.match.value.keys;
    const searched = next.match.marker.length;
    let found = family[family.length - 1]!;
    for (const candidate of family) {
      const key = candidate[0];
      let k = searched;
      while (k < key.length && charCodeAt.call(body, end + k) === charCodeAt.call(key, k)) k++;
      if (k === key.length) {
        found = candidate;
        break;
      }
    }
    this.kind = found[1];
    this.key = found[0].slice(this.prefixLength);
    this.at = end;
    this.start = end + found[0].length;
    return { kind, key, at, start, end, jsonStart, jsonEnd, jsonInString, jsonDepth };
  }
}
