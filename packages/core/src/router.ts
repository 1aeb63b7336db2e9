/**
 * The router picks the handler for a model. Choice order (architecture/router-and-plugins.md): explicit format
 * id → first matching models.yaml rule → the plugins' own model patterns (the most specific
 * wins) → the default format, `auto` unless configured (content sniffing).
 */
import 'reflect-metadata';
import { type DependencyContainer, inject, injectAll, injectable } from 'tsyringe';
import { AUTO_ID, createAutoHandler } from './auto.js';
import type { ModelRule, ModelsConfig, RuleTemplate } from './config.js';
import type { MarkupFormatHandler } from './define-format.js';
import { listWords, ToolFormatConfigError } from './errors.js';
import type { FormatPlugin, StreamParser, ToolFormatHandler } from './handler.js';
import { compileModelRegex } from './model-regex.js';
import { createFormatContainer, defaultContainer, duplicatePlugin, FORMAT_PLUGIN } from './registry.js';
import type { ParseOptions, ParseResult } from './schemas.js';
import type { TemplateResolution } from './template.js';
import { normalizeTools } from './tools.js';

export const ROUTER_CONFIG = Symbol.for('toolformat.RouterConfig');

/**
 * The module that reads chat templates, named through a variable so that a bundler does not pull
 * the Jinja engine into a bundle that only parses (architecture/router-and-plugins.md).
 */
const TEMPLATE_MODULE = './template.js';

export interface FormatInfo {
  id: string;
  aliases: string[];
  variants: string[];
  modelPatterns: string[];
}

export interface ModelResolution {
  handler: ToolFormatHandler;
  /** The id asked for (an alias stays an alias), or `auto`. */
  format: string;
  variant?: string;
  /** Why this handler: an explicit id, a models.yaml rule, a plugin's model pattern, or the default. */
  source: 'explicit' | 'config' | 'pattern' | 'default';
  /** The models.yaml rule (source `config`); a rule with `template:`/`gguf:` has the format read from it. */
  rule?: ConfiguredRule;
  /** The rule's chat template, when the format was read from it (source `config`). */
  template?: RuleTemplateRoute;
  /** The plugin's model pattern that matched (source `pattern`; the most specific one). */
  pattern?: string;
  /** Parse options from the defaults and the rule (unknownTools, onMalformed, reasoningOpen). */
  options: ParseOptions;
  /** The handler's stop sequences plus the rule's `stop`. */
  stop: string[];
  nativeTools?: boolean;
}

export interface RescueOptions extends ParseOptions {
  model?: string;
  format?: string;
  /**
   * Demand strong evidence before a span becomes a call (callers that execute what they get:
   * the proxy, the client adapters). See architecture/precision.md.
   */
  strict?: boolean;
}

/**
 * What a rescue's calls rest on (architecture/precision.md). `source`: the model's own format,
 * another family's (read only on strong evidence), auto mode (no model, or one with no route),
 * or no call at all. `strength`: the evidence the calls had to show.
 */
export interface RescueEvidence {
  source: 'model-format' | 'other-format' | 'auto' | 'none';
  strength: 'ordinary' | 'strong';
  /** The format (and variant) that read the calls, or null. */
  format: string | null;
}

export type RescueResult = ParseResult & { evidence: RescueEvidence };

/** A models.yaml rule with its format known: given, or read from its chat template. */
export type ConfiguredRule = ModelRule & { format: string };

/** Where a rule's format came from when its chat template decided it. */
export interface RuleTemplateRoute {
  key: 'template' | 'gguf';
  /** The file as the rule gives it. */
  file: string;
  /** Why this format (`Router.forTemplate`'s reason). */
  reason: string;
}

/** Where in models.yaml a value came from: `file:line: key` for the message, and the parts. */
interface ConfigPlace {
  where: string;
  file: string;
  line: number | undefined;
  key: string;
}

interface Target {
  plugin: FormatPlugin;
  variant?: string;
}

