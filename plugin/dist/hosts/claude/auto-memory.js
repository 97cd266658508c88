// hosts/claude/auto-memory.ts
import fs from "node:fs";
import path from "node:path";
import { readJsonc } from "../../lib/core/jsonc.js";
import { claudeJsonFile, hostDir } from "../../lib/core/host-dirs.js";
function claudeLoadsStoreNatively(q) {
  if (path.resolve(q.memoryDir) !== path.resolve(q.autoMemoryDir)) return false;
  return claudeAutoMemoryOn(q);
}
function claudeAutoMemoryOn(q) {
  const off = q.env.CLAUDE_CODE_DISABLE_AUTO_MEMORY;
  if (off !== void 0 && off !== "" && off !== "0" && off.toLowerCase() !== "false") return false;
  const userDir = hostDir(q.env, q.home, "CLAUDE_CONFIG_DIR");
  for (const file of [path.join(q.projectRoot, ".claude", "settings.local.json"), path.join(q.projectRoot, ".claude", "settings.json"), path.join(userDir, "settings.json")]) {
    const value = settingOf(file, q.readSettings);
    if (typeof value === "boolean") return value;
  }
  return true;
}
function settingOf(file, read) {
  let text;
  try {
    text = read(file);
  } catch {
    return void 0;
  }
  if (!text.includes("autoMemoryEnabled")) return void 0;
  try {
    return JSON.parse(text).autoMemoryEnabled;
  } catch {
  }
  try {
    return readJsonc(text).autoMemoryEnabled;
  } catch {
    return void 0;
  }
}
var AUTO_MEMORY_FIX = 'set "autoMemoryEnabled": false in ~/.claude/settings.json (every project) or .claude/settings.local.json (this one): `memctl install claude` (or `--scope local`) does it';
function claudeAutoMemoryWritesStore(q) {
  const claudeJson = claudeJsonFile(q.env, q.home);
  return fs.existsSync(claudeJson) && claudeLoadsStoreNatively(q);
}
export {
  AUTO_MEMORY_FIX,
  claudeAutoMemoryOn,
  claudeAutoMemoryWritesStore,
  claudeLoadsStoreNatively
};
