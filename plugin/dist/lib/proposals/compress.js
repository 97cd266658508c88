// lib/proposals/compress.ts
import { CARD_REQUIRED } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { utf8Bytes } from "../core/block.js";
import { propose } from "./propose.js";
import { cardType } from "../core/card.js";
import { hookText, overlap, RESTATES, termSet } from "./overlap.js";
var LONG_HOOK_BYTES = 120;
var TARGET_HOOK_BYTES = 90;
var MIN_WEIGHT = 0.1;
function cardName(file, parsed) {
  const n = parsed?.meta.name;
  return typeof n === "string" && n.trim() ? n : file.replace(/\.md$/, "").replace(/^(feedback|project|reference|user)_/, "");
}
function blockedBy(cards) {
  const lacking = cards.filter((c) => c.missing.length > 0);
  if (lacking.length === 0) return null;
  return lacking.map((c) => `${c.card} lacks the required field${c.missing.length > 1 ? "s" : ""} ${c.missing.join(", ")}`).join("; ");
}
function compressCards(store) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const e of store.entries) {
    if (e.card === null || seen.has(e.card)) continue;
    const file = store.cards.get(e.card);
    if (!file?.card) continue;
    seen.add(e.card);
    const parsed = file.card;
    const missing = CARD_REQUIRED.filter((f) => !(f in parsed.frontmatter));
    out.push({
      name: cardName(e.card, parsed),
      card: e.card,
      type: cardType(e.card, parsed.meta) ?? null,
      line: e.raw.trim(),
      hook_bytes: utf8Bytes(e.hook),
      pinned: parsed.meta.priority === "always",
      missing
    });
  }
  return out;
}
function compressCandidates(cards, usage) {
  const most = Math.max(1, ...cards.map((c) => usage.get(c.card)?.access_count ?? 0));
  const weight = (c) => c.pinned ? 1 : Math.max(MIN_WEIGHT, (usage.get(c.card)?.access_count ?? 0) / most);
  const out = [];
  for (const c of cards) {
    if (c.hook_bytes <= LONG_HOOK_BYTES) continue;
    const saved = c.hook_bytes - TARGET_HOOK_BYTES;
    out.push(candidate("shorten", [c], saved, weight(c)));
  }
  const pairs = [];
  const terms = new Map(cards.map((c) => [c.card, termSet(`${c.name.replace(/[-_]/g, " ")} ${hookText(c.line)}`)]));
  for (let i = 0; i < cards.length; i++)
    for (let j = i + 1; j < cards.length; j++) {
      const a = cards[i];
      const b = cards[j];
      if (a.type === null || a.type !== b.type) continue;
      const score = overlap(terms.get(a.card), terms.get(b.card));
      if (score >= RESTATES) pairs.push({ a, b, score });
    }
  const merged = /* @__PURE__ */ new Set();
  for (const p of pairs.sort((x, y) => y.score - x.score)) {
    if (merged.has(p.a.card) || merged.has(p.b.card)) continue;
    merged.add(p.a.card).add(p.b.card);
    const [keep, drop] = utf8Bytes(p.a.line) <= utf8Bytes(p.b.line) ? [p.a, p.b] : [p.b, p.a];
    out.push({ ...candidate("merge", [keep, drop], utf8Bytes(drop.line) + 1, Math.max(weight(keep), weight(drop))), overlap: Math.round(p.score * 100) / 100 });
  }
  return out.sort((x, y) => y.per_prompt_bytes - x.per_prompt_bytes || y.saved_bytes - x.saved_bytes);
}
function candidate(kind, cards, saved, weight) {
  return { kind, cards, saved_bytes: saved, weight: Math.round(weight * 100) / 100, per_prompt_bytes: Math.round(saved * weight), blocked: blockedBy(cards) };
}
async function stageCompress(ctx, cards, name, description, mergeFrom) {
  const find = (n) => {
    const c = cards.find((x) => x.name === n || x.card === n || x.card === `${n}.md`);
    if (!c) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card "${n}" in MEMORY.md; memctl compress lists the candidates`, { name: n });
    return c;
  };
  const keep = find(name);
  const drop = mergeFrom !== void 0 ? find(mergeFrom) : void 0;
  if (drop && drop.card === keep.card) throw usageError("--merge names the same card twice");
  if (drop && drop.type !== keep.type)
    throw usageError(`${keep.card} (${keep.type ?? "no type"}) and ${drop.card} (${drop.type ?? "no type"}) are different types; merges stay within one metadata.type`);
  const blocked = blockedBy(drop ? [keep, drop] : [keep]);
  if (blocked)
    throw new MemctlError(
      ERROR_CODES.E_CARD_RULES,
      `nothing staged: ${blocked}. Add the field (memctl save ${keep.name} fills in missing ones, or edit the card), then run compress again.`,
      {
        missing: [keep, ...drop ? [drop] : []].filter((c) => c.missing.length > 0).map((c) => ({ card: c.card, missing: c.missing }))
      }
    );
  const after = utf8Bytes(description);
  if (!drop && after >= keep.hook_bytes) throw usageError(`the new hook is ${after} bytes, not shorter than the current ${keep.hook_bytes}; compress only stages shorter hooks`);
  const source = drop ? `memctl compress: merge of ${drop.card} into ${keep.card} (after accepting, remove the other with: memctl rm ${drop.name})` : `memctl compress: shorter hook for ${keep.card} (${keep.hook_bytes} \u2192 ${after} bytes)`;
  return propose(
    { memoryDir: ctx.memoryDir, actor: ctx.actor, now: ctx.now, ...ctx.secrets ? { secrets: ctx.secrets } : {} },
    { card: { name: keep.name, description }, source, kind: "fact" }
  );
}
export {
  LONG_HOOK_BYTES,
  TARGET_HOOK_BYTES,
  compressCandidates,
  compressCards,
  stageCompress
};
