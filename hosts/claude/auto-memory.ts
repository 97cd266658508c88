import fs from "node:fs";
import path from "node:path";
import { readJsonc } from "../../lib/core/jsonc.js";
import type { NativeIndexQuery } from "../types.js";
import { claudeJsonFile, hostDir } from "../../lib/core/host-dirs.js";

// Whether Claude Code itself loads a store's MEMORY.md at session start. It does only for its auto-memory
// directory of the project, and only while auto memory is on: CLAUDE_CODE_DISABLE_AUTO_MEMORY, or
// `autoMemoryEnabled` in settings (local > project > user, the first that sets it wins). `memctl install claude`
// turns auto memory off (docs/hosts.md, "Claude's auto memory"), so installed hooks get the full budget.

type AutoMemoryQuery = NativeIndexQuery;

export function claudeLoadsStoreNatively(q: AutoMemoryQuery): boolean {
  if (path.resolve(q.memoryDir) !== path.resolve(q.autoMemoryDir)) return false;
  return claudeAutoMemoryOn(q);
}

export function claudeAutoMemoryOn(q: Pick<AutoMemoryQuery, "projectRoot" | "env" | "home" | "readSettings">): boolean {
  const off = q.env.CLAUDE_CODE_DISABLE_AUTO_MEMORY;
  if (off !== undefined && off !== "" && off !== "0" && off.toLowerCase() !== "false") return false;
  const userDir = hostDir(q.env, q.home, "CLAUDE_CONFIG_DIR");
  for (const file of [path.join(q.projectRoot, ".claude", "settings.local.json"), path.join(q.projectRoot, ".claude", "settings.json"), path.join(userDir, "settings.json")]) {
    const value = settingOf(file, q.readSettings);
    if (typeof value === "boolean") return value;
  }
  return true;
}

/** `autoMemoryEnabled` of one settings file; undefined when the file is absent, unreadable or does not set it. */
function settingOf(file: string, read: (file: string) => string): unknown {
  let text: string;
  try {
    text = read(file);
  } catch {
    return undefined;
  }
  // Cheap before JSON.parse: most settings files never mention it.
  if (!text.includes("autoMemoryEnabled")) return undefined;
  // JSON.parse first: a settings file is usually plain JSON. Comments and trailing commas (which `memctl install`
  // keeps when it edits such a file) go through the one JSONC reader.
  try {
    return (JSON.parse(text) as { autoMemoryEnabled?: unknown }).autoMemoryEnabled;
  } catch {}
  try {
    return readJsonc(text).autoMemoryEnabled;
  } catch {
    return undefined;
  }
}

/** The fix doctor and `install --status` give when Claude's auto memory writes into memctl's store. */
export const AUTO_MEMORY_FIX =
  'set "autoMemoryEnabled": false in ~/.claude/settings.json (every project) or .claude/settings.local.json (this one): `memctl install claude` (or `--scope local`) does it';

/**
 * Whether Claude Code's auto memory writes into this store unreviewed: it is Claude's auto-memory folder, auto
 * memory is on, and Claude Code is used here at all (it writes `.claude.json` on first start).
 */
export function claudeAutoMemoryWritesStore(q: AutoMemoryQuery): boolean {
  const claudeJson = claudeJsonFile(q.env, q.home);
  return fs.existsSync(claudeJson) && claudeLoadsStoreNatively(q);
}
