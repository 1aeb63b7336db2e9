// Copies the built playground page (packages/playground, private) into dist/playground, so that
// `toolformat serve` can serve it at /playground from an installed CLI too.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../../playground/dist/', import.meta.url));
const to = fileURLToPath(new URL('../dist/playground/', import.meta.url));
rmSync(to, { recursive: true, force: true });
if (existsSync(`${from}index.html`)) cpSync(from, to, { recursive: true });
else
  console.warn(
    'copy-playground: packages/playground is not built; toolformat serve will have no /playground.',
  );
