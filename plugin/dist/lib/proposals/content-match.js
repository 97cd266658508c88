// lib/proposals/content-match.ts
import { cardFileOf } from "./propose.js";
import { tokenize } from "../rank/tokenize.js";
import { compareStatements, prepare } from "./similarity.js";
var NOT_A_CARD = /(^|\/)(MEMORY\.[^/]*|episodes\.summary)\.md$/i;
function relatedByContent(proposals, cards, options) {
  const byFile = new Map(cards.map((c) => [c.file, c]));
  const items = proposals.map((p) => {
    const target = options.targetOf(p);
    return { id: p.id, group: options.groupOf(p), target, card_file: target ?? cardFileOf(p), statement: statementOf(p, byFile.get(target ?? "")) };
  });
  return relatedAmong(items, cards);
}
function relatedAmong(items, cards, listShared = true) {
  const live = cards.filter((c) => c.status !== "superseded" && !NOT_A_CARD.test(c.file)).map((c) => ({ c, terms: /* @__PURE__ */ new Set([...tokenize(c.description), ...(c.recall ?? []).flatMap((k) => tokenize(k))]), full: void 0 }));
  const out = /* @__PURE__ */ new Map();
  for (const p of items) {
    const mine = p.statement;
    const found = [];
    for (const item of live) {
      const c = item.c;
      if (c.file === p.target || !shares(mine.prepared, item.terms, c.repoRefs)) continue;
      item.full ??= prepare({ ...c });
      const cmp = compareStatements(mine.prepared, item.full, listShared);
      if (cmp) found.push({ relation: cmp.relation, card_file: c.file, proposal: null, description: c.description, body: c.body, ...rest(cmp) });
    }
    for (const q of items) {
      if (q.id === p.id || q.group === p.group || p.target !== void 0 && q.target === p.target) continue;
      const other = q.statement;
      const cmp = compareStatements(mine.prepared, other.prepared, listShared);
      if (cmp) found.push({ relation: cmp.relation, card_file: q.card_file, proposal: q.id, description: other.description, body: other.body, ...rest(cmp) });
    }
    found.sort((a, b) => a.relation === b.relation ? b.similarity - a.similarity : a.relation === "near_duplicate" ? -1 : 1);
    out.set(p.id, found);
  }
  return out;
}
function statementOf(p, target) {
  const description = p.card.description ?? target?.description ?? "";
  const body = p.card.body ?? target?.body ?? "";
  const own = p.card.recall;
  const recall = Array.isArray(own) ? own.filter((k) => typeof k === "string") : target?.recall ?? [];
  return { description, body, prepared: prepare({ description, body, topics: p.card.topics ?? target?.topics ?? [], repoRefs: target?.repoRefs ?? [], recall }) };
}
function shares(mine, terms, refs) {
  for (const t of mine.descSet) if (terms.has(t)) return true;
  return refs.some((r) => mine.refs.has(r));
}
function rest(cmp) {
  return { similarity: cmp.similarity, shared_terms: cmp.shared_terms, shared_repo_refs: cmp.shared_repo_refs };
}
export {
  relatedAmong,
  relatedByContent,
  statementOf
};
