import fs from "node:fs";
import path from "node:path";
import { encodeUtf8 } from "../core/bytes.js";
import { sha256Hex } from "../store/history.js";
import { cardFileOf, PROPOSALS_DIR, proposalCardProblem, readPendingPage, type PendingPage, type Proposal } from "./propose.js";
import { allSources, findTarget } from "./accept-preview.js";
import type { Arrival } from "../store/arrivals.js";
import { readHold, type Hold } from "../store/hold.js";
import type { QueuePage } from "../records/proposal-read.js";
import { parseCard } from "../core/card.js";
import { listCardFiles } from "../store/read.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { lookAlikeIndex } from "../core/look-alike.js";
import { relatedAmong, statementOf, type CardSummary, type MatchItem, type Related } from "./content-match.js";
import { suggestScope } from "./scope-suggest.js";

// What the owner needs to decide on a proposal, computed fresh from disk every time (never stored, so it
// cannot go stale itself): is the base stale, does a card already say this, which pending proposals say the
// same thing (duplicates) or something else about the same card (conflicts), and the diff it would make.

export interface ProposalFlags {
  /** The card changed, appeared or went since the proposal was made. */
  stale: boolean;
  /** A card that already says this: the target with the same content, or another card with the same description. */
  duplicate_of_card: string | null;
  /** Other pending proposals with the same content for the same card. */
  duplicate_of: string[];
  /** Other pending proposals for the same card with different content. */
  conflicts_with: string[];
  /** The card exists, says something else, and the proposer did not see its current version. */
  contradicts_card: boolean;
  /** Why the proposal does not name a card (e.g. a staged file edited to name MEMORY.md); accept refuses it. */
  not_a_card: string | null;
  /** Live cards under other names, and pending proposals for other cards, that say nearly the same (lib/proposals/similarity.ts). */
  near_duplicates: Related[];
  /** Live cards under other names, and pending proposals for other cards, that give the same subject another value. */
  contradictions: Related[];
  /**
   * Held as it arrived by memctl sync: its proposer and provenance are what the pushing machine wrote (a teammate is
   * "human" at her own terminal), so review names who pushed it; null for a proposal made here or accepted since.
   */
  arrived: { pushed_by: string[] } | null;
  /** A new card whose name only looks like this existing card's (lib/core/look-alike.ts): accepting makes a twin. */
  looks_like?: string;
}

export interface ReviewedProposal {
  proposal: Proposal;
  card_file: string;
  flags: ProposalFlags;
  /** The subtree every file it names is under (lib/proposals/scope-suggest.ts), when neither it nor the card has a scope. */
  suggested_scope: string[] | null;
}

/** The queue page is which page of them `pending` is (every one when no page was asked for). */
export interface ReviewResult extends QueuePage {
  pending: ReviewedProposal[];
  unreadable: { file: string; reason: string }[];
}

/**
 * One page of pending proposals in staging order with their flags (review, the web view: a full queue read whole held
 * 400+ MB). Duplicates, conflicts and near-duplicates among proposals are found within that page; cards are always
 * all compared. Consolidation weighs the whole queue, a page at a time (./review-queue.ts).
 */
export async function reviewPending(memoryDir: string, page: number, options: { withoutHeld?: boolean } = {}): Promise<ReviewResult> {
  const read: PendingPage = readPendingPage(memoryDir, page, options);
  const cards = await cardSummaries(memoryDir);
  const hold = readHold(memoryDir);
  // The key as a digest: the text holds the whole body, and a page of 50 kept ~5-10 MB of keys only to compare them.
  const weighed = read.proposals.map((p) => ({ p, w: weigh(memoryDir, p, cards, hold), key: keyDigest(contentKey(p)) }));
  const related = relatedAmong(
    weighed.map((x) => x.w.match),
    cards,
  );
  const pending = weighed.map(({ p, w, key }) => ({
    proposal: p,
    card_file: w.card_file,
    flags: { ...w.flags, ...pairFlags(p.id, w.match.group, key, weighed, related) },
    suggested_scope: w.suggested_scope,
  }));
  return { pending, unreadable: read.unreadable, total: read.total, page: read.page, pages: read.pages };
}

/** One proposal against the cards: everything review says of it but its pairs with other proposals. */
export interface Weighed {
  card_file: string;
  match: MatchItem;
  flags: Omit<ProposalFlags, "duplicate_of" | "conflicts_with" | "near_duplicates" | "contradictions">;
  suggested_scope: string[] | null;
}

export function weigh(memoryDir: string, p: Proposal, cards: readonly CardSummary[], hold: Hold | undefined): Weighed {
  // findCardFile scans every card's frontmatter for a name it does not find as a file: once per proposal.
  const file = findTarget(memoryDir, p);
  const target = cards.find((c) => c.file === file);
  const stale = shaOf(memoryDir, file) !== p.base_sha256;
  const sameAsCard = target !== undefined && sameContent(p, target);
  const sameDescription = p.card.description === undefined ? undefined : cards.find((c) => c.file !== target?.file && norm(c.description) === norm(p.card.description!));
  return {
    card_file: target?.file ?? cardFileOf(p),
    match: { id: p.id, group: groupKey(p), target: file, card_file: file ?? cardFileOf(p), statement: statementOf(p, target) },
    flags: {
      stale,
      duplicate_of_card: sameAsCard ? target!.file : (sameDescription?.file ?? null),
      contradicts_card: target !== undefined && !sameAsCard && stale,
      not_a_card: proposalCardProblem(p.card.name, p.target) ?? proposalCardProblem(p.card.name, file ?? null) ?? null,
      arrived: arrivedBy(hold?.held(`${PROPOSALS_DIR}/${p.id}.json`)),
      ...lookAlikeFlag(p, target, cards),
    },
    suggested_scope: scopeSuggestion(p, target),
  };
}

