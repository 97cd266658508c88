import fs from "node:fs";
import path from "node:path";
import type { NativeIndexQuery } from "../types.js";

// Whether Claude Code itself loads a store's MEMORY.md at session start. It does only for its auto-memory
// directory of the project, and only while auto memory is on: CLAUDE_CODE_DISABLE_AUTO_MEMORY, or
// `autoMemoryEnabled` in settings (local > project > user, the first that sets it wins). `memctl install claude`
// turns auto memory off (docs/hosts.md, "Claude's auto memory"), so installed hooks get the full budget.

type AutoMemoryQuery = NativeIndexQuery;

export function claudeLoadsStoreNatively(q: AutoMemoryQuery): boolean {
  if (path.resolve(q.memoryDir) !== path.resolve(q.autoMemoryDir)) return false;
  return claudeAutoMemoryOn(q);
}

export function claudeAutoMemoryOn(q: Pick<AutoMemoryQuery, "projectRoot" | "env" | "home">): boolean {
  const off = q.env.CLAUDE_CODE_DISABLE_AUTO_MEMORY;
  if (off !== undefined && off !== "" && off !== "0" && off.toLowerCase() !== "false") return false;
  const userDir = q.env.CLAUDE_CONFIG_DIR || path.join(q.home, ".claude");
  for (const file of [path.join(q.projectRoot, ".claude", "settings.local.json"), path.join(q.projectRoot, ".claude", "settings.json"), path.join(userDir, "settings.json")]) {
    const value = settingOf(file);
    if (typeof value === "boolean") return value;
  }
  return true;
}

/** `autoMemoryEnabled` of one settings file; undefined when the file is absent, unreadable or does not set it. */
function settingOf(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  // Cheap before JSON.parse: most settings files never mention it.
  if (!text.includes("autoMemoryEnabled")) return undefined;
  try {
    return (JSON.parse(text) as { autoMemoryEnabled?: unknown }).autoMemoryEnabled;
  } catch {
    return undefined;
  }
}
