import fs from "node:fs";
import path from "node:path";
import type { Io } from "../store/io.js";
import { DEFAULT_READ_CAP, fileKind, isDirectory, lstatIfExists, readRegular, realpathOr, type FileStat } from "../store/checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import { parseCard } from "../core/card.js";
import { parseIndex, parseIndexLine, renderIndexLine } from "../core/index-file.js";
import { inertText } from "../core/sanitize.js";
import { isCardFileName } from "../core/card-types.js";
import { linkKey } from "../core/link-key.js";
import { readIndexText } from "../store/index-read.js";
import { hostDir } from "../core/host-dirs.js";

/** Claude's MEMORY.md is read for its titles only this far (Claude itself loads the first 200 lines). */
const INDEX_READ_CAP = 1024 * 1024;

// Claude Code's own ("auto") memory: `<CLAUDE_CONFIG_DIR or ~/.claude>/projects/<slug>/memory/` holds a
// MEMORY.md index plus topic files with frontmatter (name, description, type). `memctl import claude`
// rescues those cards into the canonical store; doctor reports ones that have no memctl counterpart.

/** One card file found in a Claude Code memory directory. */
export interface ClaudeCard {
  /** The memory directory it was found in. */
  dir: string;
  /** The file name inside that directory, e.g. "feedback_testing.md". */
  file: string;
  /** Absolute path. */
  path: string;
  /** Frontmatter `name`, else the file stem. The key imports dedupe on. */
  name: string;
  description?: string;
  /** The title Claude's own MEMORY.md gives it (`- [Compose first](feedback_testing.md)`), when it links the file. */
  title?: string;
  /** Frontmatter `type` or `metadata.type` (user, feedback, project, reference), when present. */
  type?: string;
  /** `priority: always`: its line would go into every prompt, which an import preview must say. */
  pinned?: boolean;
  mtimeMs: number;
  mtime: Date;
  bytes: number;
}

/** `<CLAUDE_CONFIG_DIR (absolute) or <home>/.claude>`, the same root resolution uses for the legacy store. */
export function claudeConfigHome(io: Pick<Io, "env" | "home">): string {
  return hostDir(io.env, io.home, "CLAUDE_CONFIG_DIR");
}

/**
 * Every existing `<claude home>/projects/<slug>/memory/` directory, sorted. `exclude` drops one directory
 * (compared by real path) — pass the memctl store itself when it is a legacy Claude location.
 */
export function findClaudeMemoryDirs(io: Pick<Io, "env" | "home">, options: { exclude?: string } = {}): string[] {
  const projects = path.join(claudeConfigHome(io), "projects");
  let slugs: string[];
  try {
    slugs = fs.readdirSync(projects);
  } catch {
    return [];
  }
  const excluded = options.exclude ? realpathOr(options.exclude) : undefined;
  const dirs: string[] = [];
  for (const slug of slugs.sort()) {
    const dir = path.join(projects, slug, "memory");
    if (!isDirectory(dir)) continue;
    if (excluded !== undefined && realpathOr(dir) === excluded) continue;
    dirs.push(dir);
  }
  return dirs;
}

/** A file of a Claude memory directory that is not imported, and why (reported, never silently dropped). */
export interface SkippedClaudeFile {
  path: string;
  reason: string;
}

/**
 * The card files of one Claude memory directory: top-level regular `*.md` files other than MEMORY.md. A symlink,
 * a FIFO or device, a file with a second hard link (another name for it may be anywhere, ~/.ssh included) or one
 * over the read cap is never read: it goes to `skipped` with the reason. Agents write this directory, so nothing
 * in it may bring in a file from elsewhere. Never throws.
 */
