// lib/records/limit-crossings.ts
import fs from "node:fs";
import path from "node:path";
import { EPISODES_FILE, STATE_DIR } from "../store/read.js";
import { GUARDRAIL_CONFIG_KEYS, measureStore } from "./guardrails.js";
function limitCrossings(memoryDir, limits) {
  const store = measureTree(memoryDir);
  const trash = measureTree(path.join(memoryDir, STATE_DIR, "trash"));
  const episodes = measureLines(path.join(memoryDir, EPISODES_FILE));
  const checks = [
    ["store", "maxFiles", store.files],
    ["store", "maxTotalBytes", store.bytes],
    ["trash", "maxTrashFiles", trash.files],
    ["trash", "maxTrashBytes", trash.bytes],
    ["episodes", "maxEpisodesLines", episodes.lines],
    ["episodes", "maxEpisodesBytes", episodes.bytes]
  ];
  return checks.filter(([, field, value]) => value > limits[field]).map(([area, field, value]) => ({ area, limit: GUARDRAIL_CONFIG_KEYS[field], value, max: limits[field] }));
}
function measureTree(dir) {
  try {
    return fs.lstatSync(dir).isDirectory() ? measureStore(dir) : { files: 0, bytes: 0 };
  } catch {
    return { files: 0, bytes: 0 };
  }
}
function measureLines(file) {
  let stat;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return { lines: 0, bytes: 0 };
  }
  if (!stat.isFile()) return { lines: 0, bytes: 0 };
  let lines = 0;
  let fd;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return { lines: 0, bytes: stat.size };
  }
  try {
    const buf = Buffer.alloc(1 << 16);
    let prev = 10;
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0; ) {
      for (let i = 0; i < n; i++) {
        if (buf[i] === 10 && prev !== 10) lines++;
        prev = buf[i];
      }
    }
    if (prev !== 10) lines++;
  } finally {
    fs.closeSync(fd);
  }
  return { lines, bytes: stat.size };
}
export {
  limitCrossings
};
