// lib/store/why-log.ts
import fs from "node:fs";
import { close, fstat, lstatIfExists, readRegular, writeBytes } from "./checked-fs.js";
import { encodeUtf8, utf8Text } from "../core/bytes.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { openAppend, realDir } from "./safe-write.js";
var WHY_FILE = "why.jsonl";
var WHY_PREVIOUS_FILE = "why.1.jsonl";
var WHY_CAP_BYTES = 256 * 1024;
function whyFile(memoryDir) {
  return joinPath(memoryDir, STATE_DIR, WHY_FILE);
}
function appendWhy(memoryDir, record, cap = WHY_CAP_BYTES) {
  const dir = realDir(memoryDir, STATE_DIR);
  const file = joinPath(dir, WHY_FILE);
  const data = encodeUtf8(JSON.stringify(record) + "\n");
  const fd = openAppend(file);
  let size;
  let ino;
  try {
    let written = 0;
    while (written < data.length) written += writeBytes(fd, data, written, data.length - written);
    const st = fstat(fd);
    size = st.size;
    ino = st.ino;
  } finally {
    close(fd);
  }
  if (size > cap && lstatIfExists(file)?.ino === ino) fs.renameSync(file, joinPath(dir, WHY_PREVIOUS_FILE));
}
function readWhy(memoryDir, count) {
  const out = [];
  for (const name of [WHY_PREVIOUS_FILE, WHY_FILE]) {
    let text;
    try {
      text = utf8Text(readRegular(joinPath(memoryDir, STATE_DIR, name), 4 * WHY_CAP_BYTES, { nofollow: true }).bytes);
    } catch (err) {
      if (err.code === "ENOENT") continue;
      throw err;
    }
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line);
        if (r && typeof r === "object" && typeof r.at === "string" && Array.isArray(r.lines)) out.push(r);
      } catch {
      }
    }
  }
  return count > 0 ? out.slice(-count) : [];
}
export {
  WHY_CAP_BYTES,
  WHY_FILE,
  WHY_PREVIOUS_FILE,
  appendWhy,
  readWhy,
  whyFile
};
