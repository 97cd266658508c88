import fs from "node:fs";
import path from "node:path";
import { readConfig, type ConfigRead } from "../config/config.js";
import { systemCode } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { resolveMemory, type Resolution } from "../config/resolve.js";
import { parseCard } from "../core/card.js";
import { parseIndex } from "../core/index-file.js";
import { countCardFiles, INDEX_FILE, listCardFiles, listNonRegularCards, type CardFile, type Store } from "../store/read.js";
import { STATE_DIR } from "../store/paths.js";
import { shellWord } from "../core/shell-quote.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import type { ResolutionIssue } from "./doctor.js";
import { isShardFile, viewStore, type StoreView } from "../records/store-view.js";
import { listEpisodeShards } from "../store/episode-shards.js";

// The read-only IO shared by doctor and stats: resolve strictly, then read the selected store. An invalid or
// missing selection becomes a resolution issue; nothing here ever falls back to another store or writes.

export interface OpenedStore {
  resolution: Resolution;
  config: ConfigRead;
  /** Present when the selection is unusable or its MEMORY.md cannot be read. */
  issue?: ResolutionIssue;
  store?: Store;
  view?: StoreView;
}

export interface OpenOptions {
  repoRoot?: string;
  /** Key a plain (non-git) directory instead of refusing it (--allow-non-git). */
  allowNonGit?: boolean;
  /** Read and parse every card (doctor); stats needs only the index and shards. */
  cards: boolean;
}

/** Resolves and reads the store; throws only for a bad command line (E_USAGE, E_NOT_GIT). */
export async function openStore(options: OpenOptions, io: Io): Promise<OpenedStore> {
  const resolution = resolveMemory({ repoRoot: options.repoRoot, allowNonGit: options.allowNonGit }, io);
  const config = readConfig(io);
  if (resolution.status !== "resolved" || !resolution.memory_dir) {
    // No store selected anywhere: the step is init, not a config entry to fix (there is none).
    const fix = resolution.status === "unavailable" ? "memctl init creates this project's store (memctl resolve shows where)" : undefined;
    return { resolution, config, issue: { source: resolution.resolution_source, memory_dir: resolution.memory_dir, reason: resolution.reason, ...(fix ? { fix } : {}) } };
  }
  const dir = resolution.memory_dir;
  let store: Store;
  try {
    store = await readStoreForAudit(dir, options.cards);
  } catch (err) {
    const missing = systemCode(err) === "ENOENT";
    let cards = 0;
    try {
      if (missing) cards = countCardFiles(dir); // the hook's count too (lib/hook/run.ts): notes are not cards
    } catch {
      // an unlistable directory: reported as holding no cards, as the hook does
    }
    const reason = missing
      ? `${cards > 0 ? `memory exists, its index is missing (${cards} card ${cards === 1 ? "file" : "files"}): ` : ""}${path.join(dir, INDEX_FILE)} does not exist`
      : `cannot read ${path.join(dir, INDEX_FILE)}: ${(err as Error).message}`;
    const fix = missing ? missingIndexFix(dir, cards) : undefined;
    return { resolution, config, issue: { source: resolution.resolution_source, memory_dir: dir, reason, ...(fix ? { fix } : {}) } };
  }
  return { resolution, config, store, view: viewStore(store, listEpisodeShards(dir)) };
}

/**
 * How to get a missing MEMORY.md back. An empty directory was mapped but never initialised: memctl init. One that
 * holds cards (init refuses it; no command rebuilds the index from cards): the newest copy a memory-tool delete
 * moved to .memctl/trash/, else an index started by hand, to which doctor then names each card's line.
 */
export function missingIndexFix(dir: string, cards: number): string {
  if (cards === 0) return `run "memctl init" to create ${INDEX_FILE} in ${dir} (the directory is mapped but was never initialised)`;
  const trashDir = path.join(dir, STATE_DIR, "trash");
  let copies: { name: string; mtime: number }[] = [];
  try {
    copies = fs
      .readdirSync(trashDir)
      .filter((n) => n.startsWith(`${INDEX_FILE}@`))
      .map((name) => ({ name, stat: fs.lstatSync(path.join(trashDir, name)) }))
      .filter((c) => c.stat.isFile())
      .map((c) => ({ name: c.name, mtime: c.stat.mtimeMs }));
  } catch {
    copies = [];
  }
  const newest = copies.sort((a, b) => b.mtime - a.mtime || (a.name < b.name ? 1 : -1))[0];
  if (newest) {
    const copy = path.join(trashDir, newest.name);
    return `restore its last copy: cp ${shellWord(copy)} ${shellWord(path.join(dir, INDEX_FILE))}, then memctl doctor names any card it does not link (no memctl command rebuilds ${INDEX_FILE} from the cards)`;
  }
  return `start it by hand: printf '# Memory\\n' > ${shellWord(path.join(dir, INDEX_FILE))}, then memctl doctor names each card as an orphan with the line to add (memctl init refuses a directory that holds cards)`;
}

/** Size of a file in bytes, 0 when absent or unreadable. */
export function fileBytes(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** True when `rel` (inside dir) is a regular file, following symlinks. */
export function isRegularFile(dir: string, rel: string): boolean {
  try {
    return fs.statSync(path.join(dir, rel)).isFile();
  } catch {
    return false;
  }
}

/**
 * Reads MEMORY.md, the shards, and (when `cards`) every card, like lib/store/read.ts readStore but with
 * synchronous reads: for 10,000 small files one readFileSync each costs a fraction of 10,000 concurrent
 * promise reads (open/fstat/read/close each hop the thread pool). Throws only when MEMORY.md cannot be read.
 */
export async function readStoreForAudit(dir: string, cards: boolean): Promise<Store> {
  const indexText = readRegularUtf8(path.join(dir, INDEX_FILE));
  const files = (await listCardFiles(dir)).sort();
  const map = new Map<string, CardFile>();
  // FIFOs and devices named like cards are reported as unreadable, never opened (a read could block forever).
  if (cards) for (const { file, kind } of await listNonRegularCards(dir)) map.set(file, { file, bytes: 0, readError: `not a regular file (it is ${kind})` });
  for (const file of files) {
    if (!cards && !isShardFile(file)) continue;
    try {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      map.set(file, { file, bytes: Buffer.byteLength(text), text, card: isShardFile(file) ? undefined : parseCard(text) });
    } catch (err) {
      map.set(file, { file, bytes: 0, readError: (err as Error).message });
    }
  }
  return { dir, indexText, indexBytes: Buffer.byteLength(indexText), index: parseIndex(indexText), cards: map };
}
