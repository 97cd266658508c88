import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "./errors.js";
import { STATE_DIR } from "./store/read.js";

// Limits checked inside the store lock, before any byte is written. A refused write changes nothing.
// Defaults follow Anthropic's managed memory stores (100 kB a file, 2,000 files) scaled to one project.

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
}

export const DEFAULT_GUARDRAILS: Readonly<Guardrails> = Object.freeze({
  maxDepth: 4,
  maxSegmentBytes: 128,
  maxFileBytes: 100 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
  maxFiles: 2000,
});

export interface StoreUsage {
  files: number;
  bytes: number;
}

/** Counts regular files and their bytes under the store, skipping .memctl/ and never following symlinks. */
export function measureStore(base: string): StoreUsage {
  const usage: StoreUsage = { files: 0, bytes: 0 };
  const walk = (dir: string, top: boolean) => {
    for (const entry of gone(() => fs.readdirSync(dir, { withFileTypes: true })) ?? []) {
      if (top && entry.name === STATE_DIR) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, false);
      else if (entry.isFile()) {
        const size = gone(() => fs.lstatSync(full).size);
        if (size === undefined) continue;
        usage.files++;
        usage.bytes += size;
      }
    }
  };
  walk(base, true);
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
    throw guardrail(`Error: ${shown} is ${segments.length} levels deep; the limit is ${limits.maxDepth}. Use a shallower path.`, { limit: "maxDepth", value: segments.length, max: limits.maxDepth });
  }
  for (const segment of segments) {
    const bytes = Buffer.byteLength(segment);
    if (bytes > limits.maxSegmentBytes) {
      throw guardrail(`Error: the name "${segment.slice(0, 40)}…" in ${shown} is ${bytes} bytes; the limit is ${limits.maxSegmentBytes}. Use a shorter name.`, { limit: "maxSegmentBytes", value: bytes, max: limits.maxSegmentBytes });
    }
  }
}

/**
 * Whether writing `newBytes` to a file that currently holds `oldBytes` (undefined: a new file) keeps the
 * store within its limits. Call inside the store lock, then write inside the same lock.
 */
export function checkWrite(base: string, shown: string, oldBytes: number | undefined, newBytes: number, limits: Guardrails): void {
  if (newBytes > limits.maxFileBytes) {
    throw guardrail(`Error: ${shown} would be ${newBytes} bytes; the per-file limit is ${limits.maxFileBytes}. Split it into smaller files.`, { limit: "maxFileBytes", value: newBytes, max: limits.maxFileBytes });
  }
  const usage = measureStore(base);
  const files = usage.files + (oldBytes === undefined ? 1 : 0);
  if (files > limits.maxFiles) {
    throw guardrail(`Error: the memory directory would hold ${files} files; the limit is ${limits.maxFiles}. Delete or merge files first.`, { limit: "maxFiles", value: files, max: limits.maxFiles });
  }
  const total = usage.bytes - (oldBytes ?? 0) + newBytes;
  if (total > limits.maxTotalBytes) {
    throw guardrail(`Error: the memory directory would hold ${total} bytes; the limit is ${limits.maxTotalBytes}. Delete or shorten files first.`, { limit: "maxTotalBytes", value: total, max: limits.maxTotalBytes });
  }
}

export function withDefaults(partial: Partial<Guardrails> = {}): Guardrails {
  return { ...DEFAULT_GUARDRAILS, ...partial };
}

function guardrail(message: string, data: Record<string, unknown>): MemctlError {
  return new MemctlError(ERROR_CODES.E_GUARDRAIL, message, data);
}
