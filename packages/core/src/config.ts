/**
 * models.yaml: which format each model writes, defaults, and third-party plugins to load.
 * Read with the `yaml` package (which keeps line numbers), validated with zod; every error
 * names the file, the line, the key and what is allowed.
 */
import { type Document, isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import * as z from 'zod/mini';
import { listWords, ToolFormatConfigError } from './errors.js';
import { compileModelRegex } from './model-regex.js';
import type { Router } from './router.js';
import type { TemplateResolution } from './template.js';

const ParseDefaults = {
  unknownTools: z.optional(z.enum(['keep', 'drop'])),
  onMalformed: z.optional(z.enum(['strip', 'keep'])),
  reasoningOpen: z.optional(z.boolean()),
};

export const ModelRuleSchema = z.strictObject({
  /** A glob (`qwen2.5-*`, case-insensitive) or a `/regex/flags`. */
  match: z.string().check(z.minLength(1)),
  /** A format id or alias, or `auto`. Required unless `template` or `gguf` is given. */
  format: z.optional(z.string().check(z.minLength(1))),
  variant: z.optional(z.string().check(z.minLength(1))),
  /**
   * The model's Jinja chat template (a local file, relative to the config file's folder): the
   * format and variant are read from it (`Router.forTemplate`) when the config is loaded.
   */
  template: z.optional(z.string().check(z.minLength(1))),
  /** A local GGUF model file whose header holds the chat template (`tokenizer.chat_template`). */
  gguf: z.optional(z.string().check(z.minLength(1))),
  /** False when the server has no native tool calling (the text format is taught instead). */
  nativeTools: z.optional(z.boolean()),
  /** Extra stop sequences for this model. */
  stop: z.optional(z.array(z.string())),
  ...ParseDefaults,
});
export type ModelRule = z.infer<typeof ModelRuleSchema>;

export const ModelsConfigSchema = z.strictObject({
  defaults: z.optional(
    z.strictObject({ format: z.optional(z.string().check(z.minLength(1))), ...ParseDefaults }),
  ),
  plugins: z.optional(z.array(z.string().check(z.minLength(1)))),
  models: z.optional(z.array(ModelRuleSchema)),
});

export interface ModelsConfig extends z.infer<typeof ModelsConfigSchema> {
  /** Where the config came from, so later errors (an unknown format id) can name the line. */
  source?: { file: string; lineOf(path: readonly (string | number)[]): number | undefined };
  /**
   * Per index of a rule with `template:` or `gguf:`: the chat template read from that file. Filled
   * by `loadModelsConfig` (`@toolformat/core/node`); the router reads the format from it.
   */
  templates?: ReadonlyMap<number, RuleTemplate>;
}

/** A rule's chat template, read from its `template:` or `gguf:` file. */
export interface RuleTemplate {
  key: 'template' | 'gguf';
  /** The path as the rule gives it. */
  file: string;
  /** The template's Jinja source. */
  source: string;
  /** The format the template writes (`resolveTemplate` over the router's formats). */
  resolve(router: Router): TemplateResolution;
}

/** Parses and validates models.yaml text. Throws ToolFormatConfigError naming file, line, key and allowed values. */
export function parseModelsConfig(text: string, file = 'models.yaml'): ModelsConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineAt = (offset: number | undefined) =>
    offset === undefined ? undefined : lineCounter.linePos(offset).line;
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const line = lineAt(e.pos[0]);
    throw new ToolFormatConfigError(`${file}:${line}: not valid YAML: ${e.message.split('\n')[0]}`, {
      file,
      line,
    });
  }
  const data = doc.toJS() ?? {};
  const lineOf = (path: readonly (string | number)[]) => lineOfPath(doc, path, lineAt);
  const parsed = ModelsConfigSchema.safeParse(data);
  if (!parsed.success) {
    // An unknown key first: a typo (`fromat:`) also makes the key it meant missing, and the
    // missing key's message alone does not say what to fix.
    const issue = parsed.error.issues.find((i) => i.code === 'unrecognized_keys') ?? parsed.error.issues[0]!;
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    let key = path.join('.') || '(top level)';
    let allowed: string[] | undefined;
    let what = issue.message;
    if (issue.code === 'unrecognized_keys') {
      const bad = issue.keys[0]!;
      key = [...path, bad].join('.');
      allowed = allowedKeys(path);
      what = `unknown key '${bad}'`;
      path.push(bad);
    } else if (issue.code === 'invalid_value' && 'values' in issue) {
      allowed = (issue.values as unknown[]).map(String);
      what = `${describeValue(valueAt(data, path))} is not allowed`;
    } else if (issue.code === 'invalid_type') {
      const given = valueAt(data, path);
      what =
        given === undefined
          ? `missing; this key is required (expected ${article(issue.expected)})`
          : `expected ${article(issue.expected)}, got ${describeValue(given)}`;
    }
    const line = lineOf(path);
    const allowedText = allowed ? `; allowed: ${listWords(allowed)}` : '';
    throw new ToolFormatConfigError(`${file}:${line ?? '?'}: ${key}: ${what}${allowedText}`, {
      file,
      line,
      key,
      allowed,
    });
  }
  for (const [i, rule] of (parsed.data.models ?? []).entries()) {
    checkFormatSource(rule, i, file, lineOf);
    if (rule.match.startsWith('/')) {
      try {
        compileModelRegex(rule.match);
      } catch (error) {
        const line = lineOf(['models', i, 'match']);
        throw new ToolFormatConfigError(
          `${file}:${line ?? '?'}: models.${i}.match: ${(error as Error).message}`,
          {
            file,
            line,
            key: `models.${i}.match`,
          },
        );
      }
    }
  }
  return { ...parsed.data, source: { file, lineOf } };
}

