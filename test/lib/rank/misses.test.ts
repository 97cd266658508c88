// The misses issue 19 lists (paraphrase, weak cutoff, body-only terms, stemming collisions, Chinese prompts),
// plus function words, names and dates: each either fixed here or pinned as a known gap with the reason.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rankEntries } from "../../../lib/rank/score.js";
import type { RankEntry } from "../../../lib/rank/postings.js";
import { queryTerms, tokenize } from "../../../lib/rank/tokenize.js";

function entry(file: string, title: string, hook: string, topics: string[] = []): RankEntry {
  return {
    line: 1,
    raw: `- [${title}](${file}) — ${hook}`,
    file,
    title,
    hook,
    topics,
    terms: { title: tokenize(title), topics: tokenize(topics.join(" ")), hook: tokenize(hook) },
  };
}
const TODAY = "2026-12-02";
const hits = (entries: RankEntry[], q: string) =>
  rankEntries(entries, queryTerms(q), { today: TODAY })
    .filter((r) => r.tier === "relevant")
    .map((r) => r.entry.file);

const filler = Array.from({ length: 30 }, (_, i) => entry(`f${i}.md`, `Unrelated note ${i}`, `about topic number ${i} and other matters entirely`));

test("weak cutoff: a card matching one rare prompt word is still shown beside a card matching three", () => {
  const strong = entry("strong.md", "Postgres migration rollback", "Postgres migration rollback with a down script; rollback tested in staging");
  const weak = entry(
    "weak.md",
    "Release checklist for the mobile apps",
    "Tag, build, upload to both stores, then announce in the channel after the review; keep the changelog short; a rollback means a new build",
  );
  const entries = [strong, weak, ...filler];
  const ranked = rankEntries(entries, queryTerms("postgres migration rollback"), { today: TODAY });
  const best = ranked.find((r) => r.entry.file === "strong.md")!.relevance;
  const mine = ranked.find((r) => r.entry.file === "weak.md")!.relevance;
  assert.ok(mine / best < 0.3 && mine / best > 0.1, `ratio ${mine / best} is in the band the old 0.3 cutoff dropped`);
  assert.deepEqual(hits(entries, "postgres migration rollback"), ["strong.md", "weak.md"]);
});

test("stemming collision: 'different' no longer matches a card about finite differences", () => {
  const entries = [entry("num.md", "Finite differences", "Gradients are checked against central finite differences"), ...filler];
  assert.deepEqual(hits(entries, "try a different approach to the cache"), []);
  assert.deepEqual(hits(entries, "the finite differences check fails"), ["num.md"]);
});

test("function words of the prompt's language are not keywords: French, Chinese and Japanese", () => {
  const entries = [
    entry("fr.md", "Ce qu'il faut savoir sur le déploiement", "Le déploiement est fait par Coolify, c'est automatique"),
    entry("ja.md", "ないページの扱い", "前にないページを開くとエラーが出る"),
    entry("zh.md", "部署的流程", "了解部署的步骤"),
    ...filler,
  ];
  assert.deepEqual(hits(entries, "merci, c'est parfait"), []);
  assert.deepEqual(hits(entries, "ありがとう、助かりました"), []);
  assert.deepEqual(hits(entries, "好的，谢谢"), []);
  assert.deepEqual(hits(entries, "comment marche le déploiement ?"), ["fr.md"]);
});

test("names are not split into common words: 'OpenAI' does not match 'open PRs'; 'one'/'ones' do not stem to 'on'", () => {
  const entries = [entry("prs.md", "Open PRs", "Review open pull requests every morning"), entry("oa.md", "OpenAI keys", "The OpenAI key lives in the vault"), ...filler];
  assert.deepEqual(hits(entries, "which OpenAI model do we use"), ["oa.md"]);
  assert.deepEqual(tokenize("one of the ones"), ["one", "one"]);
  assert.deepEqual(tokenize("readUsage parseURL OpenAI"), ["read", "usag", "pars", "url", "openai"]);
});

test("known gap, no-memory prompts: a conversational word that is also a card's word still finds that card", () => {
  // The conversation-word list is gone (it was written from the coding set's prompts); nothing store-relative
  // replaces it yet, so "thanks, that fixed it" matches a card about fixing things.
  const entries = [entry("fix.md", "How to fix flaky tests", "Fix flaky tests by awaiting the server"), ...filler];
  assert.deepEqual(hits(entries, "thanks, that fixed it"), ["fix.md"]);
  assert.deepEqual(hits(entries, "fix the flaky test"), ["fix.md"]);
});

test("dates: a day matches whichever way it is written ('May 25, 2023', '25 May 2023', '2023-05-25')", () => {
  const entries = [entry("a.md", "Maria, 25 May 2023", "Maria is getting ready for the fundraiser"), entry("b.md", "Maria, 16 June 2023", "Maria joined a gym"), ...filler];
  assert.deepEqual(hits(entries, "What was Maria doing on May 25, 2023?")[0], "a.md");
  assert.deepEqual(hits(entries, "what happened 2023-06-16")[0], "b.md");
  assert.deepEqual(tokenize("may I run 25 tests"), ["run", "test"]);
});

test("known gap, paraphrase: a prompt sharing no word with the card finds nothing (needs a semantic layer)", () => {
  const entries = [entry("inj.md", "A setback in pottery", "An injury forced a break from pottery classes"), ...filler];
  assert.deepEqual(hits(entries, "when did she get hurt"), []);
});

test("known gap, body-only terms: words only in a card's body are not indexed (the index line is)", () => {
  const entries = [entry("lint.md", "Lint commands", "cargo fmt and clippy before pushing"), ...filler];
  assert.deepEqual(hits(entries, "how do I run typos spell checking"), []); // "typos" is in the card body only
});

test("known gap, Chinese: a prompt with no 2-gram in common with the card finds nothing", () => {
  const entries = [entry("auth.md", "授权", "服务器端的认证实现"), ...filler];
  assert.deepEqual(hits(entries, "登录代码在哪"), []);
});
