import { test } from "node:test";
import assert from "node:assert/strict";
import { bm25Ranker, bm25Tokens, substringRanker } from "../../bench/relevance/baselines.js";
import type { BenchEntry } from "../../bench/relevance/types.js";

const entry = (file: string, title: string, hook: string, topics: string[] = []): BenchEntry => ({
  file,
  title,
  hook,
  raw: `- [${title}](${file}) — ${hook}`,
  topics,
  priority: "normal",
  status: "active",
  updated_at: "2026-01-01",
});

const entries = [
  entry("a.md", "Deploy notes", "Run the deploy script"),
  entry("b.md", "Database", "Migrations run before deploy; deploy twice, never deploy on Fridays"),
  entry("c.md", "CSS", "Use Tailwind", ["frontend"]),
];

test("substring baseline counts occurrences of keywords of 4+ characters and keeps index order on ties", () => {
  assert.deepEqual(
    substringRanker(entries, "how to deploy").map((e) => e.file),
    ["b.md", "a.md", "c.md"],
  );
  // "css" is shorter than 4 characters, so it scores nothing and index order stands.
  assert.deepEqual(
    substringRanker(entries, "css").map((e) => e.file),
    ["a.md", "b.md", "c.md"],
  );
  assert.deepEqual(substringRanker(entries, "css", true), []);
});

test("BM25 tokenizes CJK runs into bigrams, drops stop words, and matches topics", () => {
  assert.deepEqual(bm25Tokens("部署生产 to the Prod"), ["部署", "署生", "生产", "prod"]);
  assert.deepEqual(
    bm25Ranker(entries, "frontend styling", true).map((e) => e.file),
    ["c.md"],
  );
  // A rare term outweighs a common one: "migrations" is only in b.md, "deploy" in a.md and b.md.
  assert.deepEqual(
    bm25Ranker(entries, "deploy migrations", true).map((e) => e.file),
    ["b.md", "a.md"],
  );
});
