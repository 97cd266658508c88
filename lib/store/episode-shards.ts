import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { sha256Hex } from "./history.js";
import { episodeTime } from "./episode-tail.js";
import { ensureStateDir } from "./lock.js";
import { readRegularBytes, readRegularUtf8 } from "./checked-fs.js";
import { EPISODES_FILE, EPISODES_SHARD, STATE_DIR } from "./paths.js";
import { commitFile, syncDirectory, type CommitOptions } from "./write.js";

// Monthly episode shards (seed 001 maintenance): `memctl shard` moves episodes older than a month bound from
// episodes.jsonl into episodes.YYYY-MM.jsonl. Several files change, so the move is a write-ahead intent
// (.memctl/shard.json: the bound, episodes.jsonl's size and hash, each shard's size before) applied by
// idempotent steps: each shard replaced atomically with its old bytes plus the moved lines, then episodes.jsonl
// replaced by what it keeps — the commit point. Until then episodes.jsonl still starts with the bytes the
// intent names, and readers read each listed shard only up to its old size, so a kill at any moment shows
// every episode exactly once; the next locked writer (shard, rebuild-summary, an episode append) finishes it.
// Appends made meanwhile sit after that prefix and are carried over.

export const SHARD_INTENT = `${STATE_DIR}/shard.json`;

interface ShardIntent {
  before: string;
  source: { size: number; sha256: string };
  shards: { file: string; size: number }[];
}

export interface ShardPlan {
  /** Lines episodes.jsonl keeps, in order (malformed lines, episodes from `before` on, and the newest episode). */
  keep: Buffer;
  moves: { file: string; lines: Buffer; count: number }[];
}

export interface ShardResult {
  before: string;
  moved: number;
  shards: { file: string; moved: number }[];
  /** A shard left by a killed run was finished first. */
  recovered: boolean;
}