@injectable()
export class Router {
  private readonly targets = new Map<string, Target>();
  private readonly handlers = new Map<string, ToolFormatHandler>();
  private readonly patterns: Array<{
    match: string;
    test: (name: string) => boolean;
    specificity: number;
    target: Target;
  }> = [];
  private readonly rules: Array<{
    rule: ConfiguredRule;
    test: (name: string) => boolean;
    template: RuleTemplateRoute | undefined;
  }> = [];
  private autoHandler: ToolFormatHandler | null = null;
  /** Per model format, per set of declared tool names: the rescue handler (see rescueHandler). */
  private readonly rescueHandlers = new Map<ToolFormatHandler, Map<string, ToolFormatHandler>>();

  constructor(
    @injectAll(FORMAT_PLUGIN) private readonly plugins: FormatPlugin[],
    @inject(ROUTER_CONFIG) private readonly config: ModelsConfig,
  ) {
    const byId = new Map<string, FormatPlugin>();
    for (const plugin of plugins) {
      const first = byId.get(plugin.id);
      // Registered around registerFormat (container.register): still one id, one plugin.
      if (first !== undefined && first !== plugin) throw duplicatePlugin(first);
      byId.set(plugin.id, plugin);
    }
    const sorted = [...byId.values()].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
    this.plugins = sorted;
    for (const plugin of sorted) {
      this.addTarget(plugin.id, { plugin });
      for (const alias of plugin.aliases ?? []) {
        const a = typeof alias === 'string' ? { id: alias } : alias;
        this.addTarget(a.id, { plugin, variant: a.variant });
      }
      for (const p of plugin.modelPatterns ?? []) {
        const test = compilePattern(p.match);
        this.patterns.push({
          match: String(p.match), // a RegExp as /source/flags
          test,
          specificity: specificity(p.match),
          target: { plugin, variant: p.variant },
        });
      }
    }
    const file = config.source?.file ?? 'models.yaml';
    const at = (path: (string | number)[]): ConfigPlace => {
      const line = config.source?.lineOf(path);
      return { where: `${file}:${line ?? '?'}: ${path.join('.')}`, file, line, key: path.join('.') };
    };
    const defaultFormat = config.defaults?.format;
    if (defaultFormat !== undefined && defaultFormat !== AUTO_ID && !this.targets.has(defaultFormat)) {
      throw this.unknownConfigFormat(defaultFormat, at(['defaults', 'format']));
    }
    for (const [i, given] of (config.models ?? []).entries()) {
      const fromTemplate = given.template !== undefined || given.gguf !== undefined;
      const { rule, template } = fromTemplate
        ? this.ruleFromTemplate(
            given,
            config.templates?.get(i),
            at(['models', i, given.template !== undefined ? 'template' : 'gguf']),
          )
        : { rule: given as ConfiguredRule, template: undefined };
      if (rule.format !== AUTO_ID && !this.targets.has(rule.format)) {
        throw this.unknownConfigFormat(rule.format, at(['models', i, 'format']));
      }
      if (rule.variant !== undefined && !fromTemplate) this.checkVariant(rule, at(['models', i, 'variant']));
      this.rules.push({ rule, test: compilePattern(rule.match), template });
    }
  }

