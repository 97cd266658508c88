import { tokenize } from "../rank/tokenize.js";
import { NUMBER_WORDS, quantities, unitTerm } from "./numbers.js";

// Content comparison of two statements (a proposal, a card) with the ranker's own terms (lib/rank/tokenize.ts:
// stemmed words, stop words dropped, CJK 2-grams), so "the same fact" means the same thing here as in ranking.
// Two relations, checked in this order:
//   near_duplicate  the descriptions share most of their terms (Jaccard >= 0.75), or the whole texts do
//                   (description, body and topics, >= 0.7), or >= 0.5 when both name the same repo_refs; or a
//                   paraphrase: the smaller text's content terms are nearly all in the other (>= 0.8 of them,
//                   at least 4), or one side's recall key (lib/core/recall-keys.ts, two terms or more) is
//                   wholly in the other side's text; never when the descriptions carry different numbers
//                   ("Node 20" vs "Node 22", "forty minutes" vs "ten minutes": written-out numbers count).
//   contradiction   the same subject with a different value: the descriptions start (or end) with the same
//                   terms — at least two, and more than half of the shorter description, or one when both name
//                   the same repo_refs — and each says something the other does not, or their numbers differ
//                   ("CI runs on Buildkite" vs "CI runs on GitHub Actions").
// Both are advice for the owner: review shows the two texts, accept asks for a decision.
// sameMainStatement is a third, narrower test that only capture's staging uses (lib/capture/stage.ts): two
// descriptions whose first clauses say the same thing, each elaborated differently ("X; tell him Y" and "X
// whenever needed; don't Z"), which a model writes for one preference restated in two sessions.

export interface Statement {
  description: string;
  body?: string;
  topics?: readonly string[];
  repoRefs?: readonly string[];
  /** The card's `recall:` keys (meta.recall), when it has them. */
  recall?: readonly string[];
}

export type Relation = "near_duplicate" | "contradiction";

export interface Comparison {
  relation: Relation;
  /** Jaccard of the description terms or of the whole texts, whichever is higher (0..1, two decimals). */
  similarity: number;
  shared_terms: string[];
  shared_repo_refs: string[];
}

export interface Prepared {
  desc: string[];
  descSet: Set<string>;
  all: Set<string>;
  numbers: Set<string>;
  refs: Set<string>;
  /** Each recall key's terms (keys of fewer than two terms say too little to match on). */
  keys: Set<string>[];
  /** The description's first clause: its terms and numbers (the whole description when it has one clause). */
  main: Set<string>;
  mainNumbers: Set<string>;
}

export function prepare(s: Statement): Prepared {
  // Numbers are values, not terms: compared as quantities, left out of the term sets so that two statements
  // differing only in a number share every term (and so read as one subject with two values).
  const desc = terms(s.description);
  const all = new Set([...desc, ...terms(s.body ?? ""), ...(s.topics ?? []).flatMap((t) => terms(t))]);
  const keys = (s.recall ?? []).map((k) => new Set(terms(k))).filter((k) => k.size >= 2);
  const main = firstClause(s.description);
  return {
    desc,
    descSet: new Set(desc),
    all,
    numbers: quantities(s.description),
    refs: new Set(s.repoRefs ?? []),
    keys,
    main: new Set(terms(main)),
    mainNumbers: quantities(main),
  };
}

/** A description up to its first clause break: a semicolon, a colon, a spaced dash, or a sentence end followed
 * by a capital ("e.g. logging" does not end a clause). */
function firstClause(description: string): string {
  const at = description.search(/;|:\s|\s[—–-]\s|\.\s+(?=[A-Z])/);
  return at > 0 ? description.slice(0, at) : description;
}

/**
 * Whether two descriptions make the same main statement: the smaller first clause's terms are nearly all in the
 * other's (>= 0.8 of them, at least 4, as paraphrase() asks of whole texts), and their numbers do not differ.
 * What follows the first clause (what the agent should do about it, an example) does not count either way.
 */
