/** In-memory stdin/stdout/stderr for calling main() without a process. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../io.js';
import { type MainOptions, main } from '../main.js';
import { toyPlugin } from './toy-format.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as one JSON value. */
  json(): unknown;
  /** stdout parsed as JSON lines. */
  lines(): Array<Record<string, unknown>>;
}

/**
 * In-memory streams: `stdin` fed in 7-character chunks (readers must not assume one chunk is one
 * line), or as the byte chunks given; stdout and stderr collected; `onStderr` sees everything
 * written to stderr so far.
 */
export function memoryIo(stdin: string | readonly Uint8Array[] = '', onStderr?: (all: string) => void) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdin: (async function* () {
      if (typeof stdin !== 'string') yield* stdin;
      else for (let i = 0; i < stdin.length; i += 7) yield stdin.slice(i, i + 7);
    })(),
    stdout: {
      write(s: string) {
        stdout += s;
        return true;
      },
    },
    stderr: {
      write(s: string) {
        stderr += s;
        onStderr?.(stderr);
        return true;
      },
    },
  };
  return { io, stdout: () => stdout, stderr: () => stderr };
}

/** Runs main() with `stdin` as the piped input; by default only the toy format is registered. */
export async function run(
  argv: string[],
  stdin = '',
  options: MainOptions = { plugins: [toyPlugin] },
): Promise<RunResult> {
  const memory = memoryIo(stdin);
  const code = await main(argv, memory.io, options);
  const stdout = memory.stdout();
  return {
    code,
    stdout,
    stderr: memory.stderr(),
    json: () => JSON.parse(stdout),
    lines: () =>
      stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/**
 * A scratch directory inside the cli package (gitignored), so that files written there resolve
 * workspace packages — the acme plugin — through the package's own node_modules.
 */
export function scratchDir(name: string): {
  dir: string;
  file(rel: string, text: string): string;
  cleanup(): void;
} {
  const pkgRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dir = join(pkgRoot, '.tmp-test', `${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(dir, { recursive: true });
  return {
    dir,
    file(rel, text) {
      const path = join(dir, rel);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
