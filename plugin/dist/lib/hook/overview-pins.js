// lib/hook/overview-pins.ts
import { isRetired } from "../core/card.js";
import { isEpisodesArtifact, isShardFile } from "../records/store-view.js";
import { isCardFileName } from "../core/card-types.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
var OVERVIEW_PINS = "overview-pins";
function readPins(memoryDir, cache) {
  const kept = readDerived(memoryDir, OVERVIEW_PINS, cache);
  if (!kept) return void 0;
  const { entries, cards, retiring } = kept.facts;
  if (!Number.isSafeInteger(entries) || entries < 0 || !Array.isArray(cards) || !Array.isArray(retiring)) return void 0;
  const ascending = (at) => Array.isArray(at) && at.every((i, k) => Number.isSafeInteger(i) && i >= 0 && i < entries && (k === 0 || i > at[k - 1]));
  const out = [];
  for (const c of cards) {
    if (!Array.isArray(c) || c.length !== 3) return void 0;
    const [file, scope, at] = c;
    if (!isCardFileName(file) || !(scope === null || Array.isArray(scope) && scope.every((s) => typeof s === "string"))) return void 0;
    if (!ascending(at)) return void 0;
    out.push({ file, ...scope ? { scope } : {}, at });
  }
  const gone = [];
  for (const c of retiring) {
    if (!Array.isArray(c) || c.length !== 4) return void 0;
    const [file, status, expires, at] = c;
    if (!isCardFileName(file) || !(status === null || typeof status === "string") || !(expires === null || typeof expires === "string") || !ascending(at)) return void 0;
    gone.push({ file, ...status !== null ? { status } : {}, ...expires !== null ? { expires_at: expires } : {}, at });
  }
  return { entries, cards: out, retiring: gone };
}
function writePins(memoryDir, cache, pins) {
  writeDerived(
    memoryDir,
    OVERVIEW_PINS,
    cache,
    {
      entries: pins.entries,
      cards: pins.cards.map((c) => [c.file, c.scope ?? null, c.at]),
      retiring: pins.retiring.map((c) => [c.file, c.status ?? null, c.expires_at ?? null, c.at])
    },
    []
  );
}
function pinsOf(entries, cardAt, always, mayRetire) {
  const card = (file) => !isShardFile(file) && !isEpisodesArtifact(file);
  const byFile = /* @__PURE__ */ new Map();
  for (const r of always) if (card(r.file) && r.priority === "always") byFile.set(r.file, { file: r.file, ...r.scope ? { scope: r.scope } : {}, at: [] });
  const retiring = /* @__PURE__ */ new Map();
  for (const r of mayRetire)
    if (card(r.file) && (r.status !== void 0 || r.expires_at !== void 0))
      retiring.set(r.file, { file: r.file, ...r.status !== void 0 ? { status: r.status } : {}, ...r.expires_at !== void 0 ? { expires_at: r.expires_at } : {}, at: [] });
  if (byFile.size > 0 || retiring.size > 0)
    for (let i = 0; i < entries; i++) {
      const c = cardAt(i);
      if (c === null) continue;
      byFile.get(c)?.at.push(i);
      retiring.get(c)?.at.push(i);
    }
  return { entries, cards: [...byFile.values()], retiring: [...retiring.values()] };
}
function retiredEntries(pins, today) {
  const at = [];
  for (const c of pins.retiring) if (isRetired(c, today)) at.push(...c.at);
  return at.sort((a, b) => a - b);
}
function pinnedEntries(pins, pinnedHere) {
  const at = [];
  for (const c of pins.cards) if (pinnedHere(c.scope)) at.push(...c.at);
  return at.sort((a, b) => a - b);
}
export {
  OVERVIEW_PINS,
  pinnedEntries,
  pinsOf,
  readPins,
  retiredEntries,
  writePins
};