export function listClaudeCards(dir: string, skipped: SkippedClaudeFile[] = []): ClaudeCard[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const cards: ClaudeCard[] = [];
  const titles = indexTitles(dir);
  for (const file of names.sort()) {
    if (!file.startsWith(".") && !file.endsWith(".md")) subfolderFiles(path.join(dir, file), skipped);
    if (!file.endsWith(".md") || file === "MEMORY.md" || file.startsWith(".")) continue;
    const full = path.join(dir, file);
    const unfit = unfitName(file);
    if (unfit !== undefined) {
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
      ...(titles.has(file) ? { title: titles.get(file) } : {}),
      type: typeof type === "string" ? type : undefined,
      ...(card.meta.priority === "always" ? { pinned: true } : {}),
      mtimeMs: stat.mtimeMs,
      mtime: new Date(stat.mtimeMs),
      bytes: stat.size,
    });
  }
  return cards;
}

const SUBFOLDER_REASON = "in a subfolder: memctl imports the top level of a Claude memory directory (its MEMORY.md link line is carried as prose)";

/**
 * The `.md` files under a subfolder of a Claude memory directory, reported as not read (never followed through a
 * link; at most 4 levels and 1,000 files), so memory kept in folders is named rather than silently left behind.
 */
function subfolderFiles(dir: string, skipped: SkippedClaudeFile[], depth = 0): void {
  if (depth > 3 || skipped.length >= 1000) return;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // not a directory (or unreadable): nothing under it
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.name.startsWith(".")) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) subfolderFiles(full, skipped, depth + 1);
    else if (e.name.endsWith(".md") && skipped.length < 1000) skipped.push({ path: full, reason: SUBFOLDER_REASON });
  }
}

/**
 * Why a file name cannot become a card of the store as it stands, or undefined. The name is the card's file and
 * its index link, and agents choose it: a newline in it would write a second MEMORY.md line, `%2F..` would decode
 * to a link outside the store, a control or bidi character would hide what the line says. Only a name the store
 * lists and its index links back to exactly is imported.
 */
function unfitName(file: string): string | undefined {
  const linked = parseIndexLine(renderIndexLine({ title: "t", file, hook: "" }), 1);
  if (isCardFileName(file) && inertText(file) === file && linked !== undefined && "file" in linked && linked.file === file) return undefined;
  return "its name is not one a MEMORY.md line can link as it stands (a control, bidi or line-break character, a %-escape, a #); rename it to import it (E_PATH_ESCAPE)";
}

/**
 * One Claude card file's bytes: never through a symlink, never a FIFO or device, never a file with another hard
 * link, at most the read cap. The reason is "" for a file that went away (nothing to report).
 */
export function readClaudeCard(file: string): { bytes: Uint8Array; stat: FileStat } | { reason: string } {
  const st = lstatIfExists(file);
  if (st === undefined) return { reason: "" };
  if ((st.mode & 0o170000) === 0o120000) return { reason: "a symlink; memctl never imports through a link (E_PATH_ESCAPE)" };
  if (!st.isFile()) return { reason: `not a regular file (${fileKind(st.mode)})` };
  try {
    const read = readRegular(file, DEFAULT_READ_CAP, { nofollow: true });
    if (read.stat.nlink > 1) return { reason: `has ${read.stat.nlink} hard links; another name for it may be outside this directory (E_PATH_ESCAPE)` };
    return read;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { reason: "" };
    if (code === "ELOOP") return { reason: "a symlink; memctl never imports through a link (E_PATH_ESCAPE)" };
    return { reason: (err as Error).message };
  }
}

/** The titles Claude's MEMORY.md in `dir` gives its files (first link wins); none when it is absent or not a plain file. */
function indexTitles(dir: string): Map<string, string> {
  const titles = new Map<string, string>();
  let text: string;
  try {
    // The store's own reader: whole lines up to the cap, never through a link, FIFO or device.
    text = readIndexText(path.join(dir, "MEMORY.md"), INDEX_READ_CAP, { nofollow: true }).text;
  } catch {
    return titles;
  }
  for (const entry of parseIndex(text).entries) {
    const file = linkKey(entry.file);
    const title = entry.title
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .trim()
      .slice(0, 300);
    if (title && !file.includes("/") && !titles.has(file)) titles.set(file, title);
  }
  return titles;
}
