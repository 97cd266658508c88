// lib/records/card-links.ts
import { findCardLinks } from "../core/card-links.js";
import { CARD_TYPES } from "../core/card-rules.js";
import { parseCard } from "../core/card.js";
import { INDEX_FILE } from "../store/paths.js";
import { readStore } from "../store/read.js";
import { lexicalProblem, resolveMemoryPath } from "../store/safe-path.js";
import { findCardFile } from "./card-find.js";
import { linkKey } from "../core/link-key.js";
import { usageError } from "../core/errors.js";
var DISK = (memoryDir) => ({
  byName: (name) => findCardFile(memoryDir, name),
  byPath: (rel) => {
    const hit = resolveMemoryPath(memoryDir, rel);
    return hit.kind === "file" ? hit.rel : void 0;
  }
});
function resolveCardLink(memoryDir, link, finder = DISK(memoryDir)) {
  const unsafe = lexicalProblem(link.link);
  if (unsafe) return { ...link, target: null, status: "unsafe", reason: unsafe };
  let target;
  let reason;
  try {
    target = link.kind === "wiki" ? finder.byName(link.link) : finder.byPath(link.link);
  } catch (err) {
    target = void 0;
    reason = err.message;
  }
  if (target) return { ...link, target, status: "ok" };
  return { ...link, target: null, status: "dead", reason: reason ?? (link.kind === "wiki" ? "no card has this name" : "no such file in the store") };
}
async function findNamedCard(memoryDir, name) {
  const quick = findCardFile(memoryDir, name);
  if (quick !== void 0 || name.includes("/")) return quick;
  let cards;
  try {
    cards = (await readStore(memoryDir)).cards;
  } catch {
    return void 0;
  }
  try {
    return cardsFinder(cards).byName(name);
  } catch (err) {
    throw usageError(err.message);
  }
}
function cardLinks(memoryDir, cardText, finder) {
  return findCardLinks(parseCard(cardText).body).map((l) => resolveCardLink(memoryDir, l, finder));
}
function linksOfCard(memoryDir, cards, file, finder = cardsFinder(cards)) {
  const text = cards.get(file)?.text;
  return text === void 0 ? [] : linksOfText(memoryDir, text, finder);
}
function linksOfText(memoryDir, text, finder) {
  if (!(text.includes("[[") || text.includes(".md"))) return [];
  return cardLinks(memoryDir, text, finder).map((l) => ({ link: l.link, target: l.target, status: l.status }));
}
function cardsFinder(cards) {
  return finderOver(
    (f) => cards.has(f),
    () => namesOf(cards),
    () => cards.keys()
  );
}
function recordsFinder(records) {
  const files = new Set(records.map((r) => r.file));
  return finderOver(
    (f) => files.has(f),
    () => {
      const out = /* @__PURE__ */ new Map();
      for (const r of records) if (r.name !== void 0) out.set(r.name, [...out.get(r.name) ?? [], r.file]);
      return out;
    },
    () => files
  );
}
function finderOver(has, names, files) {
  const isCard = (f) => f !== INDEX_FILE && f.endsWith(".md") && has(f);
  let byFrontmatterName;
  let byFoldedStem;
  const one = (name, hits) => {
    if (hits.length > 1) throw new Error(`"${name}" matches ${hits.join(", ")}; name its file instead`);
    return hits[0];
  };
  return {
    byPath: (rel) => {
      const clean = linkKey(rel);
      return has(clean) ? clean : void 0;
    },
    byName: (name) => {
      if (name.includes("/")) return isCard(name) ? name : void 0;
      const direct = name.endsWith(".md") ? [name] : [`${name}.md`, ...CARD_TYPES.map((t) => `${t}_${name}.md`)];
      const hits = direct.filter(isCard);
      if (hits.length > 0) return one(name, hits);
      byFrontmatterName ??= names();
      const named = topLevelFirst(byFrontmatterName.get(name) ?? []);
      if (named.length > 0 || !files) return one(name, named);
      byFoldedStem ??= foldedStems(files(), isCard);
      const stem = foldStem(name.endsWith(".md") ? name.slice(0, -3) : name);
      return one(name, topLevelFirst([...new Set([stem, ...CARD_TYPES.map((t) => `${t}_${stem}`)].flatMap((k) => byFoldedStem?.get(k) ?? []))]));
    }
  };
}
function topLevelFirst(files) {
  const top = files.filter((f) => !f.includes("/"));
  return top.length > 0 ? top : files;
}
function foldStem(stem) {
  return stem.replace(/-/g, "_");
}
function foldedStems(files, isCard) {
  const out = /* @__PURE__ */ new Map();
  for (const f of files) {
    if (!isCard(f)) continue;
    const key = foldStem(f.slice(f.lastIndexOf("/") + 1, -3));
    out.set(key, [...out.get(key) ?? [], f]);
  }
  return out;
}
function namesOf(cards) {
  const out = /* @__PURE__ */ new Map();
  for (const [file, cf] of cards) {
    const name = cf.card?.frontmatter.name;
    if (file === INDEX_FILE || typeof name !== "string") continue;
    out.set(name, [...out.get(name) ?? [], file]);
  }
  return out;
}
export {
  cardLinks,
  cardsFinder,
  findNamedCard,
  finderOver,
  linksOfCard,
  linksOfText,
  recordsFinder,
  resolveCardLink
};
