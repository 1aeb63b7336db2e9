/**
 * Node-only: the chat template stored in a GGUF file's metadata (`tokenizer.chat_template`),
 * read with `@huggingface/gguf` from the header alone, never the weights
 * (architecture/router-and-plugins.md, "From a chat template").
 */
import { resolve as resolvePath } from 'node:path';
import { gguf } from '@huggingface/gguf';
import { ToolFormatConfigError } from './errors.js';
import { MAX_TEMPLATE_CHARS } from './template.js';

/** The file's `tokenizer.chat_template`, or null when it has none. Local files only. */
export async function readGgufChatTemplate(file: string): Promise<string | null> {
  // The reader fetches http(s) addresses; a model file is read from disk here, never the network.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file))
    throw new ToolFormatConfigError(`GGUF file '${file}': only local files are read, not addresses.`, {
      file,
    });
  let metadata: Record<string, unknown>;
  try {
    // The reader bounds what it reads (key and tensor counts, 50 MB of header at most).
    ({ metadata } = (await gguf(resolvePath(file), { allowLocalFile: true })) as unknown as {
      metadata: Record<string, unknown>;
    });
  } catch (error) {
    throw new ToolFormatConfigError(
      `GGUF file '${file}': cannot read its header: ${(error as Error).message}`,
      {
        file,
      },
    );
  }
  const template = metadata['tokenizer.chat_template'];
  if (typeof template !== 'string') return null;
  if (template.length > MAX_TEMPLATE_CHARS)
    throw new ToolFormatConfigError(
      `GGUF file '${file}': tokenizer.chat_template is longer than ${MAX_TEMPLATE_CHARS} characters.`,
      { file },
    );
  return template;
}
