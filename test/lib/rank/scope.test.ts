import assert from "node:assert/strict";
import { test } from "node:test";
import { memoryIndex, type RankEntry } from "../../../lib/rank/postings.js";
import { rank, SCOPE_BOOST } from "../../../lib/rank/score.js";
import { isHit } from "../../../lib/rank/order.js";
import { queryTerms, tokenize } from "../../../lib/rank/tokenize.js";

// Scope in ranking (docs/ranking.md, "Scope"): a scoped card ranks only where the prompt's working directory is
// inside one of its scopes, and there it is preferred over unscoped cards of similar relevance.

function entry(file: string, title: string, hook: string, extra: Partial<RankEntry> = {}): RankEntry {
  return { line: 1, raw: `- [${title}](${file}) — ${hook}`, file, title, hook, topics: [], terms: { title: tokenize(title), topics: [], hook: tokenize(hook) }, ...extra };
}
const TODAY = "2026-12-02";
const STORE = [
  entry("migrations.md", "Database migrations", "run one transaction per file"),
  entry("billing.md", "Database migrations for billing", "run one transaction per file", { scope: ["services/billing"] }),
  entry("api.md", "Database migrations in the API", "run one transaction per file", { scope: ["packages/api/**"] }),
  entry("pinned-api.md", "API owner", "ask the API team", { priority: "always", scope: ["packages/api"] }),
  entry("pinned.md", "Never force push", "ask first", { priority: "always" }),
];
const hits = (scopeAt: string | null | undefined, options: { all?: boolean } = {}) =>
  rank(memoryIndex(STORE), queryTerms("how do database migrations run?"), { today: TODAY, ...(scopeAt !== undefined ? { scopeAt } : {}), ...options });
const printed = (scopeAt: string | null | undefined) =>
  hits(scopeAt)
    .filter((r) => r.tier === "always" || isHit(r))
    .map((r) => r.entry.file);

test("at the repository root, and outside any repository, no scoped card ranks: pinned or relevant", () => {
  assert.deepEqual(printed(""), ["pinned.md", "migrations.md"]);
  assert.deepEqual(printed(null), ["pinned.md", "migrations.md"]);
});

test("inside a scope the scoped card ranks, ahead of an unscoped card of similar relevance; other scopes stay out", () => {
  assert.deepEqual(printed("services/billing/src"), ["pinned.md", "billing.md", "migrations.md"]);
  assert.deepEqual(printed("packages/api"), ["pinned-api.md", "pinned.md", "api.md", "migrations.md"]);
  // A bare directory is its subtree; a glob with ** likewise.
  assert.deepEqual(printed("packages/api/src/db"), ["pinned-api.md", "pinned.md", "api.md", "migrations.md"]);
  assert.deepEqual(printed("packages/web"), ["pinned.md", "migrations.md"]);
  const billing = hits("services/billing").find((r) => r.entry.file === "billing.md")!;
  const plain = hits("services/billing").find((r) => r.entry.file === "migrations.md")!;
  assert.ok(billing.score > plain.score);
  assert.ok(SCOPE_BOOST > 0 && SCOPE_BOOST <= 0.5);
});

test("the boost reorders cards of similar relevance only: a much better unscoped match stays first", () => {
  const store = [
    entry("exact.md", "Kafka consumer lag alerting", "kafka lag alerts page"),
    entry("scoped.md", "Kafka consumer notes", "partition rebalancing", { scope: ["services"] }),
  ];
  const ranked = rank(memoryIndex(store), queryTerms("kafka consumer lag alerting"), { today: TODAY, scopeAt: "services/x" }).filter(isHit);
  assert.deepEqual(
    ranked.map((r) => r.entry.file),
    ["exact.md", "scoped.md"],
  );
});

test("without a working directory (scopeAt undefined) scopes are not applied: every card ranks as before", () => {
  assert.deepEqual(printed(undefined).sort(), ["api.md", "billing.md", "migrations.md", "pinned-api.md", "pinned.md"]);
});

test("for people (all), a card scoped elsewhere is listed last with why", () => {
  const ranked = hits("services/billing", { all: true });
  const api = ranked.find((r) => r.entry.file === "api.md")!;
  const pinnedApi = ranked.find((r) => r.entry.file === "pinned-api.md")!;
  assert.equal(api.tier, "sunk");
  assert.equal(api.sink, "scope: packages/api/** (not services/billing)");
  assert.equal(pinnedApi.tier, "sunk");
  assert.deepEqual(
    ranked
      .slice(-2)
      .map((r) => r.entry.file)
      .sort(),
    ["api.md", "pinned-api.md"],
  );
});
