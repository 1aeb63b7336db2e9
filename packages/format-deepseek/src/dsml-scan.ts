/**
 * DSML's options for the kit's attribute-tag reader: `<｜DSML｜invoke name="x">` and
 * `</｜DSML｜parameter>` (U+FF5C bars, or ASCII `|` where a server mangled them), every attribute
 * kept (parameters carry `string="true|false"`), a quoted value may span lines. Every scan is
 * bounded so that reading a body stays linear however the tags are broken: a tag that does not
 * close is given up at the next `<`, and close markers are searched through the kit's Finder,
 * which never searches the same text twice.
 */
import {
  type AttributeTag,
  type AttributeTagOptions,
  isAsciiWordChar,
  nextAttributeTag,
} from '@toolformat/core/kit';
import { FW_BAR } from './tokens.js';

export { Finder } from '@toolformat/core/kit';

/** A DSML tag: `local` is `invoke`, `parameter`, `function_calls` or `tool_calls`; `attrs` holds every attribute. */
export type DsmlTag = AttributeTag & { attrs: Map<string, string> };

const PREFIXES = [`${FW_BAR}DSML${FW_BAR}`, '|DSML|'];

const DSML_TAGS: AttributeTagOptions = {
  isNameChar: isAsciiWordChar,
  prefixes: PREFIXES,
  maxLocal: 32,
  quotedSpansLines: true,
  closingAttributes: true,
  attributes: 'all',
};

/** The next DSML tag at or after `from`. */
export function nextTag(text: string, from: number, limit: number): DsmlTag | null {
  return nextAttributeTag(text, from, limit, DSML_TAGS) as DsmlTag | null;
}

/** Both spellings of a DSML tag: `dsml('parameter', true)` → `</｜DSML｜parameter>`, `</|DSML|parameter>`. */
export function dsml(local: string, closing = false, suffix = '>'): string[] {
  return PREFIXES.map((p) => `<${closing ? '/' : ''}${p}${local}${suffix}`);
}
