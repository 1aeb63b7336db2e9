/**
 * Arguments written as child elements, `<k>v</k>` each, up to a container's close: Claude 2.1's
 * `<parameters>`, the generic `<arguments>`, Morph's `<TOOL_NAME>` (flat, typed by the tool's
 * schema through the ArgumentCollector), and MiniMax M3's arguments whose values are nested
 * elements (`<shipping><city>Singapore</city></shipping>`, typed by the part of the schema they
 * sit under). A format declares the tag spelling, the container, and for nested values the list
 * item's tag and the depth bound.
 *
 * Every scan moves forward over tags read by the attribute-tag reader (architecture/semantics.md,
 * guarantee 8).
 */
import { coerceValue, propertySchema } from './arguments.js';
import {
  type AttributeTag,
  type AttributeTagOptions,
  nextAttributeTag,
  readAttributeTag,
} from './attribute-tags.js';
import { skipJsonSpace } from './char-codes.js';
import { getOwn, isPlainObject, setOwn } from './safe-object.js';
import { scanValue, type ValueRules } from './tag-values.js';
import type { ArgumentCollector } from './typed-values.js';
import { type StrayText, valueText } from './xml-text.js';

/**
 * Child elements as arguments, `<k>v</k>` each (a prefixed name keeps its prefix), up to the close
 * of `container` (null: to `limit`). Each value is the text up to its own close; the container's
 * close ends a value left open. Returns where reading goes on.
 */
export function readChildElements(
  body: string,
  from: number,
  limit: number,
  container: string | null,
  args: ArgumentCollector,
  tags: AttributeTagOptions,
): number {
  let i = from;
  for (;;) {
    const tag = nextAttributeTag(body, i, limit, tags);
    if (tag === null) return limit;
    if (tag.closing) {
      if (container === null || tag.local === container) return tag.end;
      i = tag.end;
      continue;
    }
    const key = tag.prefix === '' ? tag.local : `${tag.prefix}:${tag.local}`;
    const rules: ValueRules = {
      tags,
      isClose: (t) => t.closing && t.local === tag.local && t.prefix === tag.prefix,
      canFollow: () => true,
      isStop: (t) => container !== null && t.closing && t.local === container,
    };
    const span = scanValue(body, tag.end, limit, rules);
    args.add(key, valueText(body.slice(span.start, span.end), 'inline'));
    i = span.next;
  }
}

export interface NestedElementsSpec {
  /** How the tags are spelled. */
  tags: AttributeTagOptions;
  /** The tag of a list's entries (`item`): children that are all this tag make a list. */
  item: string;
  /** Elements nested deeper than this are kept as text: the reader's recursion is bounded. */
  maxDepth: number;
}

/** An element's value before typing: its text, or its children by name. */
export type ElementValue = string | { children: Array<[string, ElementValue]> };

export interface NestedElementsRead {
  children: Array<[string, ElementValue]>;
  /** Where reading goes on. */
  next: number;
  /** False when the output ended before the container's close. */
  closed: boolean;
  /** Where the container's text ends (where its close tag starts, or where reading stopped). */
  textEnd: number;
  /** Text other than blanks before a tag among the container's own children (not theirs). */
  stray: boolean;
}

export interface NestedElementsOptions {
  /**
   * Only a tag right behind this text is markup (MiniMax M3's `]<]minimax[>[`): a value may hold
   * any other tag as text. Default '': every tag.
   */
  marker?: string;
  /**
   * The schema of the container's value: a child it types as a string is read as text up to its
   * own close, whatever tags it holds, so a declared string never becomes an object.
   */
  schema?: Record<string, unknown>;
  /** Collects the text other than blanks among the container's own children (see `stray`). */
  strayText?: StrayText;
}

/** The children of the element `container` whose open tag ends at `from`, nested. */
export function readNestedElements(
  text: string,
  from: number,
  container: string,
  spec: NestedElementsSpec,
  options: NestedElementsOptions = {},
): NestedElementsRead {
  return readElements(
    text,
    from,
    container,
    spec,
    options.marker ?? '',
    options.schema,
    0,
    options.strayText,
  );
}

