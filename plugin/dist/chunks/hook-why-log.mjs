import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  openAppend,
  realDir
} from "./core-index-file.mjs";
import {
  STATE_DIR,
  joinPath
} from "./store-paths.mjs";
import {
  close,
  encodeUtf8,
  fstat,
  lstatIfExists,
  readRegular,
  utf8Text,
  writeBytes
} from "./core-bytes.mjs";

// lib/hook/why-log.ts
import fs from "node:fs";
var WHY_FILE = "why.jsonl";
var WHY_PREVIOUS_FILE = "why.1.jsonl";
var WHY_CAP_BYTES = 256 * 1024;
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
  appendWhy,
  readWhy
};
