// lib/records/card-find.ts
import fs from "node:fs";
import path from "node:path";
import { parseCard } from "../core/card.js";
import { INDEX_FILE } from "../store/read.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import { CARD_TYPES } from "../core/card-rules.js";
import { cardNameProblem } from "./card-input.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { fileKind } from "../store/checked-fs.js";
import { scanCardLine, scanNewCard } from "../store/index-stream.js";
import { linkKey } from "../core/link-key.js";
function findCardFile(memoryDir, name, options = {}) {
  if (name.includes("/")) {
    const target = resolveMemoryPath(memoryDir, name);
    return target.kind === "file" && target.rel.endsWith(".md") ? target.rel : void 0;
  }
  const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
  const hits = direct.filter((f) => f !== INDEX_FILE && isRegularFile(path.join(memoryDir, f)));
  if (hits.length === 0) {
    const candidates = cardNameProblem(name) === void 0 ? titledFiles(memoryDir, name, options.forSave === true) : safeReaddir(memoryDir);
    for (const file of new Set(candidates)) {
      if (!file.endsWith(".md") || file === INDEX_FILE || file.startsWith(".")) continue;
      if (file.includes("/")) {
        const target = file.endsWith(`/${name}.md`) ? resolveMemoryPath(memoryDir, file) : void 0;
        if (target?.kind === "file") hits.push(target.rel);
        continue;
      }
      const full = path.join(memoryDir, file);
      if (!isRegularFile(full)) continue;
      const fm = parseCard(fs.readFileSync(full, "utf8")).frontmatter;
      if (fm.name === name) hits.push(file);
    }
    if (hits.some((f) => !f.includes("/"))) hits.splice(0, hits.length, ...hits.filter((f) => !f.includes("/")));
    hits.sort();
  }
  if (hits.length > 1) throw usageError(`"${name}" matches ${hits.join(", ")}; name the file instead (e.g. ${hits[0]})`);
  if (hits.length === 0) refuseSpecialFile(memoryDir, direct);
  return hits[0];
}
function titledFiles(memoryDir, name, forSave) {
  try {
    const files = CARD_TYPES.map((t) => `${t}_${name}.md`);
    const scanned = scanNewCard(path.join(memoryDir, INDEX_FILE), name, files, forSave);
    return scanned ? scanned.scan.hits.filter((h) => h.entry.title === name || h.entry.file.endsWith(`/${name}.md`)).map((h) => linkKey(h.entry.file)) : [];
  } catch {
    return [];
  }
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
  try {
    return scanCardLine(path.join(memoryDir, INDEX_FILE), file)?.scan.hits[0]?.entry.title;
  } catch {
    return void 0;
  }
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
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
export {
  currentIndexTitle,
  findCardFile
};
