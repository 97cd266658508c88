import assert from "node:assert/strict";
import { test } from "node:test";
import { rankEntries } from "../../../lib/rank/score.js";
import type { RankEntry } from "../../../lib/rank/postings.js";
import { queryTerms, tokenize } from "../../../lib/rank/tokenize.js";

function entry(file: string, title: string, hook: string, extra: Partial<RankEntry> = {}, topics: string[] = []): RankEntry {
  return {
    line: 1,
    raw: `- [${title}](${file}) — ${hook}`,
    file,
    title,
    hook,
    topics,
    terms: { title: tokenize(title), topics: tokenize(topics.join(" ")), hook: tokenize(hook) },
    ...extra,
  };
}
const TODAY = "2026-12-02";
const order = (entries: RankEntry[], q: string, usage?: Map<string, { access_count: number; last_access_day: string }>) =>
  rankEntries(entries, queryTerms(q), { today: TODAY, ...(usage ? { usage } : {}) }).map((r) => r.entry.file);

test("stemming: a prompt about 'testing' finds a card about 'tests'", () => {
  const ranked = order([entry("a.md", "Deploy pipeline", "argo syncs staging"), entry("b.md", "Integration tests", "real postgres")], "how is testing done?");
  assert.equal(ranked[0], "b.md");
});

test("CJK: overlapping 2-grams match inside longer Chinese text", () => {
  assert.deepEqual(tokenize("内存管理"), ["内存", "存管", "管理"]);
  const ranked = rankEntries([entry("a.md", "部署", "发布流程"), entry("b.md", "缓存", "内存管理和缓存策略")], queryTerms("内存怎么管理"), { today: TODAY });
  assert.equal(ranked[0]!.entry.file, "b.md");
  assert.equal(ranked[0]!.tier, "relevant");
  assert.equal(ranked[1]!.tier, "irrelevant");
});

test("rarer terms weigh more: the card matching the rare word outranks the one matching a common word", () => {
  const common = Array.from({ length: 8 }, (_, i) => entry(`c${i}.md`, `Service note ${i}`, "service details"));
  const ranked = order([...common, entry("rare.md", "Kafka", "consumer lag alerting"), entry("both.md", "Service", "plain service")], "service kafka lag");
  assert.equal(ranked[0], "rare.md");
});

test("field weights: a title match beats a topics match, which beats a hook match", () => {
  const entries = [entry("hook.md", "Alpha", "mentions redis once"), entry("topics.md", "Beta", "nothing here", {}, ["redis"]), entry("title.md", "Redis", "nothing here")];
  assert.deepEqual(order(entries, "redis").slice(0, 3), ["title.md", "topics.md", "hook.md"]);
});

test("every relevant card outranks every irrelevant one, whatever its frecency", () => {
  const usage = new Map([["hot.md", { access_count: 1000, last_access_day: TODAY }]]);
  const entries = [entry("hot.md", "Popular", "used all the time"), entry("match.md", "Redis cache", "ttl 60s")];
  assert.deepEqual(order(entries, "redis", usage), ["match.md", "hot.md"]);
});

test("frecency orders within a tier: among irrelevant cards, and between equally relevant ones", () => {
  const usage = new Map([
    ["b.md", { access_count: 5, last_access_day: TODAY }],
    ["d.md", { access_count: 9, last_access_day: TODAY }],
  ]);
  const entries = [entry("a.md", "One", "x"), entry("b.md", "Two", "y"), entry("c.md", "Redis one", "z"), entry("d.md", "Redis two", "z")];
  assert.deepEqual(order(entries, "redis", usage), ["d.md", "c.md", "b.md", "a.md"]);
  // Age matters: the same count long ago weighs less.
  const aged = new Map([
    ["a.md", { access_count: 5, last_access_day: "2026-01-01" }],
    ["b.md", { access_count: 5, last_access_day: TODAY }],
  ]);
  assert.deepEqual(order([entry("a.md", "One", "x"), entry("b.md", "Two", "y")], "nothing", aged), ["b.md", "a.md"]);
});

