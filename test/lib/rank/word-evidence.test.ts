import assert from "node:assert/strict";
import { test } from "node:test";
import { BOUNDARY, continuesWord, evidenceNeeds, KATAKANA_GRAMS } from "../../../lib/rank/word-evidence.js";
import { queryTerms } from "../../../lib/rank/tokenize.js";

const needs = (prompt: string) => {
  const terms = [...queryTerms(prompt).keys()];
  const out = evidenceNeeds(terms);
  return Object.fromEntries(terms.map((t, i) => [t, out[i]]));
};

test("a longer katakana word's 2-grams need KATAKANA_GRAMS of them in a row; a two-character word counts at once", () => {
  assert.deepEqual(needs("コミット"), { コミ: KATAKANA_GRAMS, ミッ: KATAKANA_GRAMS, ット: KATAKANA_GRAMS });
  assert.deepEqual(needs("ログ"), { ログ: 0 });
  // Two katakana words apart are measured each on its own.
  assert.deepEqual(needs("ログとコミット").ログ, 0);
});

test("2-grams from katakana into hiragana or back are boundaries; kanji and Latin terms are words", () => {
  const n = needs("このコミットして設定を確認");
  assert.equal(n.のコ, BOUNDARY);
  assert.equal(n.トし, BOUNDARY);
  assert.equal(n.設定, 0);
  assert.equal(n.を確, 0);
  assert.equal(needs("commit the config").commit, 0);
});

test("hiragana into kanji starts a word; other overlapping 2-grams continue one", () => {
  assert.equal(continuesWord("過去", "去の"), true);
  assert.equal(continuesWord("去の", "の日"), false);
  assert.equal(continuesWord("の日", "日付"), true);
  assert.equal(continuesWord("コミ", "ミッ"), true);
  assert.equal(continuesWord("過去", "日付"), false);
  assert.equal(continuesWord("test", "est"), false);
});
