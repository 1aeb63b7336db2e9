#!/usr/bin/env node
// The installed `toolformat` command. It is a committed file, not the compiled dist/bin.js, so that
// it exists when pnpm links workspace bins at install time, before anything is built (linking a
// bin to a file that does not exist yet warned `Failed to create bin` on every fresh install).
import '../dist/bin.js';
