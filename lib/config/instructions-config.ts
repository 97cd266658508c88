import path from "node:path";

/** `[instructions]` in the user config: see docs/commands.md (memctl instructions). */
export interface InstructionsConfig {
  /** The instruction file names looked for in each directory, in order (default ["AGENTS.md", "CLAUDE.md"]). */
  files?: string[];
  /** The always-on budget in bytes: what memctl adds at session start, and what doctor measures against. */
  max_bytes?: number;
  /** The user's own instruction directory (default ~/.claude), absolute or ~/. */
  user_dir?: string;
}

/** `[instructions]`: a bad key is left out (the defaults stand in) and reported; it never stops a store resolving. */
export function validateInstructions(raw: unknown, invalid: (message: string) => void, unknown: (message: string) => void): InstructionsConfig {
  const out: InstructionsConfig = {};
  if (!isTable(raw)) {
    invalid('instructions must be a table, e.g. [instructions] files = ["AGENTS.md", "CLAUDE.md"]');
    return out;
  }
  for (const key of Object.keys(raw))
    if (!["files", "max_bytes", "user_dir"].includes(key)) unknown(`unknown key "instructions.${key}" (ignored); the known keys are files, max_bytes, user_dir`);
  const { files, max_bytes: maxBytes, user_dir: userDir } = raw;
  // A name, not a path: the files are looked for in each directory from the project root down.
  if (files !== undefined) {
    if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === "string" && f !== "" && !/[\\/]/.test(f) && f !== "." && f !== ".."))
      invalid('instructions.files must be a non-empty list of file names (no slashes), e.g. ["AGENTS.md", "CLAUDE.md"]');
    else out.files = files as string[];
  }
  if (maxBytes !== undefined) {
    if (typeof maxBytes !== "number" || !Number.isSafeInteger(maxBytes) || maxBytes < 1)
      invalid(`instructions.max_bytes must be a positive integer, got ${JSON.stringify(maxBytes)}`);
    else out.max_bytes = maxBytes;
  }
  if (userDir !== undefined) {
    if (typeof userDir !== "string" || !(path.isAbsolute(userDir) || userDir.startsWith("~/")))
      invalid('instructions.user_dir must be an absolute path or start with ~/, e.g. "~/.claude"');
    else out.user_dir = userDir;
  }
  return out;
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
