import { cardFileOf, type Proposal } from "./propose.js";
import { tokenize } from "../rank/tokenize.js";
import { compareStatements, prepare, type Prepared, type Relation } from "./similarity.js";

// Which live cards (under another name) and which pending proposals (for another card) a proposal nearly
// duplicates or contradicts, with the other side's text, so review can show both and accept can ask the owner
// to supersede or keep both. Cards already superseded are history, not live: they are never matched.

/** A card as review compares it (read by review.ts cardSummaries). */
export interface CardSummary {
  file: string;
  name: string;
  description: string;
  body: string;
  status?: string;
  topics: string[];
  repoRefs: string[];
  /** The card's `recall:` keys (meta.recall): a proposal saying what a key asks for restates the card. */
  recall?: string[];
  /** The card's `scope:` (meta.scope): a card already scoped gets no scope suggestion. */
  scope?: string[];
}

export interface Related {
  relation: Relation;
  /** The other card's file (for a proposal: the file it would write). */
  card_file: string;
  /** The other pending proposal's id; null when the other side is a card. */
  proposal: string | null;
  description: string;
  body: string;
  similarity: number;
  shared_terms: string[];
  shared_repo_refs: string[];
}

/** What a proposal would make the card say, prepared for comparison. */
export interface ProposalStatement {
  prepared: Prepared;
  description: string;
  body: string;
}

export interface MatchOptions {
  /** The card file a proposal updates, if it exists. */
  targetOf: (p: Proposal) => string | undefined;
  /** Proposals with equal keys are about one card (compared by name elsewhere: duplicates and conflicts). */
  groupOf: (p: Proposal) => string;
}

const NOT_A_CARD = /(^|\/)(MEMORY\.[^/]*|episodes\.summary)\.md$/i;

/** Related items per proposal id, near-duplicates first, then by similarity. */
export function relatedByContent(proposals: readonly Proposal[], cards: readonly CardSummary[], options: MatchOptions): Map<string, Related[]> {
  const byFile = new Map(cards.map((c) => [c.file, c]));
  const items = proposals.map((p) => {
    const target = options.targetOf(p);
    return { id: p.id, group: options.groupOf(p), target, card_file: target ?? cardFileOf(p), statement: statementOf(p, byFile.get(target ?? "")) };
  });
  return relatedAmong(items, cards);
}

/** A proposal as the content match weighs it: consolidation keeps only this of each, not its body (body "" then). */
export interface MatchItem {
  id: string;
  /** Items with equal groups are about one card (compared by name elsewhere: duplicates and conflicts). */
  group: string;
  /** The card file it updates, if that exists. */
  target: string | undefined;
  /** The file it would write. */
  card_file: string;
  statement: ProposalStatement;
}

/** relatedByContent over items already prepared (statementOf), in the proposals' order; shared_terms left empty unless `listShared`. */
export function relatedAmong(items: readonly MatchItem[], cards: readonly CardSummary[], listShared = true): Map<string, Related[]> {
  // Only a card sharing a description term or a repo_ref can match: its body is tokenized only then (a
  // 10,000-card store would otherwise tokenize every body for a handful of proposals).
  const live = cards
    .filter((c) => c.status !== "superseded" && !NOT_A_CARD.test(c.file))
    .map((c) => ({ c, terms: new Set([...tokenize(c.description), ...(c.recall ?? []).flatMap((k) => tokenize(k))]), full: undefined as Prepared | undefined }));
  const out = new Map<string, Related[]>();
  for (const p of items) {
    const mine = p.statement;
    const found: Related[] = [];
    for (const item of live) {
      const c = item.c;
      if (c.file === p.target || !shares(mine.prepared, item.terms, c.repoRefs)) continue;
      item.full ??= prepare({ ...c });
      const cmp = compareStatements(mine.prepared, item.full, listShared);
      if (cmp) found.push({ relation: cmp.relation, card_file: c.file, proposal: null, description: c.description, body: c.body, ...rest(cmp) });
    }
    for (const q of items) {
      if (q.id === p.id || q.group === p.group || (p.target !== undefined && q.target === p.target)) continue;
      const other = q.statement;
      const cmp = compareStatements(mine.prepared, other.prepared, listShared);
      if (cmp) found.push({ relation: cmp.relation, card_file: q.card_file, proposal: q.id, description: other.description, body: other.body, ...rest(cmp) });
    }
    found.sort((a, b) => (a.relation === b.relation ? b.similarity - a.similarity : a.relation === "near_duplicate" ? -1 : 1));
    out.set(p.id, found);
  }
  return out;
}

/** What the proposal would make the card say: its own fields, the target's for those it leaves unchanged. */
export function statementOf(p: Proposal, target: CardSummary | undefined): ProposalStatement {
  const description = p.card.description ?? target?.description ?? "";
  const body = p.card.body ?? target?.body ?? "";
  const own = (p.card as { recall?: unknown }).recall; // recall keys a proposal carries, when proposals carry them
  const recall = Array.isArray(own) ? own.filter((k): k is string => typeof k === "string") : (target?.recall ?? []);
  return { description, body, prepared: prepare({ description, body, topics: p.card.topics ?? target?.topics ?? [], repoRefs: target?.repoRefs ?? [], recall }) };
}

function shares(mine: Prepared, terms: Set<string>, refs: readonly string[]): boolean {
  for (const t of mine.descSet) if (terms.has(t)) return true;
  return refs.some((r) => mine.refs.has(r));
}

function rest(cmp: { similarity: number; shared_terms: string[]; shared_repo_refs: string[] }) {
  return { similarity: cmp.similarity, shared_terms: cmp.shared_terms, shared_repo_refs: cmp.shared_repo_refs };
}
