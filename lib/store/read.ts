import fs from "node:fs";
import path from "node:path";
import { parseCard, type ParsedCard } from "../core/card.js";
import { parseIndex, type ParsedIndex } from "../core/index-file.js";

import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { EPISODES_SHARD, EPISODES_SUMMARY_FILE, INDEX_FILE } from "./paths.js";
import { fileKind, readRegularUtf8 } from "./checked-fs.js";
import { readHold } from "./hold.js";

export { EPISODES_FILE, INDEX_FILE, STATE_DIR } from "./paths.js";
export { countCardFiles } from "./card-count.js";

/** A card file on disk with its parse, or the read error that kept it from being parsed. */
export interface CardFile {
  file: string;
  bytes: number;
  text?: string;
  card?: ParsedCard;
  readError?: string;
}

/** A whole store read into memory: the index, every card file beside it, and what could not be read. */
export interface Store {
  dir: string;
  indexText: string;
  indexBytes: number;
  index: ParsedIndex;
  /** Card files (`*.md` other than MEMORY.md, top level and subfolders, not under .memctl/), sorted. */
  cards: Map<string, CardFile>;
}

/** Reads MEMORY.md and every card. Throws only when MEMORY.md itself cannot be read. */
export async function readStore(dir: string): Promise<Store> {
  // Checked: a FIFO or device as MEMORY.md is an error here (E_NOT_REGULAR), never a read that blocks.
  const indexText = readRegularUtf8(path.join(dir, INDEX_FILE));
  const files = await listCardFiles(dir);
  const cards = new Map<string, CardFile>();
  // One synchronous, type-checked read after another: at 10,000 cards 15x faster than as many fs.promises.readFile
  // at once (each an open, fstat, read and close through the thread pool, all in flight together; issue 32).
  for (const file of files) {
    try {
      const text = readRegularUtf8(path.join(dir, file));
      cards.set(file, { file, bytes: Buffer.byteLength(text), text, card: parseCard(text) });
    } catch (err) {
      cards.set(file, { file, bytes: 0, readError: (err as Error).message });
    }
  }
  const sorted = new Map([...cards.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return withoutHeld({ dir, indexText, indexBytes: Buffer.byteLength(indexText), index: parseIndex(indexText), cards: sorted });
}

/**
 * MEMORY.md alone, as readStore reads it (held lines left out), with no card read: for a reader that takes the
 * cards' fields from the card cache (lib/store/card-cache.ts). Throws only when MEMORY.md cannot be read.
 */
export function readIndexOnly(dir: string): Store {
  const indexText = readRegularUtf8(path.join(dir, INDEX_FILE));
  return withoutHeld({ dir, indexText, indexBytes: Buffer.byteLength(indexText), index: parseIndex(indexText), cards: new Map() });
}

/**
 * The store without what a sync holds (lib/store/arrivals.ts: pending review or quarantined): its cards and
 * the index lines linking to them. Every reader that injects or shows memory (session start, MCP, search,
 * list, compact) reads through here; audits (doctor) read the files themselves.
 */
function withoutHeld(store: Store): Store {
  const hold = readHold(store.dir);
  if (!hold) return store;
  const cards = new Map([...store.cards].filter(([file]) => !hold.held(file)));
  const entries = store.index.entries.filter((e) => !hold.held(e.file));
  return { ...store, cards, index: { ...store.index, entries } };
}

/**
 * Lists card files relative to the store, skipping MEMORY.md, dot-directories and symlinks. `walked` collects
 * each directory read ("" for the store itself), for a cache that re-lists only when one of them changed;
 * `shards` the store's names listEpisodeShards would list, from the same read of it.
 */
export async function listCardFiles(dir: string, sub = "", walked?: string[], shards?: string[]): Promise<string[]> {
  const entries = await fs.promises.readdir(path.join(dir, sub), { withFileTypes: true });
  walked?.push(sub);
  const out: string[] = [];
  for (const e of entries) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (shards && sub === "" && EPISODES_SHARD.test(e.name)) shards.push(e.name);
    if (e.name.startsWith(".")) continue;
    if (e.isDirectory()) out.push(...(await listCardFiles(dir, rel, walked)));
    else if (e.isFile() && e.name.endsWith(".md") && rel !== INDEX_FILE && rel !== EPISODES_SUMMARY_FILE) out.push(rel);
  }
  return out;
}

/**
 * `.md` entries that are neither regular files nor directories (FIFOs, devices, sockets, and symlinks to them),
 * each with what it is: listCardFiles leaves them out, and audits report them rather than open them.
 */
export async function listNonRegularCards(dir: string, sub = ""): Promise<{ file: string; kind: string }[]> {
  const entries = await fs.promises.readdir(path.join(dir, sub), { withFileTypes: true });
  const out: { file: string; kind: string }[] = [];
  for (const e of entries) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.name.startsWith(".")) continue;
    if (e.isDirectory()) out.push(...(await listNonRegularCards(dir, rel)));
    else if (!e.isFile() && e.name.endsWith(".md")) {
      let mode: number;
      try {
        mode = (await fs.promises.stat(path.join(dir, rel))).mode;
      } catch {
        continue; // a dangling symlink: a dead link, reported as such
      }
      const kind = fileKind(mode);
      if (kind !== "a regular file" && kind !== "a directory") out.push({ file: rel, kind });
    }
  }
  return out;
}

/**
 * readStore, but a store without MEMORY.md (cards only, or empty) reads as an empty index instead of failing.
 * A store that cannot be read (permissions, MEMORY.md a directory or FIFO) is E_UNAVAILABLE saying why, never
 * an internal error.
 */
export async function readStoreOrEmptyIndex(memoryDir: string): Promise<Store> {
  try {
    return await readStoreOrEmpty(memoryDir);
  } catch (err) {
    throw storeUnavailable(memoryDir, err);
  }
}

/** A MemctlError as it is; any other failure to read a store as E_UNAVAILABLE saying why. */
export function storeUnavailable(memoryDir: string, err: unknown): MemctlError {
  if (err instanceof MemctlError) return err;
  const e = err as NodeJS.ErrnoException;
  const reason = e?.code && e.path && !e.message.includes(e.path) ? `${e.code} ${e.path}` : ((e as Error)?.message ?? String(err));
  return new MemctlError(
    ERROR_CODES.E_UNAVAILABLE,
    `MEMORY INDEX UNAVAILABLE (${reason}): the memory in ${memoryDir} exists but could not be read; fix its permissions or file types (run "memctl doctor")`,
  );
}

async function readStoreOrEmpty(memoryDir: string): Promise<Store> {
  if (fs.existsSync(path.join(memoryDir, INDEX_FILE))) return readStore(memoryDir);
  const cards = new Map<string, CardFile>();
  for (const file of (await listCardFiles(memoryDir)).sort()) {
    try {
      const text = fs.readFileSync(path.join(memoryDir, file), "utf8");
      cards.set(file, { file, bytes: Buffer.byteLength(text), text, card: parseCard(text) });
    } catch (err) {
      cards.set(file, { file, bytes: 0, readError: (err as Error).message });
    }
  }
  return withoutHeld({ dir: memoryDir, indexText: "", indexBytes: 0, index: parseIndex(""), cards });
}
