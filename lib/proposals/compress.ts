import { CARD_REQUIRED } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { utf8Bytes } from "../core/block.js";
import { propose, type Proposal } from "./propose.js";
import type { StoreView } from "../records/store-view.js";
import type { SecretPolicy } from "../records/secrets.js";
import { cardType, type ParsedCard } from "../core/card.js";
import type { CardUsage } from "../core/frecency.js";
import { hookText, overlap, RESTATES, termSet } from "./overlap.js";

// /memory-compress's mechanical part (seed 001: "shrinks index entries (the hook text) … without touching card
// detail"; "reads metadata.type for merge-by-tier"). Candidates are ranked by bytes saved per prompt; staging
// goes through propose (description only, so accepting never touches a body), and is blocked while the card
// lacks a required field. The overlap is a plain term overlap of index lines within one type (lib/proposals/overlap.ts).

/** A hook longer than this is a shortening candidate; the estimate assumes it can become TARGET bytes. */
export const LONG_HOOK_BYTES = 120;
export const TARGET_HOOK_BYTES = 90;
/** Weight of a card never hit: its line still costs bytes whenever a prompt pulls it in. */
const MIN_WEIGHT = 0.1;

export interface CompressCard {
  name: string;
  card: string;
  type: string | null;
  line: string;
  hook_bytes: number;
  pinned: boolean;
  /** Required fields the card lacks: while any is missing, nothing is staged for it. */
  missing: string[];
}

export interface CompressCandidate {
  kind: "shorten" | "merge";
  cards: CompressCard[];
  /** Bytes one injection of the line(s) would save. */
  saved_bytes: number;
  /** 1 for a pinned line (injected on every prompt), else its hits relative to the most-hit card (at least 0.1). */
  weight: number;
  /** saved_bytes × weight, the ranking key. */
  per_prompt_bytes: number;
  overlap?: number;
  blocked: string | null;
}

function cardName(file: string, parsed: ParsedCard | undefined): string {
  const n = parsed?.meta.name;
  return typeof n === "string" && n.trim() ? n : file.replace(/\.md$/, "").replace(/^(feedback|project|reference|user)_/, "");
}

function blockedBy(cards: readonly CompressCard[]): string | null {
  const lacking = cards.filter((c) => c.missing.length > 0);
  if (lacking.length === 0) return null;
  return lacking.map((c) => `${c.card} lacks the required field${c.missing.length > 1 ? "s" : ""} ${c.missing.join(", ")}`).join("; ");
}

/** The store's cards as compress sees them: one per index line pointing at a card file. */
export function compressCards(store: StoreView): CompressCard[] {
  const seen = new Set<string>();
  const out: CompressCard[] = [];
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
      missing,
    });
  }
  return out;
}

/** Candidates, best first: long hooks and overlapping same-type pairs, by bytes saved per prompt. */
export function compressCandidates(cards: readonly CompressCard[], usage: ReadonlyMap<string, CardUsage>): CompressCandidate[] {
  const most = Math.max(1, ...cards.map((c) => usage.get(c.card)?.access_count ?? 0));
  const weight = (c: CompressCard) => (c.pinned ? 1 : Math.max(MIN_WEIGHT, (usage.get(c.card)?.access_count ?? 0) / most));
  const out: CompressCandidate[] = [];
  for (const c of cards) {
    if (c.hook_bytes <= LONG_HOOK_BYTES) continue;
    const saved = c.hook_bytes - TARGET_HOOK_BYTES;
    out.push(candidate("shorten", [c], saved, weight(c)));
  }
  // Same-type pairs, most overlapping first; each card joins at most one merge.
  const pairs: { a: CompressCard; b: CompressCard; score: number }[] = [];
  const terms = new Map(cards.map((c) => [c.card, termSet(`${c.name.replace(/[-_]/g, " ")} ${hookText(c.line)}`)]));
  for (let i = 0; i < cards.length; i++)
    for (let j = i + 1; j < cards.length; j++) {
      const a = cards[i]!;
      const b = cards[j]!;
      if (a.type === null || a.type !== b.type) continue;
      const score = overlap(terms.get(a.card)!, terms.get(b.card)!);
      if (score >= RESTATES) pairs.push({ a, b, score });
    }
  const merged = new Set<string>();
  for (const p of pairs.sort((x, y) => y.score - x.score)) {
    if (merged.has(p.a.card) || merged.has(p.b.card)) continue;
    merged.add(p.a.card).add(p.b.card);
    // Keep the line that costs less; the other line disappears from every injection.
    const [keep, drop] = utf8Bytes(p.a.line) <= utf8Bytes(p.b.line) ? [p.a, p.b] : [p.b, p.a];
    out.push({ ...candidate("merge", [keep, drop], utf8Bytes(drop.line) + 1, Math.max(weight(keep), weight(drop))), overlap: Math.round(p.score * 100) / 100 });
  }
  return out.sort((x, y) => y.per_prompt_bytes - x.per_prompt_bytes || y.saved_bytes - x.saved_bytes);
}

