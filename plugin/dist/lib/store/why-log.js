// lib/store/why-log.ts
import { readRegularTail } from "./checked-fs.js";
import { encodeUtf8, utf8Text } from "../core/bytes.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { appendRotating, realDir } from "./safe-write.js";
var WHY_FILE = "why.jsonl";
var WHY_PREVIOUS_FILE = "why.1.jsonl";
var WHY_CAP_BYTES = 256 * 1024;
function whyFile(memoryDir) {
  return joinPath(memoryDir, STATE_DIR, WHY_FILE);
}
function appendWhy(memoryDir, record, cap = WHY_CAP_BYTES) {
  const dir = realDir(memoryDir, STATE_DIR);
  appendRotating(joinPath(dir, WHY_FILE), encodeUtf8(JSON.stringify(record) + "\n"), cap, joinPath(dir, WHY_PREVIOUS_FILE));
}
function readWhy(memoryDir, count) {
  const out = [];
  for (const name of [WHY_PREVIOUS_FILE, WHY_FILE]) {
    let lines;
    try {
      const tail = readRegularTail(joinPath(memoryDir, STATE_DIR, name), 4 * WHY_CAP_BYTES, { nofollow: true });
      lines = utf8Text(tail.bytes).split("\n");
      if (tail.cut) lines.shift();
    } catch (err) {
      if (err.code === "ENOENT") continue;
      throw err;
    }
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line);
        if (isWhyRecord(r)) out.push(r);
      } catch {
      }
    }
  }
  return count > 0 ? out.slice(-count) : [];
}
var str = (v) => typeof v === "string";
var optStr = (v) => v === void 0 || str(v);
var num = (v) => typeof v === "number" && Number.isFinite(v);
var ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
var WORD = /^[a-z-]{1,32}$/;
var HEX = /^[0-9a-f]{0,64}$/;
function isWhyRecord(v) {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const r = v;
  const budget = r.budget;
  return str(r.at) && ISO_TIME.test(r.at) && str(r.host) && optStr(r.session) && str(r.prompt_hash) && HEX.test(r.prompt_hash) && optStr(r.prompt) && optStr(r.prompt_lang) && str(r.status) && WORD.test(r.status) && num(r.bytes) && typeof budget === "object" && budget !== null && num(budget.max_bytes) && num(budget.max_entries) && Array.isArray(r.lines) && r.lines.every(isWhyLine) && (r.already_shown === void 0 || Array.isArray(r.already_shown) && r.already_shown.every(str)) && optStr(r.dedupe_error);
}
function isWhyLine(v) {
  if (typeof v !== "object" || v === null) return false;
  const l = v;
  return str(l.file) && str(l.rule) && (l.score === void 0 || num(l.score)) && num(l.bytes);
}
export {
  WHY_CAP_BYTES,
  WHY_FILE,
  WHY_PREVIOUS_FILE,
  appendWhy,
  readWhy,
  whyFile
};
