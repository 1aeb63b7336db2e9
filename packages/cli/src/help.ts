/** The help texts. Usage lines match the README’s "The command line", word for word. */

export const COMMANDS = ['parse', 'formats', 'detect', 'prompt', 'serve', 'help'] as const;
export type CommandName = (typeof COMMANDS)[number];

const USAGE: Record<Exclude<CommandName, 'help'>, string> = {
  parse: 'toolformat parse [--format ID | --model NAME] [--tools FILE] [--config FILE] [--jsonl] [FILE]',
  formats: 'toolformat formats [--config FILE] [--text]',
  detect: 'toolformat detect [--config FILE] [FILE | --template FILE | --gguf FILE]',
  prompt: 'toolformat prompt (--format ID | --model NAME) --tools FILE [--config FILE] [--text]',
  serve:
    'toolformat serve --upstream URL [--config FILE] [--port 8080] [--host 127.0.0.1] [--api-key-env NAME] [--timeout SECONDS] [--max-body SIZE] [--log-bodies]',
};

const DETAILS: Record<Exclude<CommandName, 'help'>, string> = {
  parse: `Reads FILE (or stdin: no FILE, or -) as one model output and prints one JSON object:
  {"format", "calls": [{"id", "name", "arguments"}], "content", "reasoning", "issues": [{"kind", "message", "raw"}]}
Input that is not valid UTF-8 or holds NUL bytes is still parsed; the first issue
(kind "invalid-input") says so once, with the offset (--jsonl: a warning on stderr).

Options:
  --format ID      parse with this format (an id or alias; see \`toolformat formats\`)
  --model NAME     parse with the format models.yaml or the formats' model patterns pick for NAME
                   (with neither, the config's defaults.format applies: auto, content sniffing)
  --tools FILE     JSON array of tool definitions (OpenAI or flat shape): enables the allowlist
                   and schema typing of arguments
  --config FILE    a models.yaml: its rules drive --model, its plugins: are loaded
  --jsonl          batch mode: every input line is
                     {"id", "input", "format"?, "model"?, "tools"?, "options"?}
                   (options: unknownTools "keep"|"drop", onMalformed "strip"|"keep",
                   reasoningOpen true|false); every output line is {"id", …the object above}
                   or {"id", "error"} for a line that could not be parsed; the run goes on.
                   A line's format, model and tools override the flags.

Exit codes: 0 parsed; 1 with --jsonl when any line had an error; 2 usage or config error.`,
  formats: `Lists the registered formats: ids, aliases, variants and model patterns.

Options:
  --config FILE    also list the formats of the config's plugins:
  --text           a table instead of JSON`,
  detect: `Says which format FILE (or stdin: no FILE, or -) is written in, and how sure each format is:
  {"format": ID or null, "scores": [{"id", "score"}, …]}   (surest first)

With --template FILE (a Jinja chat template) or --gguf FILE (a model file: its
tokenizer.chat_template, read from the header only), says which format and variant
the template writes, and why:
  {"format", "variant", "handler", "method", "reason", "candidates"}

Options:
  --template FILE  the chat template to read
  --gguf FILE      the GGUF model file whose chat template to read
  --config FILE    also score the formats of the config's plugins:`,
  prompt: `Prints the system prompt that teaches a model the format, and its stop sequences:
  {"format", "systemPrompt", "stop": [...]}

Options:
  --format ID      the format to teach (not auto: auto only reads)
  --model NAME     the format models.yaml picks for NAME (its stop: entries are added)
  --tools FILE     JSON array of tool definitions to list in the prompt
  --config FILE    a models.yaml (rules and plugins:)
  --text           the prompt as text, then the stop sequences`,
  serve: `Starts an OpenAI-compatible proxy in front of URL (vLLM, llama.cpp, Ollama, LM Studio,
OpenRouter…): point any OpenAI client's base_url at it. Calls a model wrote as text come back as
real tool_calls, streaming and not; everything else passes through. One JSON log line per request
goes to stdout; GET /health and GET /metrics (Prometheus) are served. SIGINT or SIGTERM stops it
after the requests in flight (up to 10 s).

Options:
  --upstream URL        the model server's base URL, e.g. http://127.0.0.1:8000/v1 (required)
  --config FILE         a models.yaml: routes models to formats; nativeTools: false teaches a
                        model with no tool calling its tools as text
  --port N              default 8080 (0: any free port)
  --host HOST           default 127.0.0.1 (0.0.0.0 to listen on every interface)
  --api-key-env NAME    send the key in environment variable NAME upstream, instead of the
                        client's Authorization
  --timeout SECONDS     how long the upstream may take to answer or stay silent mid-stream
                        (default 600); past it: 504, or an error event in the stream
  --max-body SIZE       the largest request accepted, e.g. 16mb (default); past it: 413
  --log-bodies          put request and answer bodies in the log (off: they hold user data)`,
};

export function usageOf(command: string | undefined): string {
  if (command !== undefined && Object.hasOwn(USAGE, command))
    return `Usage: ${USAGE[command as keyof typeof USAGE]}`;
  return `Usage: toolformat <command> [options]   (toolformat help <command> for details)
  ${Object.values(USAGE).join('\n  ')}
  toolformat --help | --version`;
}

export function helpOf(command: string | undefined): string {
  if (command !== undefined && Object.hasOwn(USAGE, command)) {
    const c = command as keyof typeof USAGE;
    return `Usage: ${USAGE[c]}\n\n${DETAILS[c]}\n`;
  }
  return `toolformat — turns tool calls that LLMs write as text into structured calls.

${usageOf(undefined)}

Commands:
  parse     parse one model output (or a JSONL batch) into calls, content, reasoning and issues
  formats   list the formats: ids, aliases, variants, model patterns
  detect    which format a model output is written in, and how sure
  prompt    the system prompt and stop sequences that teach a model a format
  serve     an OpenAI-compatible proxy that gives every model native tool calls

Exit codes: 0 success; 1 some --jsonl lines had errors; 2 usage or configuration error.
`;
}