  /**
   * A rule with `template:` or `gguf:` takes the format and variant its chat template writes,
   * read now (the file was read by loadModelsConfig), so that a template with no tool markup fails
   * when models.yaml is loaded, naming the line, rather than routing by a guess.
   */
  private ruleFromTemplate(
    given: ModelRule,
    loaded: RuleTemplate | undefined,
    place: ConfigPlace,
  ): { rule: ConfiguredRule; template: RuleTemplateRoute } {
    const { where, ...details } = place;
    const key = given.template !== undefined ? 'template' : 'gguf';
    const file = given[key]!;
    if (loaded === undefined)
      throw new ToolFormatConfigError(
        `${where}: the chat template file '${file}' was not read: load models.yaml with loadModelsConfig (@toolformat/core/node), which reads it, or give format: instead.`,
        details,
      );
    const r = loaded.resolve(this);
    if (r.format === null || r.handler === null)
      throw new ToolFormatConfigError(
        `${where}: the chat template in '${file}' writes no tool-call markup a registered format reads (${r.reason.replace(/^No format: /, '').replace(/\.$/, '')}); give format: for this model instead, or list the plugin that reads it under plugins:.`,
        details,
      );
    return {
      rule: { ...given, format: r.format, ...(r.variant !== undefined ? { variant: r.variant } : {}) },
      template: { key, file, reason: r.reason },
    };
  }

  /**
   * A rule's variant is built now, so a typo fails when models.yaml is loaded (and in
   * `toolformat formats --config`), naming the line, not on the first request for that model.
   */
  private checkVariant(rule: ConfiguredRule, place: ConfigPlace): void {
    const { where, ...details } = place;
    const variant = rule.variant!;
    const target = rule.format === AUTO_ID ? undefined : this.targets.get(rule.format);
    if (target === undefined) {
      throw new ToolFormatConfigError(
        `${where}: 'auto' has no variants; remove the variant or name a format.`,
        details,
      );
    }
    try {
      this.handlerFor({ plugin: target.plugin, variant });
    } catch (error) {
      const allowed =
        error instanceof ToolFormatConfigError && error.details.allowed !== undefined
          ? [...error.details.allowed]
          : (this.formats().find((f) => f.id === target.plugin.id)?.variants ?? []);
      const what =
        error instanceof ToolFormatConfigError && error.details.key === 'variant'
          ? `unknown variant '${variant}' for ${target.plugin.id}`
          : `variant '${variant}' of ${target.plugin.id} failed to build (${String(error)})`;
      throw new ToolFormatConfigError(`${where}: ${what}; allowed: ${listWords(allowed)}.`, {
        ...details,
        allowed,
      });
    }
  }

  /** The handler for a format id or alias (`auto` included). Throws naming the ids that exist. */
  get(id: string, variant?: string): ToolFormatHandler {
    if (id === AUTO_ID) return this.auto();
    const target = this.targets.get(id);
    if (!target) throw this.unknownFormat(id, 'format');
    return this.handlerFor({ plugin: target.plugin, variant: variant ?? target.variant });
  }

  /** The handler for a model name (see the choice order above). */
  forModel(model: string): ToolFormatHandler {
    return this.resolveModel(model).handler;
  }

  /** Like forModel, with why that handler was chosen and the options and stops that go with it. */
  resolveModel(model: string): ModelResolution {
    const defaults = this.config.defaults ?? {};
    const base: ParseOptions = pick(defaults);
    for (const { rule, test, template } of this.rules) {
      if (!test(model)) continue;
      const handler = this.get(rule.format, rule.variant);
      return {
        handler,
        format: rule.format,
        variant: rule.variant,
        source: 'config',
        rule,
        ...(template !== undefined ? { template } : {}),
        options: { ...base, ...pick(rule) },
        stop: [...stops(handler), ...(rule.stop ?? [])],
        nativeTools: rule.nativeTools,
      };
    }
    let best: (typeof this.patterns)[number] | null = null;
    for (const p of this.patterns) if (p.test(model) && (!best || p.specificity > best.specificity)) best = p;
    if (best) {
      const handler = this.handlerFor(best.target);
      return {
        handler,
        format: best.target.plugin.id,
        variant: best.target.variant,
        source: 'pattern',
        pattern: best.match,
        options: base,
        stop: stops(handler),
      };
    }
    const format = defaults.format ?? AUTO_ID;
    const handler = this.get(format);
    return { handler, format, source: 'default', options: base, stop: stops(handler) };
  }