/** A proposal's pairs with the others weighed with it: same card and content, same card and other content, related. */
export function pairFlags(
  id: string,
  group: string,
  key: string,
  others: readonly { w: Weighed; key: string }[],
  related: Map<string, Related[]>,
): Pick<ProposalFlags, "duplicate_of" | "conflicts_with" | "near_duplicates" | "contradictions"> {
  const same = others.filter((o) => o.w.match.group === group && o.w.match.id !== id);
  return {
    duplicate_of: same.filter((o) => o.key === key).map((o) => o.w.match.id),
    conflicts_with: same.filter((o) => o.key !== key).map((o) => o.w.match.id),
    near_duplicates: related.get(id)?.filter((r) => r.relation === "near_duplicate") ?? [],
    contradictions: related.get(id)?.filter((r) => r.relation === "contradiction") ?? [],
  };
}

function arrivedBy(item: Arrival | undefined): ProposalFlags["arrived"] {
  return item ? { pushed_by: item.pushed_by } : null;
}

/** What consolidation suggests as the card's scope; null when the proposal or the card already says, or nothing is clear. */
export function scopeSuggestion(p: Proposal, target: Pick<CardSummary, "repoRefs" | "scope"> | undefined): string[] | null {
  if (p.card.scope !== undefined || (target?.scope?.length ?? 0) > 0) return null;
  return suggestScope(allSources(p).split("; "), target?.repoRefs ?? []);
}

/** scopeSuggestion against the card as it is on disk now (what accept --suggested-scope applies). */
export function currentScopeSuggestion(memoryDir: string, p: Proposal): string[] | null {
  const file = findTarget(memoryDir, p);
  let target: Pick<CardSummary, "repoRefs" | "scope"> | undefined;
  if (file !== undefined) {
    try {
      const meta = parseCard(fs.readFileSync(path.join(memoryDir, file), "utf8")).meta;
      target = { repoRefs: meta.repo_refs ?? [], scope: meta.scope ?? [] };
    } catch {
      target = undefined;
    }
  }
  return scopeSuggestion(p, target);
}

/** Proposals about one card: same card name, case-insensitive. */
export function groupKey(p: { card: { name: string } }): string {
  return withoutTypePrefix(p.card.name.replace(/\.md$/, "")).toLowerCase();
}

/** What a proposal says, normalised: two proposals with equal keys are duplicates. */
export function contentKey(p: Proposal): string {
  return JSON.stringify([p.card.type ?? null, norm(p.card.description ?? ""), norm(p.card.body ?? ""), [...(p.card.topics ?? [])].map(norm).sort()]);
}

/** A contentKey's digest: equal exactly when the keys are (hashed as bytes: sha256Hex hashes a short string in plain JavaScript, ~4x node:crypto's CPU over a queue). */
export function keyDigest(key: string): string {
  return sha256Hex(encodeUtf8(key));
}

function sameContent(p: Proposal, card: CardSummary): boolean {
  const description = p.card.description ?? card.description;
  const body = p.card.body ?? card.body;
  if (norm(description) !== norm(card.description)) return false;
  if (norm(body) === norm(card.body)) return true;
  // A captured proposal quotes the user's words under its description (lib/capture/stage.ts); the owner's own
  // `memctl remember` of the same words writes them as the body. The card says everything the proposal does.
  const quoted = norm(body.replace(/^> ?/gm, ""));
  return norm(card.body) !== "" && quoted.includes(norm(card.body));
}

function shaOf(memoryDir: string, file: string | undefined): string | null {
  if (file === undefined) return null;
  try {
    return sha256Hex(fs.readFileSync(path.join(memoryDir, file)));
  } catch {
    return null;
  }
}

/** Every readable card of the store, as review compares them. */
export async function cardSummaries(memoryDir: string): Promise<CardSummary[]> {
  let files: string[];
  try {
    files = await listCardFiles(memoryDir);
  } catch {
    return [];
  }
  const out: CardSummary[] = [];
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
        scope: m.scope ?? [],
      });
    } catch {
      /* unreadable cards are doctor's business */
    }
  }
  return out;
}

function norm(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** `looks_like` for a proposal of a new card whose name only looks like an existing card's. */
function lookAlikeFlag(p: Proposal, target: CardSummary | undefined, cards: readonly CardSummary[]): { looks_like?: string } {
  const twin = target === undefined ? lookAlikeCard(p.card.name, cards) : undefined;
  return twin ? { looks_like: twin } : {};
}

/** The existing card whose name `name` is not but looks like (a Cyrillic "е" for an "e"), by file name or card name. */
function lookAlikeCard(name: string, cards: readonly CardSummary[]): string | undefined {
  let twinOf = lookAlikeIndexes.get(cards);
  if (!twinOf) {
    twinOf = lookAlikeIndex(cards.flatMap((c) => [[withoutTypePrefix(c.file.replace(/\.md$/, "")), c.file] as const, ...(c.name ? [[c.name, c.file] as const] : [])]));
    lookAlikeIndexes.set(cards, twinOf);
  }
  return twinOf(withoutTypePrefix(name));
}

/** One index per card list: review and consolidate ask it once per proposal (a page, or the whole queue). */
const lookAlikeIndexes = new WeakMap<readonly CardSummary[], (name: string) => string | undefined>();
