// The limits doctor reports as crossed: the store's own (files, bytes) and those of the areas outside it that
// grow unattended (.memctl/trash, episodes.jsonl), measured without following symlinks or opening a FIFO.
import fs from "node:fs";
import path from "node:path";
import type { GuardrailKey } from "../config/config.js";
import { EPISODES_FILE, STATE_DIR } from "../store/read.js";
import { GUARDRAIL_CONFIG_KEYS, measureStore, type Guardrails, type StoreUsage } from "./guardrails.js";

/** A limit doctor found crossed: the store's own, or one of the areas outside it (trash, episodes). */
export interface LimitCrossing {
  area: "store" | "trash" | "episodes";
  /** The `[guardrails]` config key. */
  limit: GuardrailKey;
  value: number;
  max: number;
}

/**
 * Every limit the store and the areas outside it have crossed, measured without following symlinks:
 * the store's files and bytes, .memctl/trash (removed cards, kept so nothing is lost), episodes.jsonl.
 */
export function limitCrossings(memoryDir: string, limits: Guardrails): LimitCrossing[] {
  const store = measureTree(memoryDir);
  const trash = measureTree(path.join(memoryDir, STATE_DIR, "trash"));
  const episodes = measureLines(path.join(memoryDir, EPISODES_FILE));
  const checks: [LimitCrossing["area"], keyof Guardrails, number][] = [
    ["store", "maxFiles", store.files],
    ["store", "maxTotalBytes", store.bytes],
    ["trash", "maxTrashFiles", trash.files],
    ["trash", "maxTrashBytes", trash.bytes],
    ["episodes", "maxEpisodesLines", episodes.lines],
    ["episodes", "maxEpisodesBytes", episodes.bytes],
  ];
  return checks.filter(([, field, value]) => value > limits[field]).map(([area, field, value]) => ({ area, limit: GUARDRAIL_CONFIG_KEYS[field], value, max: limits[field] }));
}

/** measureStore for a report: an absent or unreadable tree measures as empty (doctor reports unreadable files elsewhere). */
function measureTree(dir: string): StoreUsage {
  try {
    return fs.lstatSync(dir).isDirectory() ? measureStore(dir) : { files: 0, bytes: 0 };
  } catch {
    return { files: 0, bytes: 0 };
  }
}

/** Non-empty lines and bytes of a regular file (0 when absent or not a regular file: never opens a FIFO). */
function measureLines(file: string): { lines: number; bytes: number } {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return { lines: 0, bytes: 0 };
  }
  if (!stat.isFile()) return { lines: 0, bytes: 0 };
  let lines = 0;
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return { lines: 0, bytes: stat.size };
  }
  try {
    const buf = Buffer.alloc(1 << 16);
    let prev = 0x0a;
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0; ) {
      for (let i = 0; i < n; i++) {
        if (buf[i] === 0x0a && prev !== 0x0a) lines++;
        prev = buf[i]!;
      }
    }
    if (prev !== 0x0a) lines++;
  } finally {
    fs.closeSync(fd);
  }
  return { lines, bytes: stat.size };
}
