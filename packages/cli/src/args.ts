/**
 * Command-line flags through `node:util` parseArgs, with its errors turned into usage errors
 * that name the flag and list the ones that exist.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs<O extends Options> {
  values: { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string };
  positionals: string[];
}

export function parseCommandArgs<O extends Options>(
  command: string,
  args: readonly string[],
  options: O,
  maxPositionals: number,
): ParsedArgs<O> {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(describeArgsError(command, error, options), command);
  }
  for (const [name, value] of Object.entries(parsed.values)) {
    // parseArgs lets `--format --tools x` read `--tools` as the value; nobody means that.
    if (typeof value === 'string' && value.startsWith('--')) {
      throw new UsageError(`option --${name} needs a value (got '${value}').`, command);
    }
  }
  if (parsed.positionals.length > maxPositionals) {
    const extra = parsed.positionals
      .slice(maxPositionals)
      .map((p) => `'${p}'`)
      .join(', ');
    throw new UsageError(
      maxPositionals === 0
        ? `\`toolformat ${command}\` takes no file argument (got ${extra}).`
        : `\`toolformat ${command}\` reads one FILE (or stdin); unexpected ${extra}.`,
      command,
    );
  }
  return parsed as ParsedArgs<O>;
}

function describeArgsError(command: string, error: unknown, options: Options): string {
  const e = error as { code?: string; message: string };
  const known = Object.entries(options)
    .map(([name, o]) => `--${name}${o.type === 'string' ? ' VALUE' : ''}`)
    .join(', ');
  const flag = /'(-[^' ]*)/.exec(e.message)?.[1] ?? '';
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option '${flag}' for \`toolformat ${command}\`; the options are ${known}.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return flag && options[flag.replace(/^-+/, '')]?.type === 'boolean'
        ? `option ${flag} takes no value.`
        : `option ${flag || '(unknown)'} needs a value.`;
    default:
      return `${e.message}; the options are ${known}.`;
  }
}
