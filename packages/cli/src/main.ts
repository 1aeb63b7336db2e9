/**
 * The command line as a function: `main(argv, io)` returns the exit code, so every command is
 * tested in-process with fake streams; bin.ts only wires it to the real process.
 *
 * Exit codes: 0 success; 1 when `parse --jsonl` wrote error lines (or on an unexpected failure);
 * 2 for usage and configuration errors (unknown command or flag, missing file, bad combination,
 * bad models.yaml, unknown format id).
 */
import { createRequire } from 'node:module';
import { type FormatPlugin, ToolFormatConfigError } from '@toolformat/core';
import { type CommandContext, createContext } from './context.js';
import { detectCommand } from './detect-command.js';
import { formatsCommand } from './formats-command.js';
import { COMMANDS, helpOf, usageOf } from './help.js';
import { type CliIo, write } from './io.js';
import { parseCommand } from './parse-command.js';
import { promptCommand } from './prompt-command.js';
import { serveCommand } from './serve-command.js';
import { UsageError } from './usage-error.js';

export type { CliInput, CliIo, CliOutput } from './io.js';

export interface MainOptions {
  /** Formats registered before any --config plugins; default the built-ins. */
  plugins?: readonly FormatPlugin[];
  /** Stops a long-running command (`serve`) as SIGINT would. */
  stop?: AbortSignal;
}

type Command = (args: readonly string[], ctx: CommandContext) => Promise<number>;

// A Map, not an object literal: `toolformat constructor` must be an unknown command.
const RUN = new Map<string, Command>([
  ['parse', parseCommand],
  ['formats', formatsCommand],
  ['detect', detectCommand],
  ['prompt', promptCommand],
  ['serve', serveCommand],
]);

export async function main(argv: readonly string[], io: CliIo, options: MainOptions = {}): Promise<number> {
  const [first, ...rest] = argv;
  try {
    if (first === undefined)
      throw new UsageError('no command given: say what to do, e.g. `toolformat parse output.txt`.');
    if (first === '--help' || first === '-h') return print(io, helpOf(undefined));
    if (first === '--version' || first === '-V' || first === '-v') return print(io, `${version()}\n`);
    if (first === 'help') {
      const topic = rest[0];
      if (topic !== undefined && !RUN.has(topic)) throw unknownCommand(topic);
      return print(io, helpOf(topic));
    }
    const run = RUN.get(first);
    if (!run)
      throw first.startsWith('-')
        ? new UsageError(`unknown option '${first}': options go after the command.`)
        : unknownCommand(first);
    if (rest.includes('--help') || rest.includes('-h')) return print(io, helpOf(first));
    return await run(rest, createContext(io, options.plugins, options.stop));
  } catch (error) {
    if (error instanceof UsageError) {
      await write(io.stderr, `toolformat: ${error.message}\n${usageOf(error.command)}\n`);
      return 2;
    }
    if (error instanceof ToolFormatConfigError) {
      await write(io.stderr, `toolformat: ${error.message}\n`);
      return 2;
    }
    await write(io.stderr, `toolformat: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}

function unknownCommand(name: string): UsageError {
  const commands = COMMANDS.filter((c) => c !== 'help').join(', ');
  return new UsageError(`unknown command '${name}'; the commands are ${commands} (toolformat --help).`);
}

async function print(io: CliIo, text: string): Promise<number> {
  await write(io.stdout, text);
  return 0;
}

function version(): string {
  // src/ and dist/ both sit one level below package.json.
  const pkg = createRequire(import.meta.url)('../package.json') as { version: string };
  return pkg.version;
}
