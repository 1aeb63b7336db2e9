/**
 * The peer conformance corpus: one JSON object per line, each a model output with the calls and
 * content another implementation (vLLM, llama.cpp, SGLang, Ollama, …) extracts from it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ExpectedCall {
  name: string;
  arguments: Record<string, unknown>;
  /** Some peers carry ids (Kimi, Mistral); calls are compared by name and arguments only. */
  id?: string;
}

/** An OpenAI-shaped tool, or just a name. */
export type CorpusTool = string | { type: 'function'; function: { name: string; [key: string]: unknown } };

export interface CorpusCase {
  id: string;
  source?: string;
  /** The format family, used as the explicit format id (`router.get(family)`). */
  family: string;
  peer_format?: string;
  input: string;
  /** null: the peer asserted nothing about calls; the case is skipped. */
  expected_calls: ExpectedCall[] | null;
  expected_content: string | null;
  /** Content is compared only when this is true. */
  content_asserted: boolean;
  expected_reasoning?: string | null;
  /** The input was cut off mid-generation (the peer parsed a partial output). */
  partial: boolean;
  notes?: string;
  tools?: CorpusTool[];
  /** How the peer streamed the input; run through our stream parser and compared with batch. */
  chunks?: string[];
  /**
   * The peer compared content ignoring surrounding whitespace. Our content comparison always
   * collapses whitespace runs and trims, so this needs nothing extra.
   */
  trim?: boolean;
  /** The prompt had already opened a reasoning block (→ `reasoningOpen`). */
  reasoning_open?: boolean;
}

/** The corpus file: `$TOOLFORMAT_CORPUS`, else `<repo>/../shared/corpus/peers.jsonl`. */
export function defaultCorpusPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TOOLFORMAT_CORPUS) return resolve(env.TOOLFORMAT_CORPUS);
  // dist/corpus.js (or src/corpus.ts) → packages/conformance → packages → repo root.
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  return resolve(repoRoot, '..', 'shared', 'corpus', 'peers.jsonl');
}

/** Reads the corpus, or returns null when the file is absent (a checkout without ../shared). */
export function readCorpus(path: string): CorpusCase[] | null {
  if (!existsSync(path)) return null;
  const cases: CorpusCase[] = [];
  for (const [i, line] of readFileSync(path, 'utf8').split('\n').entries()) {
    if (line.trim() === '') continue;
    try {
      cases.push(JSON.parse(line) as CorpusCase);
    } catch (error) {
      throw new Error(`${path}:${i + 1}: not valid JSON: ${(error as Error).message}`);
    }
  }
  return cases;
}
