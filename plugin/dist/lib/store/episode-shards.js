// lib/store/episode-shards.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { sha256Hex } from "./history.js";
import { episodeTime } from "./episode-tail.js";
import { ensureStateDir } from "./lock.js";
import { readRegularBytes, readRegularUtf8 } from "./checked-fs.js";
import { EPISODES_FILE, EPISODES_SHARD, STATE_DIR } from "./paths.js";
import { commitFile, syncDirectory } from "./write.js";
var SHARD_INTENT = `${STATE_DIR}/shard.json`;
function listEpisodeShards(memoryDir) {
  try {
    return fs.readdirSync(memoryDir).filter((f) => EPISODES_SHARD.test(f)).sort();
  } catch {
    return [];
  }
}
function episodeFiles(memoryDir, listed) {
  const shards = (listed ?? listEpisodeShards(memoryDir)).map((file) => ({ file }));
  const intent = readShardIntentSafe(memoryDir);
  if (intent && !committed(memoryDir, intent)) {
    for (const s of intent.shards) {
      const row = shards.find((r) => r.file === s.file);
      if (row) row.limit = s.size;
    }
  }
  return [...shards, { file: EPISODES_FILE }];
}
function planShard(source, before) {
  const text = source.toString("utf8");
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const months = lines.map(monthOf);
  let newest = -1;
  for (let i = months.length - 1; i >= 0 && newest < 0; i--) if (months[i] !== void 0) newest = i;
  const keep = [];
  const moves = /* @__PURE__ */ new Map();
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    const month = months[i];
    if (month === void 0 || month >= before || i === newest) keep.push(line);
    else moves.set(month, [...moves.get(month) ?? [], line]);
  });
  return {
    keep: Buffer.from(keep.map((l) => l + "\n").join(""), "utf8"),
    moves: [...moves.keys()].sort().map((m) => ({
      file: `episodes.${m}.jsonl`,
      lines: Buffer.from(
        moves.get(m).map((l) => l + "\n").join(""),
        "utf8"
      ),
      count: moves.get(m).length
    }))
  };
}
async function shardEpisodes(memoryDir, before, commit) {
  const recovered = await recoverShard(memoryDir, commit);
  const source = readOrEmpty(path.join(memoryDir, EPISODES_FILE));
  const plan = planShard(source, before);
  const result = { before, moved: 0, shards: plan.moves.map((m) => ({ file: m.file, moved: m.count })), recovered };
  result.moved = plan.moves.reduce((n, m) => n + m.count, 0);
  if (result.moved === 0) return result;
  const intent = {
    before,
    source: { size: source.length, sha256: sha256Hex(source) },
    shards: plan.moves.map((m) => ({ file: m.file, size: readOrEmpty(path.join(memoryDir, m.file)).length }))
  };
  ensureStateDir(memoryDir);
  await commitFile(intentFile(memoryDir), JSON.stringify(intent) + "\n");
  await applyShard(memoryDir, intent, commit);
  return result;
}
async function recoverShard(memoryDir, commit) {
  const intent = readShardIntent(memoryDir);
  if (!intent) return false;
  await applyShard(memoryDir, intent, commit);
  return true;
}
async function applyShard(memoryDir, intent, commit) {
  if (!committed(memoryDir, intent)) {
    const current = readOrEmpty(path.join(memoryDir, EPISODES_FILE));
    const plan = planShard(current.subarray(0, intent.source.size), intent.before);
    for (const s of intent.shards) {
      const move = plan.moves.find((m) => m.file === s.file);
      if (!move) continue;
      const file = path.join(memoryDir, s.file);
      const now = readOrEmpty(file);
      const old = now.subarray(0, s.size);
      const glue = old.length > 0 && old[old.length - 1] !== 10 ? Buffer.from("\n") : Buffer.alloc(0);
      const target = Buffer.concat([old, glue, move.lines]);
      if (now.equals(target)) continue;
      if (now.length !== s.size)
        throw new MemctlError(
          ERROR_CODES.E_IO,
          `${s.file} changed while an interrupted shard was pending (${SHARD_INTENT}); restore it or move the intent aside, then rerun memctl shard`
        );
      await commitFile(file, target, commit);
    }
    await commitFile(path.join(memoryDir, EPISODES_FILE), Buffer.concat([plan.keep, current.subarray(intent.source.size)]), commit);
  }
  fs.rmSync(intentFile(memoryDir), { force: true });
  syncDirectory(path.dirname(intentFile(memoryDir)));
}
function committed(memoryDir, intent) {
  const current = readOrEmpty(path.join(memoryDir, EPISODES_FILE));
  return current.length < intent.source.size || sha256Hex(current.subarray(0, intent.source.size)) !== intent.source.sha256;
}
function monthOf(line) {
  if (!line.trimStart().startsWith("{")) return void 0;
  try {
    const row = JSON.parse(line);
    const ts = row !== null && typeof row === "object" && !Array.isArray(row) ? episodeTime(row) : void 0;
    return ts === void 0 ? void 0 : new Date(ts).toISOString().slice(0, 7);
  } catch {
    return void 0;
  }
}
function intentFile(memoryDir) {
  return path.join(memoryDir, ...SHARD_INTENT.split("/"));
}
function readShardIntent(memoryDir) {
  let text;
  try {
    text = readRegularUtf8(intentFile(memoryDir));
  } catch (err) {
    if (systemCode(err) === "ENOENT") return void 0;
    throw err;
  }
  try {
    const v = JSON.parse(text);
    if (typeof v.before !== "string" || typeof v.source?.size !== "number" || !Array.isArray(v.shards) || !v.shards.every((s) => EPISODES_SHARD.test(s.file)))
      throw new Error("not a shard intent");
    return v;
  } catch (err) {
    throw new MemctlError(ERROR_CODES.E_IO, `${SHARD_INTENT} (an interrupted shard) does not parse: ${err.message}; move it aside and check the episode files`);
  }
}
function readShardIntentSafe(memoryDir) {
  try {
    return readShardIntent(memoryDir);
  } catch {
    return void 0;
  }
}
function readOrEmpty(file) {
  try {
    return Buffer.from(readRegularBytes(file, void 0, { nofollow: true }));
  } catch (err) {
    if (systemCode(err) === "ENOENT") return Buffer.alloc(0);
    throw err;
  }
}
export {
  SHARD_INTENT,
  episodeFiles,
  listEpisodeShards,
  planShard,
  recoverShard,
  shardEpisodes
};