function candidate(kind: CompressCandidate["kind"], cards: CompressCard[], saved: number, weight: number): CompressCandidate {
  return { kind, cards, saved_bytes: saved, weight: Math.round(weight * 100) / 100, per_prompt_bytes: Math.round(saved * weight), blocked: blockedBy(cards) };
}

export interface CompressStage {
  memoryDir: string;
  actor: string;
  now: Date;
  secrets?: SecretPolicy;
}

/**
 * Stages a shorter hook for `name` (or, with `mergeFrom`, the hook that covers both cards, on the kept card):
 * a description-only proposal, so accepting it never touches a card body. Blocked, naming the field, while a
 * card involved lacks a required field.
 */
export async function stageCompress(ctx: CompressStage, cards: readonly CompressCard[], name: string, description: string, mergeFrom?: string): Promise<Proposal> {
  const find = (n: string) => {
    const c = cards.find((x) => x.name === n || x.card === n || x.card === `${n}.md`);
    if (!c) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card "${n}" in MEMORY.md; memctl compress lists the candidates`, { name: n });
    return c;
  };
  const keep = find(name);
  const drop = mergeFrom !== undefined ? find(mergeFrom) : undefined;
  if (drop && drop.card === keep.card) throw usageError("--merge names the same card twice");
  if (drop && drop.type !== keep.type)
    throw usageError(`${keep.card} (${keep.type ?? "no type"}) and ${drop.card} (${drop.type ?? "no type"}) are different types; merges stay within one metadata.type`);
  const blocked = blockedBy(drop ? [keep, drop] : [keep]);
  if (blocked)
    throw new MemctlError(
      ERROR_CODES.E_CARD_RULES,
      `nothing staged: ${blocked}. Add the field (memctl save ${keep.name} fills in missing ones, or edit the card), then run compress again.`,
      {
        missing: [keep, ...(drop ? [drop] : [])].filter((c) => c.missing.length > 0).map((c) => ({ card: c.card, missing: c.missing })),
      },
    );
  const after = utf8Bytes(description);
  if (!drop && after >= keep.hook_bytes) throw usageError(`the new hook is ${after} bytes, not shorter than the current ${keep.hook_bytes}; compress only stages shorter hooks`);
  const source = drop
    ? `memctl compress: merge of ${drop.card} into ${keep.card} (after accepting, remove the other with: memctl rm ${drop.name})`
    : `memctl compress: shorter hook for ${keep.card} (${keep.hook_bytes} → ${after} bytes)`;
  return propose(
    { memoryDir: ctx.memoryDir, actor: ctx.actor, now: ctx.now, ...(ctx.secrets ? { secrets: ctx.secrets } : {}) },
    { card: { name: keep.name, description }, source, kind: "fact" },
  );
}
