import fs from "node:fs";
import { readRegularBytes } from "./checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import { episodeFiles, recoverShard } from "./episode-shards.js";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { EPISODE_HOST_FIELDS, episodeTime } from "./episode-tail.js";
import { appendBytes } from "./safe-write.js";
import { EPISODES_FILE } from "./read.js";
import { readHold } from "./hold.js";

/** One session summary: a line of `<memory_dir>/episodes.jsonl` (contract in notes/contracts.md). */
export interface Episode {
  ts: string;
  host: string;
  summary: string;
  project_key: string;
  repo: string;
  actor: string;
  session_id?: string;
}

export interface EpisodesRead {
  /** Parsed episodes, oldest shard first and episodes.jsonl last, each with its file and 1-based line number. */
  episodes: (Episode & { file: string; line: number })[];
  malformed: number;
  status: "ok" | "none" | "error";
  error?: string;
}

/**
 * Checks that `memoryDir/episodes.jsonl` can be appended to safely: the directory is writable and the file,
 * if present, is a regular file and not a symlink. Throws E_NOT_WRITABLE / E_PATH_ESCAPE.
 */
export function assertEpisodesWritable(memoryDir: string): string {
  const file = path.join(memoryDir, EPISODES_FILE);
  try {
    fs.accessSync(memoryDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch {
    throw new MemctlError(ERROR_CODES.E_NOT_WRITABLE, `the memory directory ${memoryDir} is not writable; fix its permissions (nothing was written)`, { memory_dir: memoryDir });
  }
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(file);
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw new MemctlError(ERROR_CODES.E_IO, `cannot inspect ${file}: ${(err as Error).message}`);
  }
  if (stat?.isSymbolicLink()) {
    throw new MemctlError(
      ERROR_CODES.E_PATH_ESCAPE,
      `${file} is a symlink; memctl appends only to a regular episodes file inside the store — replace the link with the file it points to (nothing was written)`,
      { file },
    );
  }
  if (stat && !stat.isFile()) throw new MemctlError(ERROR_CODES.E_NOT_WRITABLE, `${file} is not a regular file (nothing was written)`, { file });
  if (stat) {
    try {
      fs.accessSync(file, fs.constants.W_OK);
    } catch {
      throw new MemctlError(ERROR_CODES.E_NOT_WRITABLE, `${file} is not writable; fix its permissions (nothing was written)`, { file });
    }
  }
  return file;
}

/**
 * Appends one episode as one line. The caller holds the store lock. If the file's last line lacks its
 * newline (a hand edit), a newline goes first so the new record is never glued onto it.
 */
export async function appendEpisode(memoryDir: string, episode: Episode): Promise<void> {
  await recoverShard(memoryDir); // a killed `memctl shard` is finished before the file grows
  const file = assertEpisodesWritable(memoryDir);
  const line = JSON.stringify(episode) + "\n";
  // Not appendLine: that drops a torn last line of memctl's own logs, and this one may be the user's.
  appendBytes(file, Buffer.from(endsWithoutNewline(file) ? "\n" + line : line, "utf8"), { fsync: true, rollback: true });
}

function endsWithoutNewline(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A row in memctl's format (`ts`, `host`) or seed 001's (`date`, `writer_host`), normalised to memctl's field
 * names. A row with no summary (or a null one) is a skeleton from the retired Stop hook: an episode with an
 * empty summary, which the fill rate counts as unfilled. Anything without a parseable timestamp is malformed.
 */
function toEpisode(v: unknown): Episode | undefined {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return undefined;
  const row = v as Record<string, unknown>;
  const ts = episodeTime(row);
  if (ts === undefined) return undefined;
  if (row.summary !== undefined && row.summary !== null && typeof row.summary !== "string") return undefined;
  const host = EPISODE_HOST_FIELDS.map((f) => row[f]).find((h): h is string => typeof h === "string") ?? "";
  return { ...(row as unknown as Episode), ts, host, summary: typeof row.summary === "string" ? row.summary : "" };
}

/**
 * Reads every episode (either format) from the monthly shards, oldest first, then episodes.jsonl; malformed
 * lines are counted, never dropped from disk. Never throws.
 */
export function readEpisodes(memoryDir: string, shards?: readonly string[]): EpisodesRead {
  const episodes: EpisodesRead["episodes"] = [];
  let malformed = 0;
  let found = false;
  const hold = readHold(memoryDir, true);
  for (const { file, limit } of episodeFiles(memoryDir, shards)) {
    let text: string;
    try {
      // A FIFO here is an error, never a hang; a shard is never read through a link.
      const bytes = readRegularBytes(path.join(memoryDir, file), undefined, { nofollow: file !== EPISODES_FILE });
      text = utf8Text(limit === undefined ? bytes : bytes.subarray(0, limit));
    } catch (err) {
      if (systemCode(err) === "ENOENT") continue;
      return { episodes: [], malformed: 0, status: "error", error: `${file}: ${(err as Error).message}` };
    }
    found = true;
    text.split("\n").forEach((raw, i) => {
      if (raw.trim() === "") return;
      // A line a sync quarantined (a teammate's secret, hidden text) is read by no one; it stays in the file.
      if (hold?.heldLine(raw)) return;
      try {
        const episode = toEpisode(JSON.parse(raw));
        if (episode) {
          episodes.push({ ...episode, file, line: i + 1 });
          return;
        }
      } catch {
        /* counted below */
      }
      malformed++;
    });
  }
  return found ? { episodes, malformed, status: "ok" } : { episodes: [], malformed: 0, status: "none" };
}
