// lib/store/card-trust.ts
import { isCardFileName } from "../core/card-types.js";
import { lstatIfExists } from "./checked-fs.js";
import { readCardCheck } from "./full-check.js";
import { journalSince } from "./write-journal.js";
import { joinPath } from "./paths.js";
import { linkKey } from "../core/link-key.js";
function trustedCheck(memoryDir, cache, nowMs) {
  const check = readCardCheck(memoryDir, cache, nowMs);
  if (!check) return void 0;
  const records = journalSince(memoryDir, check.journal);
  if (!records) return { check };
  const written = /* @__PURE__ */ new Set();
  const lastDir = /* @__PURE__ */ new Map();
  for (const r of records) {
    if (r.x && r.c.length === 0) return void 0;
    for (const c of r.c) {
      const file = linkKey(c);
      if (isCardFileName(file)) written.add(file);
    }
    for (const [rel, mtime] of r.d) lastDir.set(rel, mtime);
  }
  return { check, written, lastDir };
}
function journaledListing(files, dirs, now, trust) {
  if (!journaledMoves(dirs, now, trust)) return void 0;
  const added = [...trust.written].filter((file) => !sortedHas(files, file));
  if (added.length === 0) return [...files];
  return [...files, ...added].sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
}
function journaledMoves(dirs, now, trust) {
  const { written, lastDir } = trust;
  if (!written || !lastDir) return false;
  if (!dirs.every(([rel, mtime], i) => now[i] === mtime || lastDir.get(rel) === now[i])) return false;
  const watched = new Set(dirs.map(([rel]) => rel));
  for (const file of written) {
    const slash = file.lastIndexOf("/");
    if (!watched.has(slash < 0 ? "" : file.slice(0, slash))) return false;
  }
  return true;
}
function sortedHas(files, file) {
  let lo = 0;
  let hi = files.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const f = files[mid];
    if (f === file) return true;
    if (f < file) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
function racyWindow(cacheMtimeMs) {
  return cacheMtimeMs % 1e3 === 0 ? 2e3 : 100;
}
function racy(s, at, racyMs) {
  return Math.max(s[0], s[2] ?? s[0]) >= at - racyMs;
}
function sameStamp(s, st) {
  return s[0] === st.mtimeMs && s[1] === st.size && s[2] === st.ctimeMs;
}
function dirMtime(dir, rel) {
  const st = lstatIfExists(rel === "" ? dir : joinPath(dir, rel));
  return st?.isDirectory() ? st.mtimeMs : -1;
}
export {
  dirMtime,
  journaledListing,
  journaledMoves,
  racy,
  racyWindow,
  sameStamp,
  trustedCheck
};
