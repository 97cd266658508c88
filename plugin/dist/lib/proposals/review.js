// lib/proposals/review.ts
import fs from "node:fs";
import path from "node:path";
import { encodeUtf8 } from "../core/bytes.js";
import { sha256Hex } from "../store/history.js";
import { cardFileOf, PROPOSALS_DIR, proposalCardProblem, readPendingPage } from "./propose.js";
import { allSources, findTarget } from "./accept-preview.js";
import { readHold } from "../store/hold.js";
import { parseCard } from "../core/card.js";
import { listCardFiles } from "../store/read.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { lookAlikeIndex } from "../core/look-alike.js";
import { relatedAmong, statementOf } from "./content-match.js";
import { suggestScope } from "./scope-suggest.js";
async function reviewPending(memoryDir, page, options = {}) {
  const read = readPendingPage(memoryDir, page, options);
  const cards = await cardSummaries(memoryDir);
  const hold = readHold(memoryDir);
  const weighed = read.proposals.map((p) => ({ p, w: weigh(memoryDir, p, cards, hold), key: keyDigest(contentKey(p)) }));
  const related = relatedAmong(
    weighed.map((x) => x.w.match),
    cards
  );
  const pending = weighed.map(({ p, w, key }) => ({
    proposal: p,
    card_file: w.card_file,
    flags: { ...w.flags, ...pairFlags(p.id, w.match.group, key, weighed, related) },
    suggested_scope: w.suggested_scope
  }));
  return { pending, unreadable: read.unreadable, total: read.total, page: read.page, pages: read.pages };
}
function weigh(memoryDir, p, cards, hold) {
  const file = findTarget(memoryDir, p);
  const target = cards.find((c) => c.file === file);
  const stale = shaOf(memoryDir, file) !== p.base_sha256;
  const sameAsCard = target !== void 0 && sameContent(p, target);
  const sameDescription = p.card.description === void 0 ? void 0 : cards.find((c) => c.file !== target?.file && norm(c.description) === norm(p.card.description));
  return {
    card_file: target?.file ?? cardFileOf(p),
    match: { id: p.id, group: groupKey(p), target: file, card_file: file ?? cardFileOf(p), statement: statementOf(p, target) },
    flags: {
      stale,
      duplicate_of_card: sameAsCard ? target.file : sameDescription?.file ?? null,
      contradicts_card: target !== void 0 && !sameAsCard && stale,
      not_a_card: proposalCardProblem(p.card.name, p.target) ?? proposalCardProblem(p.card.name, file ?? null) ?? null,
      arrived: arrivedBy(hold?.held(`${PROPOSALS_DIR}/${p.id}.json`)),
      ...lookAlikeFlag(p, target, cards)
    },
    suggested_scope: scopeSuggestion(p, target)
  };
}
function pairFlags(id, group, key, others, related) {
  const same = others.filter((o) => o.w.match.group === group && o.w.match.id !== id);
  return {
    duplicate_of: same.filter((o) => o.key === key).map((o) => o.w.match.id),
    conflicts_with: same.filter((o) => o.key !== key).map((o) => o.w.match.id),
    near_duplicates: related.get(id)?.filter((r) => r.relation === "near_duplicate") ?? [],
    contradictions: related.get(id)?.filter((r) => r.relation === "contradiction") ?? []
  };
}
function arrivedBy(item) {
  return item ? { pushed_by: item.pushed_by } : null;
}
function scopeSuggestion(p, target) {
  if (p.card.scope !== void 0 || (target?.scope?.length ?? 0) > 0) return null;
  return suggestScope(allSources(p).split("; "), target?.repoRefs ?? []);
}
function currentScopeSuggestion(memoryDir, p) {
  const file = findTarget(memoryDir, p);
  let target;
  if (file !== void 0) {
    try {
      const meta = parseCard(fs.readFileSync(path.join(memoryDir, file), "utf8")).meta;
      target = { repoRefs: meta.repo_refs ?? [], scope: meta.scope ?? [] };
    } catch {
      target = void 0;
    }
  }
  return scopeSuggestion(p, target);
}
function groupKey(p) {
  return withoutTypePrefix(p.card.name.replace(/\.md$/, "")).toLowerCase();
}
function contentKey(p) {
  return JSON.stringify([p.card.type ?? null, norm(p.card.description ?? ""), norm(p.card.body ?? ""), [...p.card.topics ?? []].map(norm).sort()]);
}
function keyDigest(key) {
  return sha256Hex(encodeUtf8(key));
}
function sameContent(p, card) {
  const description = p.card.description ?? card.description;
  const body = p.card.body ?? card.body;
  if (norm(description) !== norm(card.description)) return false;
  if (norm(body) === norm(card.body)) return true;
  const quoted = norm(body.replace(/^> ?/gm, ""));
  return norm(card.body) !== "" && quoted.includes(norm(card.body));
}
function shaOf(memoryDir, file) {
  if (file === void 0) return null;
  try {
    return sha256Hex(fs.readFileSync(path.join(memoryDir, file)));
  } catch {
    return null;
  }
}
async function cardSummaries(memoryDir) {
  let files;
  try {
    files = await listCardFiles(memoryDir);
  } catch {
    return [];
  }
  const out = [];
  for (const file of files.sort()) {
    try {
      const card = parseCard(fs.readFileSync(path.join(memoryDir, file), "utf8"));
      const m = card.meta;
      out.push({
        file,
        name: m.name ?? file,
        description: m.description ?? "",
        body: card.body,
        status: m.status,
        topics: m.topics,
        repoRefs: m.repo_refs ?? [],
        recall: m.recall ?? [],
        scope: m.scope ?? []
      });
    } catch {
    }
  }
  return out;
}
function norm(text) {
  return text.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}
function lookAlikeFlag(p, target, cards) {
  const twin = target === void 0 ? lookAlikeCard(p.card.name, cards) : void 0;
  return twin ? { looks_like: twin } : {};
}
function lookAlikeCard(name, cards) {
  let twinOf = lookAlikeIndexes.get(cards);
  if (!twinOf) {
    twinOf = lookAlikeIndex(cards.flatMap((c) => [[withoutTypePrefix(c.file.replace(/\.md$/, "")), c.file], ...c.name ? [[c.name, c.file]] : []]));
    lookAlikeIndexes.set(cards, twinOf);
  }
  return twinOf(withoutTypePrefix(name));
}
var lookAlikeIndexes = /* @__PURE__ */ new WeakMap();
export {
  cardSummaries,
  contentKey,
  currentScopeSuggestion,
  groupKey,
  keyDigest,
  pairFlags,
  reviewPending,
  scopeSuggestion,
  weigh
};
