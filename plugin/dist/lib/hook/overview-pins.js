// lib/hook/overview-pins.ts
import { isEpisodesArtifact, isShardFile } from "../records/store-view.js";
import { isCardFileName } from "../store/card-cache-format.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
var OVERVIEW_PINS = "overview-pins";
function readPins(memoryDir, cache) {
  const kept = readDerived(memoryDir, OVERVIEW_PINS, cache);
  if (!kept) return void 0;
  const { entries, cards } = kept.facts;
  if (!Number.isSafeInteger(entries) || entries < 0 || !Array.isArray(cards)) return void 0;
  const out = [];
  for (const c of cards) {
    if (!Array.isArray(c) || c.length !== 3) return void 0;
    const [file, scope, at] = c;
    if (!isCardFileName(file) || !(scope === null || Array.isArray(scope) && scope.every((s) => typeof s === "string"))) return void 0;
    if (!Array.isArray(at) || !at.every((i, k) => Number.isSafeInteger(i) && i >= 0 && i < entries && (k === 0 || i > at[k - 1]))) return void 0;
    out.push({ file, ...scope ? { scope } : {}, at });
  }
  return { entries, cards: out };
}
function writePins(memoryDir, cache, pins) {
  writeDerived(memoryDir, OVERVIEW_PINS, cache, { entries: pins.entries, cards: pins.cards.map((c) => [c.file, c.scope ?? null, c.at]) }, []);
}
function pinsOf(entries, cardAt, always) {
  const byFile = /* @__PURE__ */ new Map();
  for (const r of always)
    if (!isShardFile(r.file) && !isEpisodesArtifact(r.file) && r.priority === "always") byFile.set(r.file, { file: r.file, ...r.scope ? { scope: r.scope } : {}, at: [] });
  if (byFile.size > 0)
    for (let i = 0; i < entries; i++) {
      const card = cardAt(i);
      if (card !== null) byFile.get(card)?.at.push(i);
    }
  return { entries, cards: [...byFile.values()] };
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
  writePins
};
