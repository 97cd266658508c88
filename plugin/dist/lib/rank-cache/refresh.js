// lib/rank-cache/refresh.ts
import { entryPostings } from "../rank/postings.js";
import { lineHashLanes } from "../core/line-key.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { INDEX_READ_CAP } from "../store/index-read.js";
import { journalMark } from "../store/write-journal.js";
import { journaled } from "./journal.js";
import { realDir } from "../store/safe-write.js";
import { statIfExists } from "../store/checked-fs.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { normalizeCardPath, printedLine, rankEntryOf, readCardFields } from "./card-fields.js";
import { racy, writeCacheFile } from "./build.js";
import { checkedText, mergedStore, RANK_DELTA } from "./delta.js";
import { everyEntry, identity } from "./every-entry.js";
import { RunMap } from "./run-map.js";
import { countCards, patchLines, recheck, reparse, segmentsOf } from "./patch.js";
import { cardStamp, escapesStore, indexRecord, sameIndexRecord, stampOf } from "./stamps.js";
function deltaMax(entries) {
  return Math.min(1024, Math.max(32, Math.ceil(entries / 4)));
}
async function refresh(memoryDir, base, prev, indexStat, options, checkAll, verifiedMs) {
  const { view, header } = base;
  const cur = prev ?? identity(base);
  const n = prev ? prev.map.size : view.n;
  const journal = "journal" in options ? options.journal : journalMark(memoryDir);
  const dirs = new Map(cur.delta.dirs.map(([rel]) => [rel, stampOf(joinPath(memoryDir, rel))[0]]));
  const dirsMoved = cur.delta.dirs.some(([rel, mtime]) => dirs.get(rel) !== mtime);
  const idx = cur.delta.index;
  const sameIndex = sameIndexRecord(idx, indexStat);
  const told = (dirsMoved || !sameIndex) && !cur.delta.truncated && indexStat.size <= INDEX_READ_CAP ? journaled(memoryDir, cur.delta.journal, idx, indexStat, cur.delta.dirs, dirs) : void 0;
  const full = checkAll || dirsMoved && !told;
  const since = full && (!dirsMoved || told) && options.changedSince && options.changedSince.checked === checkedText(base, prev?.text) ? options.changedSince.cards : void 0;
  const stampNow = (file) => cardStamp(memoryDir, file, options.stats);
  let segs;
  let meta;
  if ((sameIndex || told?.edits) && cur.delta.plainFiles && !cur.delta.truncated && (told || since) && (!full || since)) {
    const patched = patchLines(base, segmentsOf(cur.delta.runs, cur.delta.entries), cur.delta.unparsed, told?.edits ?? []);
    meta = { unparsed: patched.unparsed, ...patched.sameCards ? { cards: cur.delta.cards, plainFiles: true } : countCards(base, patched.segs, patched.goneOld, n) };
    segs = recheck(base, patched.segs, /* @__PURE__ */ new Set([...told?.cards ?? [], ...since ?? []]), stampNow, reparse);
  } else ({ segs, meta } = everyEntry(memoryDir, base, cur, indexStat, told, full, stampNow, since));
  const fresh = segs.filter((s) => s.e !== void 0).length;
  const carried = segs.filter((s) => s.d !== void 0).length;
  const total = segs.reduce((sum, s) => sum + (s.from === void 0 ? 1 : s.count), 0);
  if (fresh + carried > deltaMax(total)) return void 0;
  const read = /* @__PURE__ */ new Map();
  const entries = [];
  const runs = [];
  const sources = [indexStat.mtimeMs, ...dirs.values()];
  const pushRun = (from, count, shift) => {
    const r = runs.length - 3;
    const extends_ = r >= 0 && (from >= 0 ? runs[r] >= 0 && runs[r] + runs[r + 1] === from && runs[r + 2] === shift : runs[r] < 0 && runs[r] - runs[r + 1] === from);
    if (extends_) runs[r + 1] += count;
    else runs.push(from, count, shift);
  };
  for (const s of segs) {
    if (s.from !== void 0) {
      pushRun(s.from, s.count, s.shift);
      continue;
    }
    if (s.d) {
      entries.push({ ...s.d, line: s.line });
      pushRun(-entries.length, 1, 0);
      continue;
    }
    const e = s.e;
    const file = normalizeCardPath(e.file);
    let card = read.get(file);
    if (!card) {
      const stamp = cardStamp(memoryDir, file);
      card = { stamp, fields: escapesStore(file) ? void 0 : await readCardFields(memoryDir, file) };
      read.set(file, card);
      sources.push(stamp[0]);
      const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
      if (!dirs.has(dir) && !escapesStore(file)) dirs.set(dir, stampOf(joinPath(memoryDir, dir))[0]);
    }
    const entry = rankEntryOf({ ...e, line: s.line }, file, card.fields ?? { topics: [] });
    entries.push({
      line: s.line,
      raw: e.raw,
      file,
      title: e.title,
      hook: e.hook,
      ...entry.priority ? { priority: entry.priority } : {},
      ...entry.status ? { status: entry.status } : {},
      ...entry.expires_at ? { expires_at: entry.expires_at } : {},
      ...entry.scope ? { scope: [...entry.scope] } : {},
      key: lineHashLanes(e.raw, header.seed),
      printed: printedLine(entry),
      stamp: card.stamp,
      post: [...entryPostings(entry, header.avg)].map(([t, p]) => [t, p.tf, p.mask])
    });
    pushRun(-entries.length, 1, 0);
  }
  const delta = {
    format: 1,
    tokenizer: TOKENIZER_VERSION,
    base: header.id,
    index: indexRecord(indexStat),
    dirs: [...dirs].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0),
    runs,
    entries,
    ...meta,
    ...journal ? { journal } : {}
  };
  const map = RunMap.of(delta.runs, view.n, delta.entries.length);
  if (!map) throw new RangeError("a refreshed delta's runs do not fit its base");
  const store = mergedStore(base, { delta, map });
  store.verified = full;
  store.cache = "updated";
  if (options.writeCache === false || racy(sources, options.nowMs)) return store;
  if (options.createStateDir === false && statIfExists(joinPath(memoryDir, STATE_DIR)) === void 0) return store;
  try {
    const stateDir = realDir(memoryDir, STATE_DIR);
    const text = JSON.stringify(delta);
    if (writeCacheFile(stateDir, text, full ? options.nowMs : verifiedMs, RANK_DELTA) && full) store.checked = checkedText(base, text);
  } catch {
  }
  return store;
}
export {
  deltaMax,
  refresh
};
