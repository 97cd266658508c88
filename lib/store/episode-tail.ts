// The hook's episode reminder reads only the tail of episodes.jsonl: the file is append-only and can grow
// for years, and the newest entry is all the reminder needs.
import { EPISODES_FILE, joinPath } from "./paths.js";
import { close, exists, fstat, openRegular, readAt } from "./checked-fs.js";
import { utf8Text } from "../core/bytes.js";

const TAIL_BYTES = 64 * 1024;
const FIRST_WINDOW_BYTES = 4 * 1024;
/**
 * Both formats' field names, memctl's first: memctl writes `ts` / `host`; seed 001's pm-dispatch rows carry
 * `date` / `writer_host`. Readers take either; memctl only ever writes its own.
 */
export const EPISODE_TIME_FIELDS = ["ts", "date"] as const;
export const EPISODE_HOST_FIELDS = ["host", "writer_host"] as const;

/** A row's timestamp in either format, when it is a parseable date string. */
export function episodeTime(row: Record<string, unknown>): string | undefined {
  for (const field of EPISODE_TIME_FIELDS) {
    const v = row[field];
    if (typeof v === "string" && !Number.isNaN(Date.parse(v))) return v;
  }
  return undefined;
}

/** An episode older than this earns a reminder. */
export const EPISODE_STALE_MS = 24 * 3600 * 1000;

export interface LastEpisode {
  /** "absent" when there is no file or no readable entry in its tail. */
  status: "found" | "absent" | "error";
  ts?: string;
  error?: string;
}

/**
 * The newest parseable entry's ts, scanning back from the end over at most two tail windows. With `now`, an entry dated
 * more than a day past it is skipped: logs merge by time, so a pushed line dated years ahead would stay the newest and
 * silence the reminder for good (a day covers clocks that disagree).
 */
export function readLastEpisode(memoryDir: string, now?: Date): LastEpisode {
  const latest = now === undefined ? Number.POSITIVE_INFINITY : now.getTime() + EPISODE_STALE_MS;
  const file = joinPath(memoryDir, EPISODES_FILE);
  if (!exists(file)) return { status: "absent" };
  let fd: number;
  try {
    fd = openRegular(file).fd; // a FIFO or device here is reported, never read
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { status: "absent" };
    return { status: "error", error: (err as Error).message };
  }
  try {
    const size = fstat(fd).size;
    // The newest line nearly always fits in a small window; the wide one is for long or malformed tails.
    for (const window of [FIRST_WINDOW_BYTES, 2 * TAIL_BYTES]) {
      const length = Math.min(size, window);
      const buf = new Uint8Array(length);
      readAt(fd, buf, 0, length, size - length);
      const lines = utf8Text(buf).split("\n");
      if (length < size) lines.shift(); // the first line of the window may be cut
      for (let i = lines.length - 1; i >= 0; i--) {
        const line = lines[i]!.trim();
        if (!line.startsWith("{")) continue;
        try {
          const row: unknown = JSON.parse(line);
          const ts = row !== null && typeof row === "object" ? episodeTime(row as Record<string, unknown>) : undefined;
          if (ts !== undefined && Date.parse(ts) <= latest) return { status: "found", ts };
        } catch {
          // A malformed line is skipped here; stats counts it.
        }
      }
      if (length === size) break;
    }
    return { status: "absent" };
  } catch (err) {
    return { status: "error", error: (err as Error).message };
  } finally {
    close(fd);
  }
}

/** The reminder line, or undefined when the newest episode is under 24 h old. */
export function episodeReminder(last: LastEpisode, now: Date, logCommand = "/mem-log"): string | undefined {
  const how = logCommand === "memctl log" ? "memctl log" : `${logCommand} (memctl log)`;
  if (last.status === "error") return undefined;
  if (last.status === "absent" || !last.ts) return `No session episode is logged for this project yet: record one with ${how} before finishing.`;
  const age = now.getTime() - Date.parse(last.ts);
  if (age <= EPISODE_STALE_MS) return undefined;
  const days = Math.floor(age / (24 * 3600 * 1000));
  return `The last session episode was logged ${days} ${days === 1 ? "day" : "days"} ago (${last.ts.slice(0, 10)}): record this one with ${how} before finishing.`;
}