  /**
   * The format (and variant) a model's Jinja chat template writes, or `format: null` when the
   * template has no tool-call markup a registered format reads. Loads the Jinja engine on first
   * use; in a bundle, import `resolveTemplate` from `@toolformat/core/template` instead.
   */
  async forTemplate(source: string): Promise<TemplateResolution> {
    const mod = (await import(/* @vite-ignore */ TEMPLATE_MODULE)) as typeof import('./template.js');
    return mod.resolveTemplate(this, source);
  }

  /** Like resolveModel, for an explicit format id or alias (`hermes`, `xml:glm`, `auto`). */
  resolveFormat(format: string): ModelResolution {
    const handler = this.get(format);
    return {
      handler,
      format,
      source: 'explicit',
      options: pick(this.config.defaults ?? {}),
      stop: stops(handler),
    };
  }

  /** Parse with an explicit format, a model's format, or auto; options from models.yaml apply. */
  parse(text: string, opts: RescueOptions = {}): ParseResult {
    const { model, format, ...parseOpts } = opts;
    if (format !== undefined)
      return this.get(format).parse(text, { ...pick(this.config.defaults ?? {}), ...parseOpts });
    const r = model !== undefined ? this.resolveModel(model) : null;
    const handler = r?.handler ?? this.get(this.config.defaults?.format ?? AUTO_ID);
    return handler.parse(text, { ...(r?.options ?? pick(this.config.defaults ?? {})), ...parseOpts });
  }

  /**
   * The leaked-call fallback, for a native response whose `tool_calls` was empty. Equal, by
   * construction, to `createRescueParser(opts)` fed `text` once and ended: a proxy or client
   * adapter that streams gets exactly what the batch rescue returns.
   */
  rescue(text: string, opts: RescueOptions = {}): RescueResult {
    const { handler, options } = this.rescueTarget(opts);
    const result = handler.parse(text, options);
    return { ...result, evidence: this.rescueEvidence(result.calls.length > 0 ? result.format : null, opts) };
  }

  /**
   * What a rescue's calls rest on, for a caller that logs or refuses weak rescues: the format that
   * read them (`parser.format` at the end of a streamed rescue) and the options rescue was given.
   */
  rescueEvidence(format: string | null, opts: RescueOptions = {}): RescueEvidence {
    const strict = opts.strict === true;
    if (format === null) return { source: 'none', strength: strict ? 'strong' : 'ordinary', format: null };
    const own =
      opts.format !== undefined
        ? this.get(opts.format)
        : opts.model !== undefined
          ? this.resolveModel(opts.model).handler
          : null;
    if (own === null || own.id === AUTO_ID)
      return { source: 'auto', strength: strict ? 'strong' : 'ordinary', format };
    const family = (id: string) => id.split(':')[0];
    if (family(format) === family(own.id))
      return { source: 'model-format', strength: strict ? 'strong' : 'ordinary', format };
    return { source: 'other-format', strength: 'strong', format };
  }

  /** The streaming rescue: its events add up to `rescue(text, opts)` for every chunking. */
  createRescueParser(opts: RescueOptions = {}): StreamParser {
    const { handler, options } = this.rescueTarget(opts);
    return handler.createStreamParser(options);
  }

  private rescueTarget(opts: RescueOptions): { handler: ToolFormatHandler; options: ParseOptions } {
    const { model, format, ...rest } = opts;
    const parseOpts = { mentions: true, ...rest };
    const defaults = pick(this.config.defaults ?? {});
    if (format !== undefined)
      return {
        handler: this.rescueHandler(this.get(format), parseOpts),
        options: { ...defaults, ...parseOpts },
      };
    if (model !== undefined) {
      const r = this.resolveModel(model);
      return { handler: this.rescueHandler(r.handler, parseOpts), options: { ...r.options, ...parseOpts } };
    }
    return { handler: this.get(AUTO_ID), options: { ...defaults, ...parseOpts } };
  }

