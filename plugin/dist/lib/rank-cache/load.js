// lib/rank-cache/load.ts
import { rebuild } from "./build.js";
import { openCache } from "./read.js";
import { cardStamp, escapesStore, noteAbsent, sameIndexRecord, sameStamp, stampOf } from "./stamps.js";
import { STAMP_FIELDS } from "./format.js";
import { checkedText, deltaPath, mergedStamp, mergedStore, openDelta } from "./delta.js";
import { segmentsOf, unchangedCards } from "./patch.js";
import { refresh } from "./refresh.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { stat, statIfExists, utimes } from "../store/checked-fs.js";
import { FULL_CHECK_MAX, verifiedRecently } from "../store/full-check.js";
import { journalSince } from "../store/write-journal.js";
import { normalizeCardPath } from "./build.js";
import { RANK_CACHE } from "./read.js";
import { RANK_DELTA } from "./delta.js";
import { FULL_CHECK_MAX as FULL_CHECK_MAX2, VERIFIED_FOR_MS } from "../store/full-check.js";
async function loadRankable(memoryDir, options) {
  const indexStat = stat(joinPath(memoryDir, INDEX_FILE));
  if (!indexStat.isFile()) throw Object.assign(new Error(`${joinPath(memoryDir, INDEX_FILE)} is not a file`), { code: "EISDIR" });
  if (!options.force) {
    const base = openCache(memoryDir, options.wholeHeadMax === void 0 ? {} : { wholeHead: options.wholeHeadMax });
    if (base) {
      try {
        const delta = openDelta(memoryDir, base);
        const verifiedMs = delta ? delta.mtimeMs : base.view.mtimeMs;
        const large = (delta ? delta.map.size : base.view.n) > (options.fullCheckMax ?? FULL_CHECK_MAX);
        const checked = options.changedSince || options.checkAllCards ? checkedText(base, delta?.text) : void 0;
        const since = checked !== void 0 && options.changedSince?.checked === checked ? options.changedSince.cards : void 0;
        const trusted = large && !options.checkAllCards && since === void 0 && verifiedRecently(verifiedMs, options.nowMs);
        if (sourcesUnchanged(memoryDir, delta ? delta.delta : base.header, indexStat)) {
          const store = delta ? mergedStore(base, delta) : base.store;
          if (trusted) return store;
          if (since ? unchangedCards(
            base,
            delta ? segmentsOf(delta.delta.runs, delta.delta.entries) : [{ from: 0, count: base.view.n, shift: 0 }],
            since,
            (f) => cardStamp(memoryDir, f, options.stats)
          ) : delta ? everyMergedCardUnchanged(memoryDir, base, delta, options.stats) : everyCardUnchanged(memoryDir, base.view, options.stats)) {
            store.verified = true;
            if (checked !== void 0) store.checked = checked;
            if (large) markVerified(memoryDir, base, delta, options.nowMs);
            return store;
          }
        }
        if (trusted && editedSinceCheck(memoryDir, delta ? delta.delta : base.header, indexStat, verifiedMs)) return delta ? mergedStore(base, delta) : base.store;
        const refreshed = await refresh(memoryDir, base, delta, indexStat, options, !trusted, verifiedMs);
        if (refreshed) return refreshed;
      } catch {
      }
    }
  }
  return rebuild(memoryDir, indexStat, options);
}
function stillFresh(memoryDir, store, files) {
  for (const file of files) {
    const stamp = store.stamp(file);
    if (!stamp || !sameStamp(cardStamp(memoryDir, file), stamp)) return false;
  }
  return true;
}
function sourcesUnchanged(memoryDir, recorded, indexStat) {
  if (!sameIndexRecord(recorded.index, indexStat)) return false;
  for (const [rel, mtime] of recorded.dirs) if (stampOf(joinPath(memoryDir, rel))[0] !== mtime) return false;
  return true;
}
function editedSinceCheck(memoryDir, recorded, indexStat, verifiedMs) {
  if (sameIndexRecord(recorded.index, indexStat) || indexStat.ctimeMs < verifiedMs) return false;
  for (const [rel, mtime] of recorded.dirs) if (stampOf(joinPath(memoryDir, rel))[0] !== mtime) return false;
  return journalSince(memoryDir, recorded.journal)?.length === 0;
}
function markVerified(memoryDir, base, delta, ms) {
  if (!delta) return base.view.markVerified(ms);
  try {
    utimes(deltaPath(memoryDir), ms);
    return true;
  } catch {
    return false;
  }
}
function everyCardUnchanged(memoryDir, view, stats) {
  const prefix = memoryDir.endsWith("/") ? memoryDir : `${memoryDir}/`;
  const stamps = view.stamps;
  view.allFiles();
  for (let id = 0, at = 0; id < view.n; id++, at += STAMP_FIELDS) {
    const file = view.file(id);
    const known = stats?.get(file);
    if (known) {
      if (known[0] !== stamps[at] || known[1] !== stamps[at + 1] || known[2] !== stamps[at + 2]) return false;
      continue;
    }
    const s = escapesStore(file) ? void 0 : statQuiet(prefix + file);
    if (s === void 0 && stats && !escapesStore(file)) noteAbsent(stats, file, prefix + file);
    if (s === void 0 ? stamps[at] !== -1 : s.mtimeMs !== stamps[at] || s.size !== stamps[at + 1] || s.ctimeMs !== stamps[at + 2]) return false;
  }
  return true;
}
function everyMergedCardUnchanged(memoryDir, base, delta, stats) {
  base.view.allFiles();
  const toBase = delta.map.toBase;
  for (let j = 0; j < toBase.length; j++) {
    const b = toBase[j];
    const file = b >= 0 ? base.view.file(b) : delta.delta.entries[-b - 1].file;
    if (!sameStamp(cardStamp(memoryDir, file, stats), mergedStamp(base, delta.delta, b))) return false;
  }
  return true;
}
function statQuiet(file) {
  try {
    return statIfExists(file);
  } catch {
    return void 0;
  }
}
export {
  FULL_CHECK_MAX2 as FULL_CHECK_MAX,
  RANK_CACHE,
  RANK_DELTA,
  VERIFIED_FOR_MS,
  loadRankable,
  normalizeCardPath,
  stillFresh
};
