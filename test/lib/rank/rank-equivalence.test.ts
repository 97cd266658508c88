// rank() against the ranking written the plain way: every id's relevance summed term by term in query order, the
// evidence rule and the tiers applied to every entry, everything sorted. rank() takes shortcuts (the best relevance
// taken during the walk, evidence looked for before words are counted, the top places kept in a heap in one pass
// over the hits); none of them may change a place, a score, a tier or the number of hits the block reports. The
// evidence rule includes Japanese script's (word-evidence.ts: katakana syllables, boundaries, kanji stems), here
// read per card off the prompt positions it matched, with no shared per-id state.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { frecency } from "../../../lib/core/frecency.js";
import { isCommonSpoken } from "../../../lib/rank/common-words.js";
import { compareRanked, type Tier } from "../../../lib/rank/order.js";
import { memoryIndex, PART_BIT, type RankEntry, type RankIndex } from "../../../lib/rank/postings.js";
import { rank, SUBJECT_FIELDS } from "../../../lib/rank/score.js";
import { FRECENCY_BOOST, RELATIVE_CUTOFF, sinkReason } from "../../../lib/rank/tier-rules.js";
import { scopeOf, SCOPE_BOOST } from "../../../lib/rank/scope-filter.js";
import { queryTerms, tokenizeMarked } from "../../../lib/rank/tokenize.js";
import { BOUNDARY, continuesRun, continuesWord, evidenceNeeds } from "../../../lib/rank/word-evidence.js";

const TODAY = "2026-12-02";
// Plain words, spoken-English words that score but are no evidence, compound identifiers (their parts are
// PART_BIT postings) and Chinese runs (overlapping 2-grams, one word of evidence).
const WORDS = ["deploy", "redis", "cache", "auth", "token", "retry", "billing", "find", "call", "better", "OpenApi", "camelCase", "内存管理", "缓存策略", "casing"];
// Japanese, for the script rules of word-evidence.ts: katakana words that share two-character syllables (コミット,
// スナップショット; メッセージ, ページ), katakana into hiragana or kanji (コミットして, ト設定), a particle between two
// words (過去の日付), hiragana into kanji (が空), verb forms sharing a kanji stem (戻して, 戻す; 書き始め, 書く).
const JAPANESE = [
  "コミット",
  "スナップショット",
  "ページ",
  "メッセージ",
  "エラー",
  "ログ",
  "テスト",
  "キャッシュ",
  "プッシュ",
  "エラーメッセージ",
  "コミットして",
  "過去の日付",
  "日付",
  "戻して",
  "戻す",
  "書き始め",
  "書く",
  "確認して",
  "設定",
  "が空",
  "のエラー",
  "ト設定",
  "deploy",
];

interface Plain {
  index: number;
  tier: Tier;
  relevance: number;
  score: number;
}