  /**
   * What rescue reads a known model's output with: every format in one scan, the model's own
   * first and on ordinary evidence, the others only on strong evidence (a sibling family's shape
   * is what a misconfigured server leaks, but prose that mentions it must not become a call).
   * Without a format of the model's own, auto mode.
   */
  private rescueHandler(own: ToolFormatHandler, opts: ParseOptions): ToolFormatHandler {
    if (own.id === AUTO_ID) return own;
    // A format whose markers are the declared tools' names reads with the markup for these tools
    // (its own, or another family's: a client's prompt may teach a model that family's shape).
    const names = toolNames(opts);
    let byTools = this.rescueHandlers.get(own);
    if (!byTools) {
      byTools = new Map();
      this.rescueHandlers.set(own, byTools);
    }
    let handler = byTools.get(names);
    if (!handler) {
      const family = own.id.split(':')[0];
      const others = this.allHandlers().filter((h) => h !== own && h.id.split(':')[0] !== family);
      const withTools = (h: ToolFormatHandler): ToolFormatHandler => {
        const markup = (h as MarkupFormatHandler).markupFor?.call(h, opts);
        return markup === undefined || markup === (h as MarkupFormatHandler).markup
          ? h
          : ({ ...h, markup } as ToolFormatHandler);
      };
      handler = createAutoHandler([own, ...others].map(withTools), { trusted: true });
      // Handlers per tool set are kept for the sets in use (an agent has a few).
      if (byTools.size >= 64) byTools.clear();
      byTools.set(names, handler);
    }
    return handler;
  }

  /** What is registered: ids, aliases, variants and model patterns (for `toolformat formats`). */
  formats(): FormatInfo[] {
    return this.plugins.map((p) => {
      const aliases = (p.aliases ?? []).map((a) => (typeof a === 'string' ? a : a.id));
      const variants = [
        ...new Set(
          [...(p.aliases ?? []), ...(p.modelPatterns ?? [])]
            .map((a) => (typeof a === 'string' ? undefined : a.variant))
            .filter((v): v is string => v !== undefined),
        ),
      ];
      return {
        id: p.id,
        aliases,
        variants,
        modelPatterns: (p.modelPatterns ?? []).map((m) => String(m.match)),
      };
    });
  }

  /** Every format id and alias, for messages and completion. */
  ids(): string[] {
    return [AUTO_ID, ...this.targets.keys()];
  }

  private auto(): ToolFormatHandler {
    this.autoHandler ??= createAutoHandler(this.plugins.map((p) => this.handlerFor({ plugin: p })));
    return this.autoHandler;
  }

  private allHandlers(): ToolFormatHandler[] {
    return this.plugins.map((p) => this.handlerFor({ plugin: p }));
  }

  private handlerFor(target: Target): ToolFormatHandler {
    const key = `${target.plugin.id}\u0000${target.variant ?? ''}`;
    let handler = this.handlers.get(key);
    if (!handler) {
      handler = target.plugin.create(target.variant !== undefined ? { variant: target.variant } : {});
      this.handlers.set(key, handler);
    }
    return handler;
  }

  private addTarget(id: string, target: Target): void {
    if (!this.targets.has(id)) this.targets.set(id, target);
  }

  /** A models.yaml key naming a format that is not registered (same shape as every config error). */
  private unknownConfigFormat(id: string, place: ConfigPlace): ToolFormatConfigError {
    const { where, ...details } = place;
    const allowed = this.ids();
    return new ToolFormatConfigError(
      `${where}: unknown format '${id}'; allowed: ${listWords(allowed)} (or list the package that provides it under plugins:).`,
      { ...details, allowed },
    );
  }

  private unknownFormat(id: string, where: string): ToolFormatConfigError {
    const allowed = this.ids();
    return new ToolFormatConfigError(
      `${where}: unknown format '${id}'; known formats: ${listWords(allowed)}.`,
      {
        key: where,
        allowed,
      },
    );
  }
}

