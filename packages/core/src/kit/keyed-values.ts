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
import { MarkerSet } from './marker-set.js';

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
  const c = body.charCodeAt(p);
  if (c === BRACE_OPEN) return p;
  if (c !== BRACKET_OPEN) return -1;
  if (json === 'value') return p;
  return body.charCodeAt(skipJsonSpace(body, p + 1)) === BRACE_OPEN ? p : -1;
}

/** A set of keys, each with its kind, compiled once for reading sections. */
export class KeyedValues<K> {
  private readonly keys: MarkerSet<K>;
  private readonly prefix: string;

  constructor(
    keys: ReadonlyArray<readonly [key: string, kind: K]>,
    private readonly options: KeyedValuesOptions<K>,
  ) {
    this.prefix = options.lineStart ? String.fromCharCode(LINE_FEED) : '';
    this.keys = new MarkerSet(keys.map(([key, kind]) => [this.prefix + key, kind] as const));
  }

  /**
   * The values of `body`, in order. The first is the value of the key that opened the section
   * (`firstKey`, of kind `firstKind`), which starts at 0.
   */
  *read(body: string, firstKey: string, firstKind: K): Generator<KeyedValue<K>> {
    const cursor = this.keys.cursor(body);
    const jsonOf = this.options.json ?? (() => undefined);
    const prefixLength = this.prefix.length;
    let kind = firstKind;
    let key = firstKey;
    let at = 0;
    let start = 0;
    for (;;) {
      const jsonStart = jsonStartOf(body, start, jsonOf(kind));
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
      const end = next ? next.at : body.length;
      // The cursor refills its answer on the next call: read it before handing the value over.
      if (next === null) {
        yield { kind, key, at, start, end, jsonStart, jsonEnd, jsonInString, jsonDepth };
        return;
      }
      const nextMarker = next.match.marker;
      const nextKind = next.match.value;
      yield { kind, key, at, start, end, jsonStart, jsonEnd, jsonInString, jsonDepth };
      kind = nextKind;
      key = nextMarker.slice(prefixLength);
      at = end;
      start = end + nextMarker.length;
    }
  }
}
