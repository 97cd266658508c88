import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { queryTerms, tokenize, tokenizeMarked, tokenizeWith } from "../../../lib/rank/tokenize.js";

test("ASCII text gives the same terms on the fast ASCII path as on the Unicode path", () => {
  const ascii = fc.string({ unit: fc.constantFrom(..."aZ09 _-./:;,'\"\t\nHTTPServer readUsage x1 42 testing deployed API".split("")), maxLength: 80 });
  const anyAscii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 80 });
  for (const arb of [ascii, anyAscii]) {
    fc.assert(
      fc.property(arb, (text) => assert.deepEqual(tokenizeWith(text, false), tokenizeWith(text, true))),
      { numRuns: 2000 },
    );
  }
});

test("tokenize: camelCase and acronyms split, stop words dropped, stems shared, CJK as 2-grams", () => {
  assert.deepEqual(tokenize("readUsage HTTPServer"), ["read", "usag", "http", "server"]);
  assert.deepEqual(tokenize("the tests were testing"), ["test", "test"]);
  assert.deepEqual(tokenize("内存管理"), ["内存", "存管", "管理"]);
  assert.deepEqual(tokenize("Ｄｅｐｌｏｙ"), tokenize("Deploy")); // full-width folds under NFKC (Unicode path)
  assert.equal(queryTerms("deploy deploy deploy deploy").get("deploi"), 3); // a repeated word is capped
});

test("Thai, written without spaces, is segmented into words by Intl.Segmenter, less Thai function words", () => {
  // "the login system failed after the database update": จาก ("from/after") and หลัง are function words.
  const terms = tokenize("ระบบล็อกอินล้มเหลวหลังจากอัปเดตฐานข้อมูล");
  assert.ok(terms.includes("ระบบ") && terms.includes("ข้อมูล") && terms.includes("อัปเดต"), terms.join("|"));
  assert.ok(!terms.includes("จาก"));
  // Not one term for the whole run, and no fragments split at vowel or tone marks (which are not \p{L}).
  assert.ok(terms.every((t) => t.length >= 2 && t !== "ระบบล็อกอินล้มเหลวหลังจากอัปเดตฐานข้อมูล"));
  // Mixed with English: each script its own way.
  assert.deepEqual(tokenize("deploy ด้วย Docker"), ["deploi", "docker"]);
  // A Thai prompt finds the card sharing a word, not a substring of a run.
  assert.ok(queryTerms("ข้อมูลหายหลังอัปเดต").has("ข้อมูล"));
});

test("Chinese and Japanese stay overlapping 2-grams, less those that are grammar: two hiragana, or a function word", () => {
  assert.deepEqual(tokenize("数据库迁移"), ["数据", "据库", "库迁", "迁移"]);
  assert.deepEqual(tokenize("这个"), []); // a function word of the maintained list (stopwords-iso)
  assert.ok(!tokenize("我们的代码").includes("我们"));
  // Two characters that are each a function word alone are often a content word together.
  assert.deepEqual(tokenize("凭据"), ["凭据"]);
  assert.deepEqual(tokenize("同一"), ["同一"]);
  assert.deepEqual(tokenize("ない"), []); // hiragana grammar only
  assert.ok(tokenize("キャッシュを削除").includes("削除"));
});

test("a kanji standing alone before hiragana is also its own term: a verb's stem, shared by its forms", () => {
  assert.ok(tokenize("戻して").includes("戻") && tokenize("戻す前に").includes("戻"));
  assert.ok(tokenize("書き始め").includes("書") && tokenize("書き始め").includes("始"));
  // Inside a run of kanji it is part of a word, not a stem: 確認して gives 確認, not 認.
  assert.ok(!tokenize("確認して").includes("認"));
  assert.deepEqual(tokenize("数据库迁移"), ["数据", "据库", "库迁", "迁移"]); // Chinese has no hiragana: unchanged
});

test("stop words follow the text's language: French function words dropped in French, kept as English words", () => {
  assert.deepEqual(tokenize("merci, c'est parfait"), ["parfait"]);
  assert.ok(tokenize("la sauvegarde est cassée").includes("sauvegard") || tokenize("la sauvegarde est cassée").includes("sauvegarde"));
  assert.ok(!tokenize("la sauvegarde est cassée").includes("est"));
  // "est" is no English stop word: an English text keeps it (an EST timezone, say).
  assert.ok(tokenize("the job runs at 9 EST daily").includes("est"));
});

test("an acronym's plural stays one word: 'URLs' is not 'ur' + 'ls'", () => {
  assert.deepEqual(tokenize("WEBHOOK_URLS and URLs"), ["webhook", "url", "url"]);
  assert.deepEqual(tokenize("open PRs, new APIs"), ["open", "pr", "new", "api"]);
  assert.deepEqual(tokenize("HTTPServer parseURL"), ["http", "server", "pars", "url"]); // a capital then lower-case still splits
});

test("a Latin word or a number followed by Japanese or Chinese ends there: the kana and kanji after it are 2-grams", () => {
  // Before, \p{L} took "PCから開く…" as one term, so a Japanese prompt that starts with an acronym matched nothing.
  assert.deepEqual(tokenize("PCから開く").slice(0, 3), ["pc", "ら開", "開く"]);
  assert.ok(tokenize("CSVを取り込む").includes("取り"));
  assert.ok(tokenize("9時間ずれる").includes("時間"));
  assert.deepEqual(tokenize("Redis中的加密"), ["redi", "中的", "的加", "加密"]);
  assert.deepEqual(tokenize("café naïve"), ["cafe", "naiv"]);
});

test("Latin words match with or without their accents, and are stemmed either way", () => {
  assert.deepEqual(tokenize("tracé partagé"), tokenize("trace partager"));
  assert.deepEqual(tokenize("dénivelé"), tokenize("denivele"));
  assert.deepEqual(tokenize("Straße"), ["straße"]); // no ASCII form: kept as written
});

test("a compound identifier's parts are marked for a card's fields, and the identifier is also one whole word", () => {
  assert.deepEqual(tokenizeMarked("OpenApi rank_cache model-visible plain words"), ["~open", "~api", "openapi", "~rank", "~cach", "rankcach", "model", "visibl", "plain", "word"]);
  assert.deepEqual(tokenizeMarked("package.json"), ["~packag", "~json", "packagejson"]);
  // A number is not a name (no whole "2026"); one joiner only ("a__b", "a. b" are two words); "-" joins no name.
  assert.deepEqual(tokenizeMarked("20.26 build__deploy. ship 2023-05-25"), ["build", "deploi", "ship", "may25", "2023"]);
  // A prompt is tokenised unmarked and without wholes: `TypeScript` is not the word of a card tagged "typescript".
  assert.deepEqual(tokenize("OpenApi rank_cache"), ["open", "api", "rank", "cach"]);
});