export interface CreateRouterOptions {
  /** Parsed models.yaml (see loadModelsConfig); default: no rules, format auto. */
  config?: ModelsConfig;
  /** Where the plugins are registered; default toolformat's own container. */
  container?: DependencyContainer;
  /** Plugins to register in the router's own child container (in addition to the container's). */
  plugins?: readonly FormatPlugin[];
}

/** How adapters take their formats: a router, or the config and plugins to build one from. */
export interface RouterSource {
  router?: Router;
  config?: ModelsConfig;
  plugins?: readonly FormatPlugin[];
}

/** The adapters' router: the one given, else one built from `config` and `plugins`. */
export function routerFrom(source: RouterSource): Router {
  return (
    source.router ??
    createRouter({
      ...(source.config ? { config: source.config } : {}),
      ...(source.plugins ? { plugins: source.plugins } : {}),
    })
  );
}

/** Resolves every registered plugin through tsyringe and builds a router over them. */
export function createRouter(options: CreateRouterOptions = {}): Router {
  const child = createFormatContainer(
    options.plugins,
    (i) => `createRouter({ plugins })[${i}]`,
    options.container ?? defaultContainer,
  );
  if (!child.isRegistered(FORMAT_PLUGIN, true)) {
    throw new ToolFormatConfigError(
      'No format is registered. Register formats with registerFormat(plugin), pass `plugins`, or list packages under `plugins:` in models.yaml.',
    );
  }
  child.register(ROUTER_CONFIG, { useValue: options.config ?? {} });
  return child.resolve(Router);
}

/** The declared tools' names as one key ('' without tools, or when they do not read). */
function toolNames(opts: ParseOptions): string {
  try {
    return normalizeTools(opts.tools)
      .map((t) => t.name)
      .join('\u0000');
  } catch {
    return '';
  }
}

function pick(o: {
  unknownTools?: 'keep' | 'drop';
  onMalformed?: 'strip' | 'keep';
  reasoningOpen?: boolean;
}): ParseOptions {
  const out: ParseOptions = {};
  if (o.unknownTools !== undefined) out.unknownTools = o.unknownTools;
  if (o.onMalformed !== undefined) out.onMalformed = o.onMalformed;
  if (o.reasoningOpen !== undefined) out.reasoningOpen = o.reasoningOpen;
  return out;
}

function stops(handler: ToolFormatHandler): string[] {
  try {
    return handler.stopSequences();
  } catch {
    return [];
  }
}

/** A model-name test from a glob (case-insensitive; also tried on the part after the last `/`) or `/regex/`. */
export function compilePattern(match: string | RegExp): (name: string) => boolean {
  if (match instanceof RegExp) return (name) => match.test(name);
  if (match.startsWith('/') && match.lastIndexOf('/') > 0) {
    const re = compileModelRegex(match);
    return (name) => re.test(name);
  }
  const glob = match.toLowerCase();
  return (name) => {
    const lower = name.toLowerCase();
    if (globMatch(glob, lower)) return true;
    const slash = lower.lastIndexOf('/');
    return slash !== -1 && globMatch(glob, lower.slice(slash + 1));
  };
}

/** `*` any run, `?` one character. Iterative with one backtrack point: O(n·m) at worst, no regex. */
export function globMatch(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let starG = -1;
  let starT = 0;
  while (t < text.length) {
    if (g < glob.length && (glob[g] === '?' || glob[g] === text[t])) {
      g++;
      t++;
    } else if (g < glob.length && glob[g] === '*') {
      starG = g++;
      starT = t;
    } else if (starG !== -1) {
      g = starG + 1;
      t = ++starT;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}

/** How specific a pattern is: its literal characters (a RegExp counts its source length). */
function specificity(match: string | RegExp): number {
  const s = match instanceof RegExp ? match.source : match;
  let n = 0;
  for (const ch of s) if (ch !== '*' && ch !== '?') n++;
  return n;
}