/** The definition, in the order it is written in docs/ranking.md: no shortcut, every entry looked at. */
function plainRank(
  entries: readonly RankEntry[],
  query: ReadonlyMap<string, number>,
  usage: Map<string, { access_count: number; last_access_day: string }>,
  scopeAt: string | null | undefined,
) {
  const index = memoryIndex(entries);
  const n = entries.length;
  const relevance = new Array<number>(n).fill(0);
  // Per card: the prompt positions of the terms it matched, each with whether the match was in its title or topics
  // (and not only inside an identifier), and whether it was only inside an identifier.
  const met = entries.map(() => new Map<number, { subject: boolean; part: boolean }>());
  const terms = [...query.keys()];
  terms.forEach((term, at) => {
    const list = index.postings(term);
    if (!list || list.length === 0) return;
    const weight = query.get(term)! * Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
    for (let k = 0; k < list.length; k++) {
      const id = list.id[k]!;
      relevance[id] = relevance[id]! + weight * list.tf[k]!;
      const part = (list.mask[k]! & PART_BIT) !== 0;
      met[id]!.set(at, { subject: (list.mask[k]! & SUBJECT_FIELDS) !== 0 && !part, part });
    }
  });
  const scope = scopeOf(index, scopeAt, n);
  const out = (id: number) => scope !== undefined && scope.out[id] === 1;
  for (let id = 0; id < n; id++) if (scope?.here[id] === 1) relevance[id] = relevance[id]! * (1 + SCOPE_BOOST);
  const pinned = (id: number) => entries[id]!.priority === "always" && !out(id);
  let best = 0;
  let evidence = false;
  // The lone-word card: the best (then first) card without recall keys that meets a lone word of the prompt.
  let lone = -1;
  for (let id = 0; id < n; id++) {
    if (pinned(id) || out(id) || relevance[id] === 0) continue;
    best = Math.max(best, relevance[id]!);
    const card = cardEvidence(terms, met[id]!);
    if (card.words >= 2 || card.subject) evidence = true;
    const keyed = (entries[id]!.terms.recall ?? []).length > 0;
    if (!keyed && meetsLoneWord(terms, met[id]!) && (lone === -1 || relevance[id]! > relevance[lone]!)) lone = id;
  }
  if (!evidence && lone === -1) best = Number.POSITIVE_INFINITY;
  else if (!evidence) {
    for (let id = 0; id < n; id++) if (id !== lone) relevance[id] = 0;
    best = relevance[lone]!;
  }
  const all: Plain[] = [];
  for (let id = 0; id < n; id++) {
    const rel = out(id) ? 0 : relevance[id]!;
    const fr = frecency(usage.get(entries[id]!.file), TODAY);
    const relevant = rel > 0 && rel >= best * RELATIVE_CUTOFF;
    const sink = out(id) || sinkReason(entries[id]!, TODAY) !== undefined;
    const tier: Tier = pinned(id) ? "always" : sink ? (relevant ? "sunk-relevant" : "sunk") : relevant ? "relevant" : "irrelevant";
    all.push({ index: id, tier, relevance: rel, score: relevant ? rel * (1 + (FRECENCY_BOOST * fr) / (fr + 3)) : fr });
  }
  all.sort(compareRanked);
  const hits = all.filter((r) => r.tier === "relevant" || r.tier === "sunk-relevant");
  return { all, hits, pinned: all.filter((r) => r.tier === "always"), evidence, touched: relevance.some((r) => r > 0) };
}

/**
 * The no-memory rule for one card, read off its matches in prompt order (docs/ranking.md, lib/rank/word-evidence.ts):
 * how many words of the prompt it meets, and whether one of them is in its title or topics.
 */
function cardEvidence(terms: readonly string[], met: ReadonlyMap<number, { subject: boolean }>): { words: number; subject: boolean } {
  const needs = evidenceNeeds(terms);
  let words = 0;
  let subject = false;
  // Whether the card met the term before (as a possible word): a term that continues it is part of the same word.
  let metBefore = false;
  // Of the katakana word under way: how many of its 2-grams the card met in a row, and whether one was in a title;
  // 0 when there is no word under way (none begun, or the word already counted).
  let gathered = 0;
  let gatheredAbout = false;
  for (let at = 0; at < terms.length; at++) {
    const term = terms[at]!;
    const inSubject = met.get(at)?.subject;
    // Spoken words and 2-grams across a word boundary are never words: they also end a run.
    if (inSubject === undefined || isCommonSpoken(term) || needs[at] === BOUNDARY) {
      metBefore = false;
      continue;
    }
    const run = metBefore && at > 0 && continuesWord(terms[at - 1]!, term);
    metBefore = true;
    // A lone kanji (a stem) is one of two words but never the card's subject.
    const about = inSubject && !(term.length === 1 && term.charCodeAt(0) >= 0x3040);
    if (needs[at] === 0) {
      if (!run) words++; // a new word; in a run, the rest of the word begun before
      if (about) subject = true;
      gathered = 0;
    } else if (run && gathered === 0) {
      // the rest of a word already counted
    } else {
      const count = (run ? gathered : 0) + 1;
      const anyAbout: boolean = (run && gatheredAbout) || about;
      if (count < needs[at]!) {
        gathered = count;
        gatheredAbout = anyAbout;
      } else {
        gathered = 0;
        words++;
        if (anyAbout) subject = true;
      }
    }
  }
  return { words, subject };
}

/**
 * Whether a card meets one word of the prompt on its own (docs/ranking.md, the lone word): a term that is a word at
 * once, not a spoken word or a kanji stem, met not only inside an identifier; or every 2-gram of a katakana word.
 */
