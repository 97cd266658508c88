// lib/store/episodes.ts
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
function assertEpisodesWritable(memoryDir) {
  const file = path.join(memoryDir, EPISODES_FILE);
  try {
    fs.accessSync(memoryDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch {
    throw new MemctlError(ERROR_CODES.E_NOT_WRITABLE, `the memory directory ${memoryDir} is not writable; fix its permissions (nothing was written)`, { memory_dir: memoryDir });
  }
  let stat;
  try {
    stat = fs.lstatSync(file);
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw new MemctlError(ERROR_CODES.E_IO, `cannot inspect ${file}: ${err.message}`);
  }
  if (stat?.isSymbolicLink()) {
    throw new MemctlError(
      ERROR_CODES.E_PATH_ESCAPE,
      `${file} is a symlink; memctl appends only to a regular episodes file inside the store \u2014 replace the link with the file it points to (nothing was written)`,
      { file }
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
async function appendEpisode(memoryDir, episode) {
  await recoverShard(memoryDir);
  const file = assertEpisodesWritable(memoryDir);
  const line = JSON.stringify(episode) + "\n";
  appendBytes(file, Buffer.from(endsWithoutNewline(file) ? "\n" + line : line, "utf8"), { fsync: true, rollback: true });
}
function endsWithoutNewline(file) {
  let fd;
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
    return last[0] !== 10;
  } finally {
    fs.closeSync(fd);
  }
}
function toEpisode(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return void 0;
  const row = v;
  const ts = episodeTime(row);
  if (ts === void 0) return void 0;
  if (row.summary !== void 0 && row.summary !== null && typeof row.summary !== "string") return void 0;
  const host = EPISODE_HOST_FIELDS.map((f) => row[f]).find((h) => typeof h === "string") ?? "";
  return { ...row, ts, host, summary: typeof row.summary === "string" ? row.summary : "" };
}
function readEpisodes(memoryDir, shards) {
  const episodes = [];
  let malformed = 0;
  let found = false;
  const hold = readHold(memoryDir, true);
  for (const { file, limit } of episodeFiles(memoryDir, shards)) {
    let text;
    try {
      const bytes = readRegularBytes(path.join(memoryDir, file), void 0, { nofollow: file !== EPISODES_FILE });
      text = utf8Text(limit === void 0 ? bytes : bytes.subarray(0, limit));
    } catch (err) {
      if (systemCode(err) === "ENOENT") continue;
      return { episodes: [], malformed: 0, status: "error", error: `${file}: ${err.message}` };
    }
    found = true;
    text.split("\n").forEach((raw, i) => {
      if (raw.trim() === "") return;
      if (hold?.heldLine(raw)) return;
      try {
        const episode = toEpisode(JSON.parse(raw));
        if (episode) {
          episodes.push({ ...episode, file, line: i + 1 });
          return;
        }
      } catch {
      }
      malformed++;
    });
  }
  return found ? { episodes, malformed, status: "ok" } : { episodes: [], malformed: 0, status: "none" };
}
export {
  appendEpisode,
  assertEpisodesWritable,
  readEpisodes
};
