// lib/config/instructions-config.ts
import path from "node:path";
function validateInstructions(raw, invalid, unknown) {
  const out = {};
  if (!isTable(raw)) {
    invalid('instructions must be a table, e.g. [instructions] files = ["AGENTS.md", "CLAUDE.md"]');
    return out;
  }
  for (const key of Object.keys(raw))
    if (!["files", "max_bytes", "user_dir"].includes(key)) unknown(`unknown key "instructions.${key}" (ignored); the known keys are files, max_bytes, user_dir`);
  const { files, max_bytes: maxBytes, user_dir: userDir } = raw;
  if (files !== void 0) {
    if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === "string" && f !== "" && !/[\\/]/.test(f) && f !== "." && f !== ".."))
      invalid('instructions.files must be a non-empty list of file names (no slashes), e.g. ["AGENTS.md", "CLAUDE.md"]');
    else out.files = files;
  }
  if (maxBytes !== void 0) {
    if (typeof maxBytes !== "number" || !Number.isSafeInteger(maxBytes) || maxBytes < 1)
      invalid(`instructions.max_bytes must be a positive integer, got ${JSON.stringify(maxBytes)}`);
    else out.max_bytes = maxBytes;
  }
  if (userDir !== void 0) {
    if (typeof userDir !== "string" || !(path.isAbsolute(userDir) || userDir.startsWith("~/")))
      invalid('instructions.user_dir must be an absolute path or start with ~/, e.g. "~/.claude"');
    else out.user_dir = userDir;
  }
  return out;
}
function isTable(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
export {
  validateInstructions
};