/**
 * A rule names its format one way: `format:` (with an optional `variant:`), or the chat template
 * it is read from (`template:` or `gguf:`), never two at once.
 */
function checkFormatSource(
  rule: ModelRule,
  i: number,
  file: string,
  lineOf: (path: readonly (string | number)[]) => number | undefined,
): void {
  const fail = (key: string, what: string): never => {
    const line = lineOf(['models', i, key]);
    throw new ToolFormatConfigError(`${file}:${line ?? '?'}: models.${i}.${key}: ${what}`, {
      file,
      line,
      key: `models.${i}.${key}`,
    });
  };
  const from = (['template', 'gguf'] as const).filter((k) => rule[k] !== undefined);
  if (rule.format === undefined && from.length === 0)
    fail(
      'format',
      'missing; this key is required unless the rule gives template or gguf (the chat template the format is read from)',
    );
  if (from.length === 2)
    fail('gguf', 'give template or gguf, not both (both name the chat template); remove one of them');
  if (rule.format !== undefined && from.length > 0)
    fail(
      from[0]!,
      `give format or ${from[0]}, not both (the template decides the format); remove format to read it from the template, or ${from[0]} to keep format`,
    );
  if (rule.variant !== undefined && from.length > 0)
    fail(
      'variant',
      `the ${from[0]} decides the variant too; remove variant, or give format and variant instead of ${from[0]}`,
    );
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let v = data;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

function article(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** A value as the user wrote it, short enough for one line of an error message. */
function describeValue(v: unknown): string {
  const text = typeof v === 'string' ? `'${v}'` : (JSON.stringify(v) ?? String(v));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function allowedKeys(path: readonly (string | number)[]): string[] {
  if (path.length === 0) return Object.keys(ModelsConfigSchema.shape);
  if (path[0] === 'defaults') return ['format', ...Object.keys(ParseDefaults)];
  if (path[0] === 'models') return Object.keys(ModelRuleSchema.shape);
  return [];
}

/** The line of the deepest node of `path` that exists in the document. */
function lineOfPath(
  doc: Document,
  path: readonly (string | number)[],
  lineAt: (offset: number | undefined) => number | undefined,
): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const parentPath = path.slice(0, depth - 1);
    const key = path[depth - 1];
    if (depth > 0) {
      const parent = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
      if (isMap(parent)) {
        const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === key);
        const range = (pair?.key as { range?: [number, number, number] } | undefined)?.range;
        if (range) return lineAt(range[0]);
      }
      const node = doc.getIn(path.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lineAt(node.range[0]);
    } else {
      const range = (doc.contents as { range?: [number, number, number] } | null)?.range;
      return range ? lineAt(range[0]) : 1;
    }
  }
  return undefined;
}
