// lib/store/hold.ts
import fs from "node:fs";
import path from "node:path";
import { sha256Hex } from "../core/sha256.js";
import { systemCode } from "../core/errors.js";
import { cardPathKey, foldedPath } from "../core/link-key.js";
import { NOT_REGULAR, readRegularBytes, readRegularUtf8 } from "./checked-fs.js";
import { ARRIVAL_LINES_RELPATH, ARRIVALS_RELPATH, arrivalsPath, HOLD_READ_CAP, readList } from "./arrivals.js";
function currentSha(memoryDir, rel) {
  const abs = path.join(memoryDir, rel);
  if (leavesStore(memoryDir, rel)) return sha256Hex(`outside:${normalise(rel)}`);
  for (let turn = 0; turn < 8; turn++) {
    try {
      return sha256Hex(readRegularBytes(abs, HOLD_READ_CAP, { nofollow: true }));
    } catch (err) {
      const code = systemCode(err);
      if (code === "ENOENT" || code === "ENOTDIR") return null;
      if (code === NOT_REGULAR && typeof err.mode === "number") return sha256Hex(`not-a-file:${err.mode}`);
      if (code !== "ELOOP" && code !== "ENXIO") throw err;
    }
    const seen = notAFile(abs);
    if (seen !== void 0) return seen;
  }
  throw Object.assign(new Error(`${abs} kept changing while it was read`), { code: "EAGAIN", path: abs });
}
function notAFile(abs) {
  try {
    const st = fs.lstatSync(abs);
    if (st.isSymbolicLink()) return sha256Hex(`symlink:${fs.readlinkSync(abs)}`);
    return st.isFile() ? void 0 : sha256Hex(`not-a-file:${st.mode}`);
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    if (code === "EINVAL") return void 0;
    throw err;
  }
}
function leavesStore(memoryDir, rel) {
  const key = normalise(rel);
  if (path.posix.isAbsolute(key) || path.win32.isAbsolute(key) || key === ".." || key.startsWith("../")) return true;
  const segments = key.split("/");
  let dir = memoryDir;
  for (const segment of segments.slice(0, -1)) {
    dir = path.join(dir, segment);
    const st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (st === void 0) return false;
    if (!st.isDirectory()) return true;
  }
  return false;
}
function lineSha(raw) {
  return sha256Hex(`line:${raw}`);
}
function liveness(memoryDir) {
  const lines = /* @__PURE__ */ new Map();
  return (item) => {
    if (item.kind !== "note") return item.sha256 === currentSha(memoryDir, item.path);
    let set = lines.get(item.path);
    if (set === void 0) {
      set = /* @__PURE__ */ new Set();
      try {
        if (!leavesStore(memoryDir, item.path))
          for (const raw of readRegularUtf8(path.join(memoryDir, item.path), HOLD_READ_CAP, { nofollow: true }).split(/\r?\n/)) set.add(lineSha(raw));
      } catch {
      }
      lines.set(item.path, set);
    }
    return item.sha256 !== null && set.has(item.sha256);
  };
}
function readHold(memoryDir, lines = false) {
  let items = [];
  let pathsDamaged = false;
  let linesDamaged = false;
  try {
    items = readList(arrivalsPath(memoryDir));
  } catch {
    pathsDamaged = true;
  }
  if (lines)
    try {
      items = [...items, ...readList(path.join(memoryDir, ARRIVAL_LINES_RELPATH))];
    } catch {
      linesDamaged = true;
    }
  const hold = holdOf(memoryDir, items);
  return pathsDamaged || linesDamaged ? damagedHold(memoryDir, hold, pathsDamaged, linesDamaged) : hold;
}
function damagedHold(memoryDir, hold, paths, lines) {
  let since = Number.POSITIVE_INFINITY;
  try {
    since = fs.lstatSync(arrivalsPath(memoryDir), { throwIfNoEntry: false })?.mtimeMs ?? since;
  } catch {
  }
  const item = (rel) => ({
    id: "a-0",
    path: rel,
    kind: "file",
    state: "pending",
    sha256: null,
    reasons: [`${ARRIVALS_RELPATH} is damaged (memctl doctor says how to repair it)`],
    pushed_by: [],
    commit: "",
    before: null,
    at: ""
  });
  return {
    size: Number.POSITIVE_INFINITY,
    held(rel) {
      const found = hold?.held(rel);
      if (found || !paths) return found;
      const stamp = stampOf(memoryDir, normalise(rel));
      return stamp === void 0 || stamp[0] <= since ? item(rel) : void 0;
    },
    heldLine: (raw) => hold?.heldLine(raw) ?? (lines ? item(ARRIVAL_LINES_RELPATH) : void 0),
    paths: () => paths ? void 0 : hold?.paths() ?? []
  };
}
function holdOf(memoryDir, items) {
  if (items.length === 0) return void 0;
  const byPath = /* @__PURE__ */ new Map();
  const notes = /* @__PURE__ */ new Map();
  for (const item of items) {
    if (item.kind === "removed") continue;
    if (item.kind === "note") {
      if (item.sha256 !== null) notes.set(item.sha256, item);
      continue;
    }
    byPath.set(normalise(item.path), [...byPath.get(normalise(item.path)) ?? [], item]);
  }
  if (byPath.size + notes.size === 0) return void 0;
  const shas = /* @__PURE__ */ new Map();
  let ids;
  const folded = /* @__PURE__ */ new Set();
  let linked = false;
  const sameFile = (key) => {
    if (ids === void 0) {
      ids = /* @__PURE__ */ new Map();
      for (const held of byPath.keys()) {
        folded.add(foldedPath(held));
        const st2 = fileStat(memoryDir, held);
        if (st2 === void 0) continue;
        ids.set(`${st2.dev}:${st2.ino}`, held);
        linked ||= st2.nlink > 1n;
      }
    }
    if (!linked && !folded.has(foldedPath(key))) return void 0;
    const st = fileStat(memoryDir, key);
    return st === void 0 ? void 0 : ids.get(`${st.dev}:${st.ino}`);
  };
  return {
    size: byPath.size + notes.size,
    heldLine: (raw) => notes.size === 0 ? void 0 : notes.get(lineSha(raw.replace(/\r$/, ""))),
    paths: () => [...byPath.keys()],
    held(rel) {
      let key = normalise(rel);
      let list = byPath.get(key);
      if (!list) {
        key = sameFile(key) ?? key;
        list = byPath.get(key);
      }
      if (!list) return void 0;
      const stamp = stampOf(memoryDir, key);
      const same = list.find((i) => i.stamp && stamp && i.stamp[0] === stamp[0] && i.stamp[1] === stamp[1]);
      if (same) return same;
      if (!shas.has(key)) shas.set(key, safeSha(memoryDir, key));
      const now = shas.get(key);
      return now === void 0 ? list[0] : list.find((i) => i.sha256 === now);
    }
  };
}
function fileStat(memoryDir, rel) {
  if (leavesStore(memoryDir, rel)) return void 0;
  try {
    const st = fs.lstatSync(path.join(memoryDir, rel), { bigint: true });
    return st.isFile() ? st : void 0;
  } catch {
    return void 0;
  }
}
function stampOf(memoryDir, rel) {
  try {
    const st = fs.lstatSync(path.join(memoryDir, rel));
    return [st.mtimeMs, st.size];
  } catch {
    return void 0;
  }
}
function safeSha(memoryDir, rel) {
  try {
    return currentSha(memoryDir, rel);
  } catch {
    return void 0;
  }
}
function normalise(rel) {
  return cardPathKey(rel);
}
export {
  currentSha,
  fileStat,
  holdOf,
  lineSha,
  liveness,
  normalise,
  readHold,
  safeSha,
  stampOf
};
