// Finding a card by the name a user or an agent gives, and the title its index line has now.
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

/**
 * The file for `name`: an exact file name, `<name>.md`, `<type>_<name>.md` (a stat each), or a top-level card whose
 * frontmatter name matches. A name that could be a new card's (letters, digits, . _ -) is looked for only among the
 * cards MEMORY.md titles so (save and import write the name as the title): creating a card never reads every card,
 * so a save in a store of 100,000 costs a few stats and one pass over the index's bytes. Any other name (free-form,
 * as imports keep them) can only be an existing card's, and every top-level card's frontmatter is read for it.
 * `forSave`: the caller is a save that will edit the card's index line next, and the look-up keeps what it read.
 */
export function findCardFile(memoryDir: string, name: string, options: { forSave?: boolean } = {}): string | undefined {
  if (name.includes("/")) {
    // A card in a subfolder, named by its path: through the path-safe resolver like any other path.
    const target = resolveMemoryPath(memoryDir, name);
    return target.kind === "file" && target.rel.endsWith(".md") ? target.rel : undefined;
  }
  const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
  const hits = direct.filter((f) => f !== INDEX_FILE && isRegularFile(path.join(memoryDir, f)));
  if (hits.length === 0) {
    const candidates = cardNameProblem(name) === undefined ? titledFiles(memoryDir, name, options.forSave === true) : safeReaddir(memoryDir);
    for (const file of new Set(candidates)) {
      if (!file.endsWith(".md") || file === INDEX_FILE || file.startsWith(".")) continue;
      if (file.includes("/")) {
        // A subfolder card the index links as decisions/<name>.md: through the path-safe resolver, by its file name.
        const target = file.endsWith(`/${name}.md`) ? resolveMemoryPath(memoryDir, file) : undefined;
        if (target?.kind === "file") hits.push(target.rel);
        continue;
      }
      const full = path.join(memoryDir, file);
      if (!isRegularFile(full)) continue;
      const fm = parseCard(fs.readFileSync(full, "utf8")).frontmatter;
      if (fm.name === name) hits.push(file);
    }
    // A top-level card wins over a subfolder one, as a [[link]] resolves (card-links.ts).
    if (hits.some((f) => !f.includes("/"))) hits.splice(0, hits.length, ...hits.filter((f) => !f.includes("/")));
    hits.sort();
  }
  if (hits.length > 1) throw usageError(`"${name}" matches ${hits.join(", ")}; name the file instead (e.g. ${hits[0]})`);
  if (hits.length === 0) refuseSpecialFile(memoryDir, direct);
  return hits[0];
}

/**
 * The files MEMORY.md lines titled `name` link (./ removed); none when there is no readable index. For a save, the
 * same pass finds the lines linking each `<type>_<name>.md`, which a save of a new card by that name looks up and
 * edits next (index-stream.ts keeps them): one read of the index, not two.
 */
function titledFiles(memoryDir: string, name: string, forSave: boolean): string[] {
  try {
    const files = CARD_TYPES.map((t) => `${t}_${name}.md`);
    const scanned = scanNewCard(path.join(memoryDir, INDEX_FILE), name, files, forSave); // a run at a time
    return scanned ? scanned.scan.hits.filter((h) => h.entry.title === name || h.entry.file.endsWith(`/${name}.md`)).map((h) => linkKey(h.entry.file)) : [];
  } catch {
    return [];
  }
}

/**
 * A card name that finds only a FIFO, device, socket, directory or link is not "no such card": the user sees the
 * file. Cards are regular files only (links and special files are never read or written through).
 */
function refuseSpecialFile(memoryDir: string, candidates: readonly string[]): void {
  for (const file of candidates) {
    let mode: number;
    try {
      mode = fs.lstatSync(path.join(memoryDir, file)).mode;
    } catch {
      continue; // not there
    }
    const kind = (mode & fs.constants.S_IFMT) === fs.constants.S_IFLNK ? "a symbolic link" : fileKind(mode);
    throw new MemctlError(
      ERROR_CODES.E_NOT_FOUND,
      `${file} in ${memoryDir} is ${kind}, not a card: memctl reads and writes cards as regular files only; move it away, then save the card again`,
      { file },
    );
  }
}

/** The title of the first MEMORY.md line linking `file`, found without parsing the other lines. */
export function currentIndexTitle(memoryDir: string, file: string): string | undefined {
  try {
    return scanCardLine(path.join(memoryDir, INDEX_FILE), file)?.scan.hits[0]?.entry.title; // a run at a time; the edit reuses it
  } catch {
    return undefined;
  }
}

function isRegularFile(p: string): boolean {
  try {
    return fs.lstatSync(p).isFile();
  } catch {
    return false;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
