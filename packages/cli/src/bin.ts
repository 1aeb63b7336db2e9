#!/usr/bin/env node
/** The `toolformat` executable: main() over the real process streams. */
import { main } from './main.js';

// `toolformat parse --jsonl big.jsonl | head` closes our stdout early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
