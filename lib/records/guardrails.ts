import fs from "node:fs";
import { configFilePath, readConfig, type GuardrailKey } from "../config/config.js";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { STATE_DIR } from "../store/read.js";
import { readHold } from "../store/hold.js";

// Limits checked inside the store lock, before any byte is written. A refused write changes nothing.
// Defaults follow Anthropic's managed memory stores (100 kB a file, 2,000 files) scaled to one project.
// The store-wide limits (files, total bytes) bound what agents and hosts write; the owner's own writes let the
// store grow (storeLimitsBind). Per-file size and path shape bind every write.

export interface Guardrails {
  /** Path segments below the store root; a top-level file has depth 1. */
  maxDepth: number;
  /** UTF-8 bytes in one path segment (file or directory name). */
  maxSegmentBytes: number;
  /** Bytes in one file after the write. */
  maxFileBytes: number;
  /** Bytes of every file in the store (not counting .memctl/) after the write. */
  maxTotalBytes: number;
  /** Files in the store (not counting .memctl/) after the write. */
  maxFiles: number;
  /** Files and bytes kept in .memctl/trash (removed cards): doctor warns past these, nothing is refused. */
  maxTrashFiles: number;
  maxTrashBytes: number;
  /** Bytes and lines of episodes.jsonl: doctor warns past these, nothing is refused. */
  maxEpisodesBytes: number;
  maxEpisodesLines: number;
  /**
   * Revision texts (.memctl/revisions, lib/store/revisions.ts) kept per card, its latest included, and the bytes of
   * every card's older texts together; past either the oldest are pruned at the next write, never a card's latest.
   */
  maxRevisionsPerCard: number;
  maxRevisionBytes: number;
}

/** The `[guardrails]` config key of each limit (lib/config/config.ts validates them). */
export const GUARDRAIL_CONFIG_KEYS: Readonly<Record<keyof Guardrails, GuardrailKey>> = Object.freeze({
  maxDepth: "max_depth",
  maxSegmentBytes: "max_segment_bytes",
  maxFileBytes: "max_file_bytes",
  maxTotalBytes: "max_total_bytes",
  maxFiles: "max_files",
  maxTrashFiles: "max_trash_files",
  maxTrashBytes: "max_trash_bytes",
  maxEpisodesBytes: "max_episodes_bytes",
  maxEpisodesLines: "max_episodes_lines",
  maxRevisionsPerCard: "max_revisions_per_card",
  maxRevisionBytes: "max_revision_bytes",
});

export const DEFAULT_GUARDRAILS: Readonly<Guardrails> = Object.freeze({
  maxDepth: 4,
  maxSegmentBytes: 128,
  maxFileBytes: 100 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
  maxFiles: 2000,
  maxTrashFiles: 2000,
  maxTrashBytes: 10 * 1024 * 1024,
  maxEpisodesBytes: 10 * 1024 * 1024,
  maxEpisodesLines: 20_000,
  maxRevisionsPerCard: 20,
  maxRevisionBytes: 10 * 1024 * 1024,
});

export interface StoreUsage {
  files: number;
  bytes: number;
}

/**
 * Counts regular files and their bytes under the store, skipping .memctl/ and .git/ and never following symlinks. Files a
 * sync quarantined (a teammate's oversized card) are left out: they are not this machine's, and must not
 * block its writes.
 */
export function measureStore(base: string): StoreUsage {
  const usage: StoreUsage = { files: 0, bytes: 0 };
  const hold = readHold(base);
  const prefix = Buffer.byteLength(base) + 1;
  // Names as bytes: a file name that is not valid UTF-8 still counts (a decoded name would not stat).
  const walk = (dir: Buffer, top: boolean) => {
    for (const entry of gone(() => fs.readdirSync(dir, { withFileTypes: true, encoding: "buffer" })) ?? []) {
      // .memctl/ is memctl's state; .git/ (a synced store is its own work tree) is git's: neither is the store's files.
      if (top && (entry.name.toString() === STATE_DIR || entry.name.toString() === ".git")) continue;
      const full = Buffer.concat([dir, Buffer.from("/"), entry.name]);
      if (entry.isDirectory()) walk(full, false);
      else if (entry.isFile()) {
        const size = gone(() => fs.lstatSync(full).size);
        if (size === undefined) continue;
        if (hold?.held(full.subarray(prefix).toString())?.state === "quarantined") continue;
        usage.files++;
        usage.bytes += size;
      }
    }
  };
  walk(Buffer.from(base), true);
  return usage;
}

/** Another program moved or removed the entry while it was being counted: it is not counted (undefined). */
function gone<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw err;
  }
}

/** Path-shape limits: depth and segment length. Checked for every path a mutation creates. */
export function checkPathShape(segments: readonly string[], limits: Guardrails, shown: string): void {
  if (segments.length > limits.maxDepth) {
    throw guardrail(`Error: ${shown} is ${segments.length} levels deep; the limit is ${limits.maxDepth}. Use a shallower path.`, {
      limit: "maxDepth",
      value: segments.length,
      max: limits.maxDepth,
    });
  }
  for (const segment of segments) {
    const bytes = Buffer.byteLength(segment);
    if (bytes > limits.maxSegmentBytes) {
      throw guardrail(`Error: the name "${segment.slice(0, 40)}…" in ${shown} is ${bytes} bytes; the limit is ${limits.maxSegmentBytes}. Use a shorter name.`, {
        limit: "maxSegmentBytes",
        value: bytes,
        max: limits.maxSegmentBytes,
      });
    }
  }
}

