/**
 * Finds the fenced code snippets of the repository's documentation (README.md and
 * architecture/*.md) and says how each is checked. A snippet that is deliberately partial, or
 * needs something a test cannot have (a model server, a network install), is marked in the
 * markdown by an HTML comment on the line before its fence, which a reader does not see:
 *
 *     <!-- snippet: skip (why) -->
 *
 * The reason is required, so the list of skipped snippets says why each one is.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How a snippet is checked: run as a module, run by bash, or loaded as a models.yaml. */
export type SnippetKind = 'ts' | 'js' | 'sh' | 'yaml';

export interface Snippet {
  /** The markdown file, relative to the repository root. */
  file: string;
  /** The 1-based line of the opening fence. */
  line: number;
  /** The fence's info string (language), '' when there is none. */
  lang: string;
  /** null: a language this check does not run (python, an untagged usage block). */
  kind: SnippetKind | null;
  code: string;
  /** The reason given in a `<!-- snippet: skip (…) -->` marker, or null when it runs. */
  skip: string | null;
}

const KINDS: Record<string, SnippetKind> = {
  ts: 'ts',
  typescript: 'ts',
  js: 'js',
  javascript: 'js',
  mjs: 'js',
  sh: 'sh',
  bash: 'sh',
  shell: 'sh',
  yaml: 'yaml',
  yml: 'yaml',
};

const MARKER = /^<!--\s*snippet:\s*skip\s*(?:\((.*)\))?\s*-->$/;

/**
 * The documentation pages whose snippets must run: the README, every architecture page and every
 * package's README (what npm shows a user before they install).
 */
export function documentationFiles(root: string): string[] {
  const pages = readdirSync(join(root, 'architecture'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `architecture/${name}`);
  const packages = readdirSync(join(root, 'packages'))
    .sort()
    .map((name) => `packages/${name}/README.md`)
    .filter((file) => existsSync(join(root, file)));
  return ['README.md', ...pages, ...packages];
}

/** The fenced snippets of one markdown text, in order. Throws on a skip marker without a reason. */
export function extractSnippets(file: string, markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i] ?? '');
    if (!open) continue;
    const indent = open[1] ?? '';
    const fence = open[2] ?? '```';
    const lang = (open[3] ?? '').toLowerCase();
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j] ?? '';
      const close = line.trim();
      // A closing fence: the opening fence's character, at least as many, nothing else.
      if (close.length >= fence.length && close === (fence[0] ?? '`').repeat(close.length)) break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line);
    }
    let k = i - 1;
    while (k >= 0 && (lines[k] ?? '').trim() === '') k--;
    const marker = k >= 0 ? MARKER.exec((lines[k] ?? '').trim()) : null;
    if (marker && !marker[1]?.trim()) {
      throw new Error(
        `${file}:${k + 1}: a snippet: skip marker needs a reason: <!-- snippet: skip (why) -->`,
      );
    }
    snippets.push({
      file,
      line: i + 1,
      lang,
      kind: KINDS[lang] ?? null,
      code: `${body.join('\n')}\n`,
      skip: marker ? (marker[1] ?? '').trim() : null,
    });
    i = j;
  }
  return snippets;
}

/** Every snippet of the documentation pages. */
export function documentationSnippets(root: string): Snippet[] {
  return documentationFiles(root).flatMap((file) =>
    extractSnippets(file, readFileSync(join(root, file), 'utf8')),
  );
}

/** `file:line (lang)`: how the test names a snippet. */
export function snippetName(snippet: Snippet): string {
  return `${snippet.file}:${snippet.line} (${snippet.lang || 'no language'})`;
}
