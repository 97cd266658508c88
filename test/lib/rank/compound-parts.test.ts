// Issue 28: a word met in a card only as a part of a compound identifier ("open" of `OpenApi`, "cache" of
// `rank_cache`) is no evidence that the card is about the prompt: "ok, open the PR" is not about an OpenApi card.
// The part still scores and counts as one of two words, and a prompt that types the identifier matches it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rankEntries } from "../../../lib/rank/score.js";
import { isHit } from "../../../lib/rank/order.js";
import { queryTerms } from "../../../lib/rank/tokenize.js";
import { rankEntryOf } from "../../../lib/rank-cache/card-fields.js";

function card(file: string, title: string, hook: string, topics: string[] = []) {
  return rankEntryOf({ line: 1, raw: `- [${title}](${file}) — ${hook}`, title, file, hook }, file, { topics });
}

const STORE = [
  card("reference_openapi_schema.md", "OpenApi schema regenerated on build", "run the generator after editing any route"),
  card("project_derived_dir.md", "The rank_cache folder is derived", "delete it freely; the hook rebuilds it"),
  card("feedback_lint.md", "Lint before commit", "biome ci must pass"),
];

const block = (prompt: string) =>
  rankEntries(STORE, queryTerms(prompt), { today: "2026-12-06" })
    .filter(isHit)
    .map((r) => r.entry.file);

test("a word met only as a part of a compound identifier is no evidence: the prompt gets no block", () => {
  assert.deepEqual(block("ok, open the PR"), []);
  assert.deepEqual(block("the cache is cold"), []);
});

test("the whole identifier, typed as one word, in camelCase or as its parts, still finds its card", () => {
  for (const prompt of ["is the openapi schema stale?", "OpenApi is out of date", "where is the open api spec?"])
    assert.equal(block(prompt)[0], "reference_openapi_schema.md", prompt);
  for (const prompt of ["can I delete rank_cache?", "what is rankCache for?"]) assert.equal(block(prompt)[0], "project_derived_dir.md", prompt);
});

test("a part still scores when other words make the case, and a word standing alone in a card is evidence", () => {
  assert.equal(block("the schema generator fails on open")[0], "reference_openapi_schema.md");
  assert.equal(block("open a route")[0], "reference_openapi_schema.md"); // the part and a hook word: two words
  assert.equal(block("lint fails before the commit")[0], "feedback_lint.md");
  // A file name's and a topic's words are words, not an identifier's parts.
  const tagged = [card("project_release_steps.md", "How we ship", "tag then push", ["code-review"])];
  const hits = (prompt: string) => rankEntries(tagged, queryTerms(prompt), { today: "2026-12-06" }).filter(isHit).length;
  assert.equal(hits("the release is blocked"), 1);
  assert.equal(hits("review this please"), 1);
});
