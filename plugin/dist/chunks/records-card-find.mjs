import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  resolveMemoryPath
} from "./store-safe-open.mjs";
import {
  parseIndex
} from "./core-index-file.mjs";
import {
  parseCard
} from "./core-card.mjs";
import {
  CARD_TYPES
} from "./core-card-types.mjs";
import {
  INDEX_FILE
} from "./config-config.mjs";
import {
  ERROR_CODES,
  MemctlError,
  fileKind,
  readRegularUtf8,
  usageError
} from "./core-bytes.mjs";

// lib/records/card-find.ts
import fs from "node:fs";
import path from "node:path";
function findCardFile(memoryDir, name) {
  if (name.includes("/")) {
    const target = resolveMemoryPath(memoryDir, name);
    return target.kind === "file" && target.rel.endsWith(".md") ? target.rel : void 0;
  }
  const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
  const hits = direct.filter((f) => f !== INDEX_FILE && isRegularFile(path.join(memoryDir, f)));
  if (hits.length === 0) {
    for (const file of safeReaddir(memoryDir)) {
      if (!file.endsWith(".md") || file === INDEX_FILE || file.startsWith(".")) continue;
      const full = path.join(memoryDir, file);
      if (!isRegularFile(full)) continue;
      const fm = parseCard(fs.readFileSync(full, "utf8")).frontmatter;
      if (fm.name === name) hits.push(file);
    }
  }
  if (hits.length > 1) throw usageError(`"${name}" matches ${hits.join(", ")}; name the file instead (e.g. ${hits[0]})`);
  if (hits.length === 0) refuseSpecialFile(memoryDir, direct);
  return hits[0];
}
function refuseSpecialFile(memoryDir, candidates) {
  for (const file of candidates) {
    let mode;
    try {
      mode = fs.lstatSync(path.join(memoryDir, file)).mode;
    } catch {
      continue;
    }
    const kind = (mode & fs.constants.S_IFMT) === fs.constants.S_IFLNK ? "a symbolic link" : fileKind(mode);
    throw new MemctlError(
      ERROR_CODES.E_NOT_FOUND,
      `${file} in ${memoryDir} is ${kind}, not a card: memctl reads and writes cards as regular files only; move it away, then save the card again`,
      { file }
    );
  }
}
function currentIndexTitle(memoryDir, file) {
  let text;
  try {
    text = readRegularUtf8(path.join(memoryDir, INDEX_FILE));
  } catch {
    return void 0;
  }
  return parseIndex(text).entries.find((e) => e.file.replace(/^\.\//, "") === file)?.title;
}
function isRegularFile(p) {
  try {
    return fs.lstatSync(p).isFile();
  } catch {
    return false;
  }
}
function safeReaddir(dir) {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
}

export {
  findCardFile,
  currentIndexTitle
};
