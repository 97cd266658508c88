// lib/store/episode-tail.ts
import { EPISODES_FILE, joinPath } from "./paths.js";
import { close, exists, fstat, openRegular, readAt } from "./checked-fs.js";
import { utf8Text } from "../core/bytes.js";
var TAIL_BYTES = 64 * 1024;
var FIRST_WINDOW_BYTES = 4 * 1024;
var EPISODE_TIME_FIELDS = ["ts", "date"];
var EPISODE_HOST_FIELDS = ["host", "writer_host"];
function episodeTime(row) {
  for (const field of EPISODE_TIME_FIELDS) {
    const v = row[field];
    if (typeof v === "string" && !Number.isNaN(Date.parse(v))) return v;
  }
  return void 0;
}
var EPISODE_STALE_MS = 24 * 3600 * 1e3;
function readLastEpisode(memoryDir, now) {
  const latest = now === void 0 ? Number.POSITIVE_INFINITY : now.getTime() + EPISODE_STALE_MS;
  const file = joinPath(memoryDir, EPISODES_FILE);
  if (!exists(file)) return { status: "absent" };
  let fd;
  try {
    fd = openRegular(file).fd;
  } catch (err) {
    if (err.code === "ENOENT") return { status: "absent" };
    return { status: "error", error: err.message };
  }
  try {
    const size = fstat(fd).size;
    for (const window of [FIRST_WINDOW_BYTES, 2 * TAIL_BYTES]) {
      const length = Math.min(size, window);
      const buf = new Uint8Array(length);
      readAt(fd, buf, 0, length, size - length);
      const lines = utf8Text(buf).split("\n");
      if (length < size) lines.shift();
      for (let i = lines.length - 1; i >= 0; i--) {
        const line = lines[i].trim();
        if (!line.startsWith("{")) continue;
        try {
          const row = JSON.parse(line);
          const ts = row !== null && typeof row === "object" ? episodeTime(row) : void 0;
          if (ts !== void 0 && Date.parse(ts) <= latest) return { status: "found", ts };
        } catch {
        }
      }
      if (length === size) break;
    }
    return { status: "absent" };
  } catch (err) {
    return { status: "error", error: err.message };
  } finally {
    close(fd);
  }
}
function episodeReminder(last, now, logCommand = "/mem-log") {
  const how = logCommand === "memctl log" ? "memctl log" : `${logCommand} (memctl log)`;
  if (last.status === "error") return void 0;
  if (last.status === "absent" || !last.ts) return `No session episode is logged for this project yet: record one with ${how} before finishing.`;
  const age = now.getTime() - Date.parse(last.ts);
  if (age <= EPISODE_STALE_MS) return void 0;
  const days = Math.floor(age / (24 * 3600 * 1e3));
  return `The last session episode was logged ${days} ${days === 1 ? "day" : "days"} ago (${last.ts.slice(0, 10)}): record this one with ${how} before finishing.`;
}
export {
  EPISODE_HOST_FIELDS,
  EPISODE_STALE_MS,
  EPISODE_TIME_FIELDS,
  episodeReminder,
  episodeTime,
  readLastEpisode
};
