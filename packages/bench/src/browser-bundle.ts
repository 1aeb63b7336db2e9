/**
 * The library as a browser or edge bundle: core and every format package, bundled by esbuild for
 * `platform: 'browser'`. A Node built-in anywhere in the parse path makes the bundle fail, which
 * is what a playground page or an edge proxy would meet (architecture/contract.md: the root entry
 * runs in every JavaScript runtime).
 */
import { gzipSync } from 'node:zlib';
import { build, type Message } from 'esbuild';

/** A page that parses: a router over every format, parsing and streaming one output. */
export const PARSER_ENTRY = `
import { createRouter, foldEvents } from '@toolformat/core';
import { builtinPlugins } from '@toolformat/formats';
const router = createRouter({ plugins: builtinPlugins });
export function parse(model, text) {
  return router.forModel(model).parse(text);
}
export function stream(model, chunks) {
  const parser = router.forModel(model).createStreamParser();
  const events = chunks.flatMap((c) => parser.push(c)).concat(parser.end());
  return foldEvents(events, parser.format);
}
`;

/** An edge function: the web-standard proxy (Request in, Response out) over every format. */
export const EDGE_PROXY_ENTRY = `
import { createRouter } from '@toolformat/core';
import { builtinPlugins } from '@toolformat/formats';
import { createProxy } from '@toolformat/proxy';
export function proxy(upstream, fetch) {
  return createProxy({ upstream, fetch, router: createRouter({ plugins: builtinPlugins }) });
}
`;

export interface BrowserBundle {
  /** esbuild's errors (an unresolvable Node built-in is one); empty when the bundle built. */
  errors: Message[];
  /** The minified ES module (exports `parse(model, text)` and `stream(model, chunks)`). */
  code: string;
  /** Minified size in bytes, and gzip -9 of it. */
  bytes: number;
  gzipBytes: number;
  /** Bytes of the minified output per top-level package (`zod`, `@toolformat/core`, …), largest first. */
  byPackage: [string, number][];
}

/** Bundles `entry` from `resolveDir` (a folder whose node_modules has every package). */
export async function bundleForBrowser(resolveDir: string, entry = PARSER_ENTRY): Promise<BrowserBundle> {
  try {
    const result = await build({
      stdin: { contents: entry, resolveDir, loader: 'js', sourcefile: 'entry.js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    const sizes = new Map<string, number>();
    for (const output of Object.values(result.metafile.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const name = packageOf(input);
        sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput);
      }
    }
    return {
      errors: [],
      code: new TextDecoder().decode(code),
      bytes: code.byteLength,
      gzipBytes: gzipSync(code, { level: 9 }).byteLength,
      byPackage: [...sizes].sort((a, b) => b[1] - a[1]),
    };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (errors === undefined) throw error;
    return { errors, code: '', bytes: 0, gzipBytes: 0, byPackage: [] };
  }
}

/** `…/node_modules/zod/v4/core.js` → `zod`; `../core/dist/kit/x.js` → `@toolformat/core`. */
function packageOf(input: string): string {
  const parts = input.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at !== -1) {
    const first = parts[at + 1] ?? input;
    return first.startsWith('@') ? `${first}/${parts[at + 2]}` : first;
  }
  // A workspace package, reached as `../core/dist/…` from the bench package.
  const dist = parts.indexOf('dist');
  return dist > 0 ? `@toolformat/${parts[dist - 1]}` : input;
}