function meetsLoneWord(terms: readonly string[], met: ReadonlyMap<number, { part: boolean }>): boolean {
  const needs = evidenceNeeds(terms);
  const inWord = (i: number) => needs[i] !== 0 && needs[i] !== BOUNDARY;
  for (let at = 0; at < terms.length; at++) {
    const term = terms[at]!;
    if (needs[at] === BOUNDARY || isCommonSpoken(term)) continue;
    if (needs[at] === 0) {
      const m = met.get(at);
      if (m !== undefined && !m.part && !(term.length === 1 && term.charCodeAt(0) >= 0x3040)) return true;
      continue;
    }
    // A katakana word: from its first 2-gram to its last, each met.
    if (at > 0 && inWord(at - 1) && continuesRun(terms[at - 1]!, term)) continue;
    let end = at;
    while (end + 1 < terms.length && inWord(end + 1) && continuesRun(terms[end]!, terms[end + 1]!)) end++;
    let whole = true;
    for (let i = at; i <= end; i++) if (!met.has(i)) whole = false;
    if (whole) return true;
  }
  return false;
}

function entry(
  i: number,
  c: {
    title: string[];
    hook: string[];
    keys?: string[];
    priority?: string | undefined;
    status?: string | undefined;
    expires?: string | undefined;
    scope?: readonly string[] | undefined;
  },
): RankEntry {
  const title = c.title.join(" ");
  const hook = c.hook.join(" ");
  const file = `c${i}.md`;
  return {
    line: i + 1,
    raw: `- [${title}](${file}) — ${hook}`,
    file,
    title,
    hook,
    topics: [],
    terms: { title: tokenizeMarked(title), topics: [], hook: tokenizeMarked(hook), recall: tokenizeMarked((c.keys ?? []).join(" ")) },
    ...(c.priority ? { priority: c.priority } : {}),
    ...(c.status ? { status: c.status } : {}),
    ...(c.expires ? { expires_at: c.expires } : {}),
    ...(c.scope ? { scope: c.scope } : {}),
  };
}

const cardOf = (words: readonly string[]) =>
  fc.record({
    title: fc.array(fc.constantFrom(...words), { maxLength: 3 }),
    hook: fc.array(fc.constantFrom(...words), { maxLength: 5 }),
    // Recall keys on about half the cards: a keyed card never gets the lone-word line.
    keys: fc.oneof(fc.constant<string[]>([]), fc.array(fc.constantFrom(...words), { maxLength: 3 })),
    priority: fc.constantFrom(undefined, undefined, undefined, undefined, "always", "low"),
    status: fc.constantFrom(undefined, undefined, undefined, "stale", "superseded"),
    expires: fc.constantFrom(undefined, undefined, undefined, "2026-01-01", "2027-01-01"),
    scope: fc.constantFrom(undefined, undefined, undefined, ["services/billing"], ["packages/**"]),
    uses: fc.nat({ max: 12 }),
  });

// A store and a prompt in one language: Japanese prompts are also written without spaces, so 2-grams cross the
// words' edges (コミット設定: ト設; 書くの: くの).
const caseOf = (words: readonly string[], prompt: fc.Arbitrary<string>) => fc.tuple(fc.array(cardOf(words), { minLength: 1, maxLength: 80 }), prompt);
const english = caseOf(
  WORDS,
  fc.array(fc.constantFrom(...WORDS, "内存", "管理"), { minLength: 1, maxLength: 4 }).map((w) => w.join(" ")),
);
const japanese = caseOf(
  JAPANESE,
  fc.tuple(fc.array(fc.constantFrom(...JAPANESE, "お願いします", "いいね"), { minLength: 1, maxLength: 4 }), fc.constantFrom("", " ", "の", "、")).map(([w, sep]) => w.join(sep)),
);

/**
 * The index as the rank cache serves it: with maySink (0 no sink field, 1 priority low, 2 a status or an expiry),
 * so rank() splits and keeps the hits it need not look at in its one pass over them; without it, every hit is looked at.
 */
function indexes(entries: readonly RankEntry[]): RankIndex[] {
  const mask = () => Uint8Array.from(entries, (e) => (e.priority === "low" ? 1 : e.priority || e.status || e.expires_at ? 2 : 0));
  return [memoryIndex(entries), { ...memoryIndex(entries), maySink: mask }];
}

