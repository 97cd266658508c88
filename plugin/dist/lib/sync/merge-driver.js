// lib/sync/merge-driver.ts
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { DEFAULT_READ_CAP, readRegularUtf8 } from "../store/checked-fs.js";
import { sha256Hex } from "../store/history.js";
import { realDir, writeNewFile } from "../store/safe-write.js";
import { commitFileSync } from "../store/write.js";
import { mergeIndex, mergeLog } from "./merge-lines.js";
var INCOMING_DIR = ".memctl/sync/incoming";
function runMergeDriver(kind, files) {
  const base = readOrEmpty(files.base);
  const ours = readOrEmpty(files.ours);
  const theirs = readOrEmpty(files.theirs);
  const merged = mergeText(
    kind,
    base,
    ours,
    theirs,
    (loser) => parkIncoming(files.cwd, { path: files.path, text: loser, sha256: sha256Hex(loser), kept_sha256: sha256Hex(ours), reason: "edited-both" })
  );
  if (merged !== ours) commitFileSync(files.ours, merged, { durable: false });
  return merged;
}
function mergeText(kind, base, ours, theirs, onLoser) {
  switch (kind) {
    case "log":
      return mergeLog(base, ours, theirs);
    case "index":
      return mergeIndex(base, ours, theirs);
    case "card":
      if (ours === theirs || theirs === base) return ours;
      if (ours === base) return theirs;
      onLoser(theirs);
      return ours;
    case "ours":
      return ours;
  }
}
function parkIncoming(repoTop, card) {
  const dir = realDir(repoTop, ...INCOMING_DIR.split("/"));
  const name = `${card.path.replace(/[^A-Za-z0-9._-]/g, "_")}.${Date.now()}-${randomBytes(4).toString("hex")}.json`;
  writeNewFile(path.join(dir, name), JSON.stringify(card) + "\n", { fsync: true });
}
function readIncoming(repoTop) {
  const dir = path.join(repoTop, ...INCOMING_DIR.split("/"));
  let names;
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".json") && !n.startsWith("."));
  } catch {
    return [];
  }
  const out = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    try {
      out.push({ file, card: JSON.parse(readRegularUtf8(file, DEFAULT_READ_CAP, { nofollow: true })) });
    } catch {
    }
  }
  return out;
}
function readOrEmpty(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
export {
  INCOMING_DIR,
  mergeText,
  parkIncoming,
  readIncoming,
  runMergeDriver
};
