// File names inside a memory directory. Kept apart from read.ts so the per-prompt hook can name them
// without loading the card parser (and js-yaml with it).
export const INDEX_FILE = "MEMORY.md";
export const EPISODES_FILE = "episodes.jsonl";
/** Derived and operational state lives here; never hand-edited. */
export const STATE_DIR = ".memctl";
