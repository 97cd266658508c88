// lib/config/claude-memory.ts
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_READ_CAP, fileKind, isDirectory, lstatIfExists, readRegular, realpathOr } from "../store/checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import { parseCard } from "../core/card.js";
import { parseIndex, parseIndexLine, renderIndexLine } from "../core/index-file.js";
import { inertText } from "../core/sanitize.js";
import { isCardFileName } from "../core/card-types.js";
import { linkKey } from "../core/link-key.js";
import { readIndexText } from "../store/index-read.js";
import { hostDir } from "../core/host-dirs.js";
var INDEX_READ_CAP = 1024 * 1024;
function claudeConfigHome(io) {
  return hostDir(io.env, io.home, "CLAUDE_CONFIG_DIR");
}
function findClaudeMemoryDirs(io, options = {}) {
  const projects = path.join(claudeConfigHome(io), "projects");
  let slugs;
  try {
    slugs = fs.readdirSync(projects);
  } catch {
    return [];
  }
  const excluded = options.exclude ? realpathOr(options.exclude) : void 0;
  const dirs = [];
  for (const slug of slugs.sort()) {
    const dir = path.join(projects, slug, "memory");
    if (!isDirectory(dir)) continue;
    if (excluded !== void 0 && realpathOr(dir) === excluded) continue;
    dirs.push(dir);
  }
  return dirs;
}
function listClaudeCards(dir, skipped = []) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const cards = [];
  const titles = indexTitles(dir);
  for (const file of names.sort()) {
    if (!file.startsWith(".") && !file.endsWith(".md")) subfolderFiles(path.join(dir, file), skipped);
    if (!file.endsWith(".md") || file === "MEMORY.md" || file.startsWith(".")) continue;
    const full = path.join(dir, file);
    const unfit = unfitName(file);
    if (unfit !== void 0) {
      skipped.push({ path: full, reason: unfit });
      continue;
    }
    const read = readClaudeCard(full);
    if ("reason" in read) {
      if (read.reason !== "") skipped.push({ path: full, reason: read.reason });
      continue;
    }
    const { bytes, stat } = read;
    const card = parseCard(utf8Text(bytes));
    const fm = card.frontmatter;
    const name = typeof fm.name === "string" && fm.name.trim() !== "" ? fm.name.trim() : file.slice(0, -3);
    const type = typeof fm.type === "string" ? fm.type : card.meta.metadata?.type;
    cards.push({
      dir,
      file,
      path: full,
      name,
      description: card.meta.description,
      ...titles.has(file) ? { title: titles.get(file) } : {},
      type: typeof type === "string" ? type : void 0,
      ...card.meta.priority === "always" ? { pinned: true } : {},
      mtimeMs: stat.mtimeMs,
      mtime: new Date(stat.mtimeMs),
      bytes: stat.size
    });
  }
  return cards;
}
var SUBFOLDER_REASON = "in a subfolder: memctl imports the top level of a Claude memory directory (its MEMORY.md link line is carried as prose)";
function subfolderFiles(dir, skipped, depth = 0) {
  if (depth > 3 || skipped.length >= 1e3) return;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name < b.name ? -1 : 1)) {
    if (e.name.startsWith(".")) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) subfolderFiles(full, skipped, depth + 1);
    else if (e.name.endsWith(".md") && skipped.length < 1e3) skipped.push({ path: full, reason: SUBFOLDER_REASON });
  }
}
function unfitName(file) {
  const linked = parseIndexLine(renderIndexLine({ title: "t", file, hook: "" }), 1);
  if (isCardFileName(file) && inertText(file) === file && linked !== void 0 && "file" in linked && linked.file === file) return void 0;
  return "its name is not one a MEMORY.md line can link as it stands (a control, bidi or line-break character, a %-escape, a #); rename it to import it (E_PATH_ESCAPE)";
}
function readClaudeCard(file) {
  const st = lstatIfExists(file);
  if (st === void 0) return { reason: "" };
  if ((st.mode & 61440) === 40960) return { reason: "a symlink; memctl never imports through a link (E_PATH_ESCAPE)" };
  if (!st.isFile()) return { reason: `not a regular file (${fileKind(st.mode)})` };
  try {
    const read = readRegular(file, DEFAULT_READ_CAP, { nofollow: true });
    if (read.stat.nlink > 1) return { reason: `has ${read.stat.nlink} hard links; another name for it may be outside this directory (E_PATH_ESCAPE)` };
    return read;
  } catch (err) {
    const code = err.code;
    if (code === "ENOENT") return { reason: "" };
    if (code === "ELOOP") return { reason: "a symlink; memctl never imports through a link (E_PATH_ESCAPE)" };
    return { reason: err.message };
  }
}
function indexTitles(dir) {
  const titles = /* @__PURE__ */ new Map();
  let text;
  try {
    text = readIndexText(path.join(dir, "MEMORY.md"), INDEX_READ_CAP, { nofollow: true }).text;
  } catch {
    return titles;
  }
  for (const entry of parseIndex(text).entries) {
    const file = linkKey(entry.file);
    const title = entry.title.replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, 300);
    if (title && !file.includes("/") && !titles.has(file)) titles.set(file, title);
  }
  return titles;
}
export {
  claudeConfigHome,
  findClaudeMemoryDirs,
  listClaudeCards,
  readClaudeCard
};