test("priority: always comes first even with no match; low, stale, superseded and expired sink to the tail", () => {
  const entries = [
    entry("low.md", "Redis low", "redis", { priority: "low" }),
    entry("stale.md", "Redis stale", "redis", { status: "stale" }),
    entry("sup.md", "Redis old", "redis", { status: "superseded" }),
    entry("exp.md", "Redis sunset", "redis", { expires_at: "2026-06-30" }),
    entry("plain.md", "Unrelated", "nothing"),
    entry("ok.md", "Redis", "redis"),
    entry("pin.md", "Owner", "short answers", { priority: "always" }),
  ];
  const ranked = rankEntries(entries, queryTerms("redis"), { today: TODAY });
  assert.equal(ranked[0]!.entry.file, "pin.md");
  assert.equal(ranked[0]!.tier, "always");
  assert.equal(ranked[1]!.entry.file, "ok.md");
  assert.equal(ranked[2]!.entry.file, "plain.md");
  assert.deepEqual(new Set(ranked.slice(3, 7).map((r) => r.tier)), new Set(["sunk-relevant"]));
  assert.equal(ranked.find((r) => r.entry.file === "exp.md")!.sink, "expired 2026-06-30");
  assert.equal(ranked.find((r) => r.entry.file === "low.md")!.sink, "priority: low");
});

test("an expiry in the future does not sink", () => {
  const ranked = rankEntries([entry("a.md", "Redis", "x", { expires_at: "2027-01-01" })], queryTerms("redis"), { today: TODAY });
  assert.equal(ranked[0]!.tier, "relevant");
});

test("deterministic: equal inputs give equal output, ties fall back to index order", () => {
  const entries = Array.from({ length: 20 }, (_, i) => entry(`e${i}.md`, `Same words ${i % 2 ? "redis" : "cache"}`, "same hook"));
  const a = order(entries, "redis cache");
  const b = order([...entries], "redis cache");
  assert.deepEqual(a, b);
  const tied = order([entry("x.md", "Redis", "h"), entry("y.md", "Redis", "h")], "redis");
  assert.deepEqual(tied, ["x.md", "y.md"]);
});

test("stop words and one-letter noise match nothing", () => {
  const ranked = rankEntries([entry("a.md", "The and of", "is it a")], queryTerms("the of a is"), { today: TODAY });
  assert.equal(ranked[0]!.tier, "irrelevant");
});

test("adjacent prompt words are also tried joined: 'set up' finds a card about 'setup'", () => {
  const ranked = order([entry("a.md", "Deploy", "argo"), entry("b.md", "Local setup", "docker compose up")], "how do I set up my laptop?");
  assert.equal(ranked[0], "b.md");
});

test("with `top`, rank returns the pinned entries and exactly the first `top` hits of the full order", async () => {
  const fc = (await import("fast-check")).default;
  const { rank, isHit } = await import("../../../lib/rank/score.js");
  const { memoryIndex } = await import("../../../lib/rank/postings.js");
  const words = ["deploy", "redis", "cache", "auth", "token", "queue", "retry", "billing"];
  const card = fc.record({
    title: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
    hook: fc.array(fc.constantFrom(...words), { maxLength: 4 }),
    priority: fc.constantFrom(undefined, undefined, undefined, "always", "low"),
    status: fc.constantFrom(undefined, undefined, "stale"),
    hits: fc.nat({ max: 9 }),
  });
  fc.assert(
    fc.property(
      fc.array(card, { minLength: 1, maxLength: 40 }),
      fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 1, max: 12 }),
      (cards, q, top) => {
        const entries = cards.map((c, i) =>
          entry(`c${i}.md`, c.title.join(" "), c.hook.join(" "), { ...(c.priority ? { priority: c.priority } : {}), ...(c.status ? { status: c.status } : {}) }),
        );
        const usage = new Map(cards.map((c, i) => [`c${i}.md`, { access_count: c.hits, last_access_day: TODAY }] as const));
        const query = queryTerms(q.join(" "));
        const full = rank(memoryIndex(entries), query, { today: TODAY, usage, all: true });
        const expected = [...full.filter((r) => r.tier === "always"), ...full.filter(isHit).slice(0, top)].map((r) => r.index);
        const got = rank(memoryIndex(entries), query, { today: TODAY, usage, top }).map((r) => r.index);
        assert.deepEqual(got, expected);
      },
    ),
    { numRuns: 500 },
  );
});