/** Monthly shard files present, oldest month first. */
export function listEpisodeShards(memoryDir: string): string[] {
  try {
    return fs
      .readdirSync(memoryDir)
      .filter((f) => EPISODES_SHARD.test(f))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The episode files a reader reads, oldest first, each with how many bytes of it count: a shard that an
 * unfinished move is still appending to counts only up to its size before the move. `listed`: the shards as a
 * fresh listing of the store found them (the card cache's), instead of listing it again.
 */
export function episodeFiles(memoryDir: string, listed?: readonly string[]): { file: string; limit?: number }[] {
  const shards = (listed ?? listEpisodeShards(memoryDir)).map((file) => ({ file }) as { file: string; limit?: number });
  const intent = readShardIntentSafe(memoryDir);
  if (intent && !committed(memoryDir, intent)) {
    for (const s of intent.shards) {
      const row = shards.find((r) => r.file === s.file);
      if (row) row.limit = s.size;
    }
  }
  return [...shards, { file: EPISODES_FILE }];
}

/** Splits episodes.jsonl's bytes: what moves to which monthly shard, what stays. Pure. */
export function planShard(source: Buffer, before: string): ShardPlan {
  const text = source.toString("utf8");
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const months = lines.map(monthOf);
  let newest = -1;
  for (let i = months.length - 1; i >= 0 && newest < 0; i--) if (months[i] !== undefined) newest = i;
  const keep: string[] = [];
  const moves = new Map<string, string[]>();
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    const month = months[i];
    if (month === undefined || month >= before || i === newest) keep.push(line);
    else moves.set(month, [...(moves.get(month) ?? []), line]);
  });
  return {
    keep: Buffer.from(keep.map((l) => l + "\n").join(""), "utf8"),
    moves: [...moves.keys()].sort().map((m) => ({
      file: `episodes.${m}.jsonl`,
      lines: Buffer.from(
        moves
          .get(m)!
          .map((l) => l + "\n")
          .join(""),
        "utf8",
      ),
      count: moves.get(m)!.length,
    })),
  };
}

/** One shard pass. The caller holds the store lock. */
export async function shardEpisodes(memoryDir: string, before: string, commit?: CommitOptions): Promise<ShardResult> {
  const recovered = await recoverShard(memoryDir, commit);
  const source = readOrEmpty(path.join(memoryDir, EPISODES_FILE));
  const plan = planShard(source, before);
  const result: ShardResult = { before, moved: 0, shards: plan.moves.map((m) => ({ file: m.file, moved: m.count })), recovered };
  result.moved = plan.moves.reduce((n, m) => n + m.count, 0);
  if (result.moved === 0) return result;
  const intent: ShardIntent = {
    before,
    source: { size: source.length, sha256: sha256Hex(source) },
    shards: plan.moves.map((m) => ({ file: m.file, size: readOrEmpty(path.join(memoryDir, m.file)).length })),
  };
  ensureStateDir(memoryDir);
  await commitFile(intentFile(memoryDir), JSON.stringify(intent) + "\n");
  await applyShard(memoryDir, intent, commit);
  return result;
}

/** Finishes or clears the move a killed `memctl shard` left. The caller holds the store lock. */
export async function recoverShard(memoryDir: string, commit?: CommitOptions): Promise<boolean> {
  const intent = readShardIntent(memoryDir);
  if (!intent) return false;
  await applyShard(memoryDir, intent, commit);
  return true;
}

async function applyShard(memoryDir: string, intent: ShardIntent, commit?: CommitOptions): Promise<void> {
  if (!committed(memoryDir, intent)) {
    const current = readOrEmpty(path.join(memoryDir, EPISODES_FILE));
    const plan = planShard(current.subarray(0, intent.source.size), intent.before);
    for (const s of intent.shards) {
      const move = plan.moves.find((m) => m.file === s.file);
      if (!move) continue;
      const file = path.join(memoryDir, s.file);
      const now = readOrEmpty(file);
      const old = now.subarray(0, s.size);
      const glue = old.length > 0 && old[old.length - 1] !== 0x0a ? Buffer.from("\n") : Buffer.alloc(0);
      const target = Buffer.concat([old, glue, move.lines]);
      if (now.equals(target)) continue;
      if (now.length !== s.size)
        throw new MemctlError(
          ERROR_CODES.E_IO,
          `${s.file} changed while an interrupted shard was pending (${SHARD_INTENT}); restore it or move the intent aside, then rerun memctl shard`,
        );
      await commitFile(file, target, commit);
    }
    // The commit point: episodes.jsonl without the moved lines, plus anything appended since the plan.
    await commitFile(path.join(memoryDir, EPISODES_FILE), Buffer.concat([plan.keep, current.subarray(intent.source.size)]), commit);
  }
  fs.rmSync(intentFile(memoryDir), { force: true });
  syncDirectory(path.dirname(intentFile(memoryDir)));
}

/** True once episodes.jsonl no longer starts with the bytes the move was planned on. */
function committed(memoryDir: string, intent: ShardIntent): boolean {
  const current = readOrEmpty(path.join(memoryDir, EPISODES_FILE));
  return current.length < intent.source.size || sha256Hex(current.subarray(0, intent.source.size)) !== intent.source.sha256;
}

function monthOf(line: string): string | undefined {
  if (!line.trimStart().startsWith("{")) return undefined;
  try {
    const row: unknown = JSON.parse(line);
    const ts = row !== null && typeof row === "object" && !Array.isArray(row) ? episodeTime(row as Record<string, unknown>) : undefined;
    return ts === undefined ? undefined : new Date(ts).toISOString().slice(0, 7);
  } catch {
    return undefined;
  }
}

function intentFile(memoryDir: string): string {
  return path.join(memoryDir, ...SHARD_INTENT.split("/"));
}

function readShardIntent(memoryDir: string): ShardIntent | undefined {
  let text: string;
  try {
    text = readRegularUtf8(intentFile(memoryDir));
  } catch (err) {
    if (systemCode(err) === "ENOENT") return undefined;
    throw err;
  }
  try {
    const v = JSON.parse(text) as ShardIntent;
    if (typeof v.before !== "string" || typeof v.source?.size !== "number" || !Array.isArray(v.shards) || !v.shards.every((s) => EPISODES_SHARD.test(s.file)))
      throw new Error("not a shard intent");
    return v;
  } catch (err) {
    throw new MemctlError(ERROR_CODES.E_IO, `${SHARD_INTENT} (an interrupted shard) does not parse: ${(err as Error).message}; move it aside and check the episode files`);
  }
}

function readShardIntentSafe(memoryDir: string): ShardIntent | undefined {
  try {
    return readShardIntent(memoryDir);
  } catch {
    return undefined;
  }
}

function readOrEmpty(file: string): Buffer {
  try {
    return Buffer.from(readRegularBytes(file, undefined, { nofollow: true }));
  } catch (err) {
    if (systemCode(err) === "ENOENT") return Buffer.alloc(0);
    throw err;
  }
}
