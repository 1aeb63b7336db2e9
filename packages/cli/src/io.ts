/**
 * The three streams main() talks to, as interfaces so tests can pass fakes instead of spawning
 * a process.
 */
import { readFile } from 'node:fs/promises';
import { InputCheck } from './input-check.js';
import { UsageError } from './usage-error.js';

export interface CliInput extends AsyncIterable<string | Uint8Array> {
  /** True when stdin is a terminal: nobody is piping anything in. */
  readonly isTTY?: boolean;
}

export interface CliOutput {
  /** Returns false when the stream wants the writer to wait for 'drain' (Node streams do). */
  write(chunk: string): boolean | undefined | unknown;
  once?(event: 'drain', listener: () => void): unknown;
}

export interface CliIo {
  stdin: CliInput;
  stdout: CliOutput;
  stderr: CliOutput;
}

/** Writes and, when the stream asks for it, waits for it to drain, so a long --jsonl run stays in bounded memory. */
export async function write(out: CliOutput, text: string): Promise<void> {
  if (out.write(text) === false && typeof out.once === 'function') {
    await new Promise<void>((resolve) => out.once?.('drain', resolve));
  }
}

/** The FILE argument: `-` (the usual spelling of stdin) and no argument both mean stdin. */
export function inputFile(positional: string | undefined): string | undefined {
  return positional === '-' ? undefined : positional;
}

export interface InputText {
  text: string;
  /** Invalid UTF-8 or NUL bytes in it, said once (see InputCheck), or null. */
  problem: string | null;
}

/** The whole of FILE, or of stdin when no file is given, and what was wrong with its bytes. */
export async function readInput(file: string | undefined, io: CliIo, command: string): Promise<InputText> {
  const check = new InputCheck();
  // Not fatal: the text is still parsed (a stray byte must not lose the calls around it).
  const decoder = new TextDecoder('utf-8');
  if (file !== undefined) {
    const bytes = await readBytes(file, 'input', command);
    check.bytes(bytes);
    return { text: decoder.decode(bytes), problem: check.end() };
  }
  if (io.stdin.isTTY) {
    throw new UsageError('no input: give a FILE or pipe the model output into stdin.', command);
  }
  let text = '';
  for await (const chunk of io.stdin) {
    if (typeof chunk === 'string') {
      check.text(chunk);
      text += chunk;
    } else {
      check.bytes(chunk);
      text += decoder.decode(chunk, { stream: true });
    }
  }
  return { text: text + decoder.decode(), problem: check.end() };
}

async function readBytes(file: string, what: string, command: string): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read ${what} file '${file}': ${describeFsError(error)}.`, command);
  }
}

/** Reads a file the user named; a missing or unreadable file is a usage error naming it. */
export async function readTextFile(file: string, what: string, command: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what} file '${file}': ${describeFsError(error)}.`, command);
  }
}

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return (error as Error).message;
}