export function sameMainStatement(a: Prepared, b: Prepared): boolean {
  if (a.mainNumbers.size > 0 && b.mainNumbers.size > 0 && !sameSet(a.mainNumbers, b.mainNumbers)) return false;
  const [small, large] = a.main.size <= b.main.size ? [a.main, b.main] : [b.main, a.main];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  return shared >= 4 && shared >= 0.8 * small.size;
}

/** The ranker's terms of the number words ("forty" → "forti"): values, never subject terms. */
const NUMBER_TERMS = new Set(NUMBER_WORDS.flatMap((w) => tokenize(w)));

function terms(text: string): string[] {
  return tokenize(text)
    .filter((t) => !/^\d+(?:[.,]\d+)*$/.test(t) && !NUMBER_TERMS.has(t))
    .map(unitTerm);
}

/**
 * How b relates to a, or undefined when it does not (unrelated, or too little text to tell). `listShared: false` leaves
 * shared_terms empty, for a caller that weighs every pair and reads only the relation (consolidation).
 */
export function compareStatements(a: Prepared, b: Prepared, listShared = true): Comparison | undefined {
  if (a.descSet.size === 0 || b.descSet.size === 0) return undefined;
  const sharedRefs = [...a.refs].filter((r) => b.refs.has(r)).sort();
  const refs = sharedRefs.length > 0;
  const descJ = jaccard(a.descSet, b.descSet);
  // The whole texts' shared terms are counted once (the smaller set looked up in the larger) and listed only for a
  // relation: consolidation compares every pair of a full queue, and listing and sorting them for each pair of long
  // bodies cost minutes.
  const both = overlap(a.all, b.all);
  const allJ = a.all.size + b.all.size - both === 0 ? 0 : both / (a.all.size + b.all.size - both);
  const numbersDiffer = a.numbers.size > 0 && b.numbers.size > 0 && !sameSet(a.numbers, b.numbers);
  const similarity = Math.round(Math.max(descJ, allJ) * 100) / 100;
  const result = (relation: Relation): Comparison => ({
    relation,
    similarity,
    shared_terms: listShared ? [...a.all].filter((t) => b.all.has(t)).sort() : [],
    shared_repo_refs: sharedRefs,
  });
  if (!numbersDiffer && (descJ >= 0.75 || allJ >= 0.7 || (refs && Math.max(descJ, allJ) >= 0.5) || paraphrase(a, b, both))) return result("near_duplicate");
  const subject = Math.max(commonPrefix(a.desc, b.desc), commonPrefix([...a.desc].reverse(), [...b.desc].reverse()));
  const shorter = Math.min(a.descSet.size, b.descSet.size);
  const sameSubject = (subject >= 2 && subject * 2 > shorter) || (refs && subject >= 1);
  if (!sameSubject) return undefined;
  const differ = [...a.descSet].some((t) => !b.descSet.has(t)) && [...b.descSet].some((t) => !a.descSet.has(t));
  return differ || numbersDiffer ? result("contradiction") : undefined;
}

/** Nearly all of the smaller text's content terms (`shared` of them in both) are in the other, or a recall key of one is wholly in the other. */
function paraphrase(a: Prepared, b: Prepared, shared: number): boolean {
  const small = a.all.size <= b.all.size ? a.all : b.all;
  if (shared >= 4 && shared >= 0.8 * small.size) return true;
  const within = (keys: Set<string>[], text: Set<string>) => keys.some((k) => [...k].every((t) => text.has(t)));
  return within(a.keys, b.all) || within(b.keys, a.all);
}

/** How many terms two sets share. */
function overlap(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let both = 0;
  for (const t of small) if (large.has(t)) both++;
  return both;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  const both = overlap(a, b);
  const union = a.size + b.size - both;
  return union === 0 ? 0 : both / union;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/** Shared leading words; a token with a digit (an id, a version) is a value, never part of the subject. */
function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n] && !/\d/.test(a[n]!)) n++;
  return n;
}
