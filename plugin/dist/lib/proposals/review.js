// lib/proposals/review.ts
import fs from "node:fs";
import path from "node:path";
import { diffLines } from "../core/line-diff.js";
import { sha256Hex } from "../store/history.js";
import { cardFileOf, PROPOSALS_DIR, proposalCardProblem, readPending, readPendingPage } from "./propose.js";
import { readHold } from "../store/hold.js";
import { findCardFile } from "../records/card-find.js";
import { renderNewCard, typeOf, updatedCardText } from "../records/card-input.js";
import { parseCard } from "../core/card.js";
import { listCardFiles } from "../store/read.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { lookAlikeOf } from "../core/look-alike.js";
import { relatedByContent } from "./content-match.js";
import { suggestScope } from "./scope-suggest.js";
async function reviewPending(memoryDir, page, options = {}) {
  const read = page === void 0 ? { ...readPending(memoryDir), total: 0, page: 1, pages: 1 } : readPendingPage(memoryDir, page, options);
  const cards = await cardSummaries(memoryDir);
  const byName = /* @__PURE__ */ new Map();
  for (const p of read.proposals) byName.set(groupKey(p), [...byName.get(groupKey(p)) ?? [], p]);
  const targets = new Map(read.proposals.map((p) => [p.id, findTarget(memoryDir, p)]));
  const related = relatedByContent(read.proposals, cards, { targetOf: (p) => targets.get(p.id), groupOf: groupKey });
  const hold = readHold(memoryDir);
  const pending = read.proposals.map((p) => {
    const group = (byName.get(groupKey(p)) ?? []).filter((o) => o.id !== p.id);
    const key = contentKey(p);
    const file = targets.get(p.id);
    const target = cards.find((c) => c.file === file);
    const stale = shaOf(memoryDir, file) !== p.base_sha256;
    const sameAsCard = target !== void 0 && sameContent(p, target);
    const sameDescription = p.card.description === void 0 ? void 0 : cards.find((c) => c.file !== target?.file && norm(c.description) === norm(p.card.description));
    const flags = {
      stale,
      duplicate_of_card: sameAsCard ? target.file : sameDescription?.file ?? null,
      duplicate_of: group.filter((o) => contentKey(o) === key).map((o) => o.id),
      conflicts_with: group.filter((o) => contentKey(o) !== key).map((o) => o.id),
      contradicts_card: target !== void 0 && !sameAsCard && stale,
      not_a_card: proposalCardProblem(p.card.name, p.target) ?? proposalCardProblem(p.card.name, file ?? null) ?? null,
      near_duplicates: related.get(p.id)?.filter((r) => r.relation === "near_duplicate") ?? [],
      contradictions: related.get(p.id)?.filter((r) => r.relation === "contradiction") ?? [],
      arrived: arrivedBy(hold?.held(`${PROPOSALS_DIR}/${p.id}.json`))
    };
    const twin = target === void 0 ? lookAlikeCard(p.card.name, cards) : void 0;
    if (twin) flags.looks_like = twin;
    return { proposal: p, card_file: target?.file ?? cardFileOf(p), flags, suggested_scope: scopeSuggestion(p, target) };
  });
  return { pending, unreadable: read.unreadable, total: page === void 0 ? pending.length : read.total, page: read.page, pages: read.pages };
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
function saveInputOf(p, overrides = {}) {
  return {
    name: p.card.name,
    type: p.card.type,
    description: overrides.description ?? p.card.description,
    body: p.card.body,
    topics: overrides.topics ?? p.card.topics,
    recall: p.card.recall,
    scope: overrides.scope ?? p.card.scope,
    provenance: { ...p.provenance, source: allSources(p) }
  };
}
function allSources(p) {
  return [.../* @__PURE__ */ new Set([p.source, ...(p.merged ?? []).map((m) => m.source)])].join("; ");
}
function previewProposal(memoryDir, p, today) {
  const file = findTarget(memoryDir, p);
  const input = saveInputOf(p);
  if (file === void 0) {
    const type = p.card.type ?? "reference";
    const after = renderNewCard({ ...input, type, description: input.description ?? "" }, today);
    return { card_file: cardFileOf(p), exists: false, before: "", after, diff: diffLines("", after) };
  }
  const before = fs.readFileSync(path.join(memoryDir, file), "utf8");
  try {
    const after = updatedCardText(before, input, today, typeOf(file, before));
    return { card_file: file, exists: true, before, after, diff: diffLines(before, after) };
  } catch (err) {
    return { card_file: file, exists: true, before, after: before, diff: diffLines(before, before), error: err.message };
  }
}
function groupKey(p) {
  return withoutTypePrefix(p.card.name.replace(/\.md$/, "")).toLowerCase();
}
function contentKey(p) {
  return JSON.stringify([p.card.type ?? null, norm(p.card.description ?? ""), norm(p.card.body ?? ""), [...p.card.topics ?? []].map(norm).sort()]);
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
function findTarget(memoryDir, p) {
  try {
    return findCardFile(memoryDir, p.card.name);
  } catch {
    return void 0;
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
function lookAlikeCard(name, cards) {
  const byName = /* @__PURE__ */ new Map();
  for (const c of cards) {
    byName.set(withoutTypePrefix(c.file.replace(/\.md$/, "")), c.file);
    if (c.name) byName.set(c.name, c.file);
  }
  const twin = lookAlikeOf(withoutTypePrefix(name), byName.keys());
  return twin === void 0 ? void 0 : byName.get(twin);
}
export {
  cardSummaries,
  contentKey,
  currentScopeSuggestion,
  findTarget,
  groupKey,
  previewProposal,
  reviewPending,
  saveInputOf,
  scopeSuggestion
};