test("rank's first places, scores, tiers and hit count are the plain definition's, with and without `top`", () => {
  // How many Japanese cases had some card about the prompt, and how many had none (so neither side is left untested).
  const japaneseCases = { evidence: 0, none: 0 };
  fc.assert(
    fc.property(
      fc.oneof(english, japanese),
      fc.integer({ min: 1, max: 20 }),
      fc.constantFrom(undefined, null, "", "services/billing", "packages/api"),
      ([cards, prompt], top, scopeAt) => {
        const entries = cards.map((c, i) => entry(i, c));
        const usage = new Map(cards.map((c, i) => [`c${i}.md`, { access_count: c.uses, last_access_day: TODAY }] as const));
        const query = queryTerms(prompt);
        const want = plainRank(entries, query, usage, scopeAt);
        if (/[\u3040-\u30ff]/.test(prompt) && want.touched) japaneseCases[want.evidence ? "evidence" : "none"]++;
        const shape = (r: { index: number; tier: Tier; relevance: number; score: number }) => [r.index, r.tier, r.relevance, r.score];
        let hitCount = -1;
        let hitIds: number[] = [];
        const options = { today: TODAY, usage, ...(scopeAt === undefined ? {} : { scopeAt }) };
        for (const index of indexes(entries)) {
          const got = rank(index, query, { ...options, top, onHitCount: (c) => (hitCount = c), onHitIds: (ids) => (hitIds = Array.from(ids)) });
          assert.deepEqual(got.map(shape), [...want.pinned, ...want.hits.slice(0, top)].map(shape));
          assert.equal(hitCount, want.hits.length);
          assert.deepEqual(
            hitIds.sort((a, b) => a - b),
            want.hits.map((r) => r.index).sort((a, b) => a - b),
          );
        }
        const every = rank(memoryIndex(entries), query, { ...options, all: true });
        assert.deepEqual(every.map(shape), want.all.map(shape));
      },
    ),
    { numRuns: 3000 },
  );
  assert.ok(japaneseCases.evidence > 100 && japaneseCases.none > 100, JSON.stringify(japaneseCases));
});

test("a broad prompt over many cards: the heap's floor keeps exactly the hits that can reach the first places", () => {
  // Thousands of hits of a few relevances (the generated stores' case): many ties at the floor.
  const entries = Array.from({ length: 3000 }, (_, i) =>
    entry(i, {
      title: [WORDS[i % 5]!],
      hook: [WORDS[(i * 7) % 9]!, WORDS[(i * 13) % 11]!],
      ...(i % 97 === 0 ? { priority: "always" } : {}),
      ...(i % 23 === 0 ? { status: "stale" } : {}),
    }),
  );
  const usage = new Map(entries.map((e, i) => [e.file, { access_count: i % 17, last_access_day: TODAY }] as const));
  for (const prompt of ["deploy redis cache retry", "auth token billing find", "call better casing"]) {
    const query = queryTerms(prompt);
    const want = plainRank(entries, query, usage, undefined);
    for (const top of [1, 30, 64])
      for (const index of indexes(entries)) {
        let hitCount = -1;
        const got = rank(index, query, { today: TODAY, usage, top, onHitCount: (c) => (hitCount = c) });
        assert.deepEqual(
          got.map((r) => r.index),
          [...want.pinned, ...want.hits.slice(0, top)].map((r) => r.index),
        );
        assert.equal(hitCount, want.hits.length);
      }
  }
});

for (const size of [2_000, 10_000])
  test(`${size} cards: a hit met after the first places filled, just under the top-th relevance, still takes its place when frecency lifts it`, () => {
    // Relevances of a few levels (titles of eight lengths), and use only on cards of the second level met last (the
    // highest ids, which the posting list ends with): rank() puts aside the hits under the top-th best that frecency
    // can still lift over it. At 10,000 cards (4,000 hits) they come after the first hits rank()'s floor is taken from.
    const filler = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
    const entries = Array.from({ length: size }, (_, i) =>
      entry(i, { title: [i % 5 < 2 ? "deploy" : "redis", ...filler.slice(0, i % filler.length)], hook: [], ...(i % 50 === 0 ? { status: "stale" } : {}) }),
    );
    const usage = new Map(entries.map((e, i) => [e.file, { access_count: i >= size * 0.75 && i % filler.length === 1 ? 40 : 0, last_access_day: TODAY }] as const));
    const query = queryTerms("deploy");
    const want = plainRank(entries, query, usage, undefined);
    for (const top of [10, 30])
      for (const index of indexes(entries)) {
        const got = rank(index, query, { today: TODAY, usage, top });
        assert.deepEqual(
          got.map((r) => r.index),
          want.hits.slice(0, top).map((r) => r.index),
        );
      }
  });