function readElements(
  text: string,
  from: number,
  container: string,
  spec: NestedElementsSpec,
  marker: string,
  schema: Schema,
  depth: number,
  strayText?: StrayText,
): NestedElementsRead {
  const children: Array<[string, ElementValue]> = [];
  let stray = false;
  let i = from;
  for (;;) {
    const tag = nextMarkedTag(text, i, marker, spec.tags);
    const textEnd = tag === null ? text.length : tag.start - marker.length;
    if (depth === 0 && tag !== null) {
      if (!stray) stray = skipJsonSpace(text, i, false, textEnd) < textEnd;
      strayText?.add(i, textEnd);
    }
    if (tag === null) return { children, next: text.length, closed: false, textEnd, stray };
    if (tag.closing) {
      if (tag.local === container) return { children, next: tag.end, closed: true, textEnd, stray };
      i = tag.end;
      continue;
    }
    if (depth >= spec.maxDepth) {
      i = tag.end;
      continue;
    }
    const under = childSchema(schema, tag.local, spec);
    const inner = isStringSchema(under)
      ? readText(text, tag.end, tag.local, marker, spec.tags)
      : readElements(text, tag.end, tag.local, spec, marker, under, depth + 1);
    const value: ElementValue =
      inner.children.length === 0
        ? valueText(text.slice(tag.end, inner.textEnd), 'inline')
        : { children: inner.children };
    children.push([tag.local, value]);
    i = inner.next;
    if (!inner.closed) return { children, next: i, closed: false, textEnd: i, stray };
  }
}

/** An element read as text: up to its own close. */
function readText(
  text: string,
  from: number,
  name: string,
  marker: string,
  tags: AttributeTagOptions,
): NestedElementsRead {
  let i = from;
  for (;;) {
    const tag = nextMarkedTag(text, i, marker, tags);
    if (tag === null)
      return { children: [], next: text.length, closed: false, textEnd: text.length, stray: false };
    if (tag.closing && tag.local === name)
      return { children: [], next: tag.end, closed: true, textEnd: tag.start - marker.length, stray: false };
    i = tag.end;
  }
}

/** The next tag at or after `from` that sits right behind `marker` (every tag when it is ''). */
export function nextMarkedTag(
  text: string,
  from: number,
  marker: string,
  tags: AttributeTagOptions,
): AttributeTag | null {
  if (marker === '') return nextAttributeTag(text, from, text.length, tags);
  let i = from;
  for (;;) {
    const at = text.indexOf(marker, i);
    if (at === -1) return null;
    const tag = readAttributeTag(text, at + marker.length, text.length, tags);
    if (tag !== null) return tag;
    i = at + marker.length;
  }
}

/** The schema of a child element: a list's `<item>` under `items`, any other under its property. */
function childSchema(schema: Schema, name: string, spec: NestedElementsSpec): Schema {
  if (name === spec.item && schema !== undefined) {
    const items = getOwn(schema, 'items');
    if (isPlainObject(items)) return items;
  }
  return propertySchema(schema, name);
}

/** A schema whose only type is string (null aside): its value is text, never elements. */
function isStringSchema(schema: Schema): boolean {
  const type = schema === undefined ? undefined : getOwn(schema, 'type');
  if (type === 'string') return true;
  return (
    Array.isArray(type) &&
    type.includes('string') &&
    type.every((t: unknown) => t === 'string' || t === 'null')
  );
}

type Schema = Record<string, unknown> | undefined;

function typeBy(value: ElementValue, schema: Schema, spec: NestedElementsSpec): unknown {
  if (typeof value === 'string') return coerceValue(value, schema);
  const { children } = value;
  if (children.every(([k]) => k === spec.item)) {
    const items = schema === undefined ? undefined : getOwn(schema, 'items');
    return children.map(([, v]) => typeBy(v, isPlainObject(items) ? items : undefined, spec));
  }
  return elementsObject(children, schema, spec);
}

/**
 * Children by name, each typed by the part of `schema` it sits under (core's `coerceValue`, so
 * `018956` under `{"type": "integer"}` is 18956); children all named `spec.item` make a list, and a
 * name written more than once is the list of its values.
 */
export function elementsObject(
  children: Array<[string, ElementValue]>,
  schema: Schema,
  spec: NestedElementsSpec,
): Record<string, unknown> {
  const grouped = new Map<string, unknown[]>();
  for (const [k, v] of children) {
    const typed = typeBy(v, propertySchema(schema, k), spec);
    const list = grouped.get(k);
    if (list === undefined) grouped.set(k, [typed]);
    else list.push(typed);
  }
  const out: Record<string, unknown> = {};
  for (const [k, list] of grouped) setOwn(out, k, list.length === 1 ? list[0] : list);
  return out;
}
