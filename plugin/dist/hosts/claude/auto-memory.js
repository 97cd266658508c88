// hosts/claude/auto-memory.ts
import fs from "node:fs";
import path from "node:path";
function claudeLoadsStoreNatively(q) {
  if (path.resolve(q.memoryDir) !== path.resolve(q.autoMemoryDir)) return false;
  return claudeAutoMemoryOn(q);
}
function claudeAutoMemoryOn(q) {
  const off = q.env.CLAUDE_CODE_DISABLE_AUTO_MEMORY;
  if (off !== void 0 && off !== "" && off !== "0" && off.toLowerCase() !== "false") return false;
  const userDir = q.env.CLAUDE_CONFIG_DIR || path.join(q.home, ".claude");
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
  for (const candidate of [text, withoutJsoncExtras(text)])
    try {
      return JSON.parse(candidate).autoMemoryEnabled;
    } catch {
    }
  return void 0;
}
function withoutJsoncExtras(text) {
  let out = "";
  let comma = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "/" && text[i + 1] === "/") {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
      continue;
    }
    if (ch === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 1;
      continue;
    }
    if (/\s/.test(ch)) {
      out += ch;
      continue;
    }
    if (comma && ch !== "}" && ch !== "]") out += ",";
    comma = ch === ",";
    if (comma) continue;
    if (ch !== '"') {
      out += ch;
      continue;
    }
    let end = i + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
    out += text.slice(i, end + 1);
    i = end;
  }
  return out;
}
var AUTO_MEMORY_FIX = 'set "autoMemoryEnabled": false in ~/.claude/settings.json (every project) or .claude/settings.local.json (this one): `memctl install claude` (or `--scope local`) does it';
function claudeAutoMemoryWritesStore(q) {
  const claudeJson = path.join(q.env.CLAUDE_CONFIG_DIR || q.home, ".claude.json");
  return fs.existsSync(claudeJson) && claudeLoadsStoreNatively(q);
}
export {
  AUTO_MEMORY_FIX,
  claudeAutoMemoryOn,
  claudeAutoMemoryWritesStore,
  claudeLoadsStoreNatively
};
