#!/usr/bin/env node
/** Entry point of `pnpm conformance` (see conformance.ts for the options). */
import { conformance } from './conformance.js';

process.exitCode = await conformance(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