/**
 * Whether the store-wide limits (maxFiles, maxTotalBytes) bind a write by `actor`. They exist to bound what agents
 * and hosts write (the memory tool's file commands, MCP, a host's opted-in save); the owner's own writes (`human`:
 * save, accept, restore; `system`: the owner's import) are not stopped by the store's size, and skip the walk that
 * measures it. The file tools bind them for every caller (lib/records/file-tools.ts).
 */
export function storeLimitsBind(actor: string): boolean {
  return actor !== "human" && actor !== "system";
}

/**
 * Whether writing `newBytes` to a file that currently holds `oldBytes` (undefined: a new file) keeps the
 * store within its limits. Call inside the store lock, then write inside the same lock. With `store` false only
 * the per-file limit is checked (an owner's write: storeLimitsBind), and the store is not walked.
 */
export function checkWrite(base: string, shown: string, oldBytes: number | undefined, newBytes: number, limits: Guardrails, store = true): void {
  if (newBytes > limits.maxFileBytes) {
    throw guardrail(`Error: ${shown} would be ${newBytes} bytes; the per-file limit is ${limits.maxFileBytes}. Split it into smaller files.`, {
      limit: "maxFileBytes",
      value: newBytes,
      max: limits.maxFileBytes,
    });
  }
  if (!store) return;
  const usage = measureStore(base);
  const files = usage.files + (oldBytes === undefined ? 1 : 0);
  if (files > limits.maxFiles) {
    throw guardrail(
      `Error: the memory directory would hold ${files} files; the limit is ${limits.maxFiles}. Delete or merge files first, or raise it: ${raiseHint("maxFiles", files)}.`,
      { limit: "maxFiles", value: files, max: limits.maxFiles },
    );
  }
  const total = usage.bytes - (oldBytes ?? 0) + newBytes;
  if (total > limits.maxTotalBytes) {
    throw guardrail(
      `Error: the memory directory would hold ${total} bytes; the limit is ${limits.maxTotalBytes}. Delete or shorten files first, or raise it: ${raiseHint("maxTotalBytes", total)}.`,
      { limit: "maxTotalBytes", value: total, max: limits.maxTotalBytes },
    );
  }
}

export function withDefaults(partial: Partial<Guardrails> = {}): Guardrails {
  return { ...DEFAULT_GUARDRAILS, ...partial };
}

/** The limits the user config raises or lowers (`[guardrails] max_files = 20000`); invalid values are left to config lint. */
export function configuredGuardrails(io: Pick<Io, "env" | "home">): Partial<Guardrails> {
  const set = readConfig(io).value.guardrails;
  const out: Partial<Guardrails> = {};
  for (const [field, key] of Object.entries(GUARDRAIL_CONFIG_KEYS) as [keyof Guardrails, GuardrailKey][]) {
    const v = set[key];
    if (v !== undefined) out[field] = v;
  }
  return out;
}

/** How to raise one limit: the config lines that would allow `needed`, and where they go when known. */
export function raiseHint(limit: keyof Guardrails, needed: number, configFile?: string): string {
  return `set [guardrails] ${GUARDRAIL_CONFIG_KEYS[limit]} = ${needed} in ${configFile ?? "memctl's user config"}`;
}

/** One file a batch adds to the store (a new file: never a replacement). */
export interface BatchFile {
  file: string;
  bytes: number;
}

/**
 * Whether adding every file of a batch (plus `indexDelta` bytes to MEMORY.md, `newIndex` when it does not exist
 * yet) keeps the store within its limits, measured once for the whole batch. Throws E_GUARDRAIL naming the
 * limit, the numbers and the config lines that would raise it; nothing has been written when it throws.
 * With `store` false (an owner's import: storeLimitsBind) only each file's shape and size are checked.
 */
export function checkBatch(
  base: string,
  batch: readonly BatchFile[],
  index: { delta: number; created: boolean },
  limits: Guardrails,
  io: Pick<Io, "env" | "home">,
  what: string,
  store = true,
): void {
  const config = configFilePath(io);
  const refuse = (limit: keyof Guardrails, message: string, value: number, max: number) => {
    const raise = `[guardrails]\n  ${GUARDRAIL_CONFIG_KEYS[limit]} = ${value}`;
    return new MemctlError(
      ERROR_CODES.E_GUARDRAIL,
      `${message}; the limit is ${max.toLocaleString("en-US")} (${GUARDRAIL_CONFIG_KEYS[limit]}). Nothing was written. ${what} fewer, or raise the limit in ${config}:\n  ${raise}`,
      { limit: GUARDRAIL_CONFIG_KEYS[limit], value, max, config_file: config },
    );
  };
  for (const f of batch) {
    checkPathShape(f.file.split("/"), limits, f.file);
    if (f.bytes > limits.maxFileBytes) throw refuse("maxFileBytes", `${f.file} is ${f.bytes.toLocaleString("en-US")} bytes`, f.bytes, limits.maxFileBytes);
  }
  if (!store) return;
  const usage = measureStore(base);
  const files = usage.files + batch.length + (index.created ? 1 : 0);
  if (files > limits.maxFiles) throw refuse("maxFiles", `the memory directory would hold ${files.toLocaleString("en-US")} files`, files, limits.maxFiles);
  const total = usage.bytes + batch.reduce((n, f) => n + f.bytes, 0) + index.delta;
  if (total > limits.maxTotalBytes) throw refuse("maxTotalBytes", `the memory directory would hold ${total.toLocaleString("en-US")} bytes`, total, limits.maxTotalBytes);
}

function guardrail(message: string, data: Record<string, unknown>): MemctlError {
  return new MemctlError(ERROR_CODES.E_GUARDRAIL, message, data);
}
