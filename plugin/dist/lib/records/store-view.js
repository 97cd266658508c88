// lib/records/store-view.ts
import { normalizeCardPath } from "../rank-cache/load.js";
import { furtherLinks, parseIndex } from "../core/index-file.js";
var SHARD = /^MEMORY\.[^/]+\.md$/i;
var EPISODES_ARTIFACT = /^episodes\.(summary\.md|\d{4}-\d{2}\.jsonl)$/;
function isEpisodesArtifact(file) {
  return EPISODES_ARTIFACT.test(file);
}
function isShardFile(file) {
  return SHARD.test(file);
}
function normaliseTarget(target) {
  if (target.startsWith("/") || /^[A-Za-z]:[\\/]/.test(target)) return null;
  const n = normalizeCardPath(target);
  if (n === ".." || n.startsWith("../")) return null;
  return n;
}
function viewStore(store, episodeShards = []) {
  const shards = [];
  const cards = /* @__PURE__ */ new Map();
  for (const [file, card] of store.cards) {
    if (isShardFile(file)) shards.push(file);
    else if (!isEpisodesArtifact(file)) cards.set(file, card);
  }
  const entries = [];
  const linked = /* @__PURE__ */ new Set();
  const referenced = /* @__PURE__ */ new Set();
  const alsoLinked = [];
  for (const entry of store.index.entries) {
    const card = normaliseTarget(entry.file);
    if (card !== null && isShardFile(card)) continue;
    entries.push({ ...entry, card });
    if (card !== null) {
      linked.add(card);
      referenced.add(card);
    }
    for (const also of furtherLinks(entry.hook)) {
      const target = normaliseTarget(also.file);
      alsoLinked.push({ line: entry.line, raw: entry.raw, title: also.title, file: also.file, hook: "", card: target });
      if (target !== null) referenced.add(target);
    }
  }
  for (const shard of shards) {
    const text = store.cards.get(shard)?.text ?? "";
    for (const e of parseIndex(text).entries) {
      const card = normaliseTarget(e.file);
      if (card !== null) referenced.add(card);
    }
  }
  return { dir: store.dir, entries, unparsed: store.index.unparsed, shards, episodeShards: [...episodeShards], cards, linkedCards: [...linked], referenced, alsoLinked };
}
export {
  isEpisodesArtifact,
  isShardFile,
  normaliseTarget,
  viewStore
};
