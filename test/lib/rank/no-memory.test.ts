// Issue 28 item 3: a prompt that needs no memory gets no block, in every language the store uses. The decision
// is how the best card matches (score.ts SUBJECT_FIELDS), not a list of conversation words: these prompts each
// share a word with some card's hook, and a prompt that names a card's subject still gets it. Every card here has
// recall keys (its title, which adds no word the prompts hold): a card without keys may get one line from a lone
// word (lib/rank/evidence.ts, test/lib/rank/lone-word.test.ts), which is not the rule these tests are about.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rankEntries } from "../../../lib/rank/score.js";
import type { RankEntry } from "../../../lib/rank/postings.js";
import { queryTerms, tokenize } from "../../../lib/rank/tokenize.js";
import { isHit } from "../../../lib/rank/order.js";

function entry(file: string, title: string, hook: string, topics: string[] = []): RankEntry {
  // Keys stated (see above): the card's title as its one key.
  return {
    line: 1,
    raw: `- [${title}](${file}) — ${hook}`,
    file,
    title,
    hook,
    topics,
    terms: { title: tokenize(title), topics: tokenize([...topics, file.replace(/\.md$/, "").replace(/^[a-z]+_/, "")].join(" ")), hook: tokenize(hook), recall: tokenize(title) },
  };
}

// One store in four languages; each card's hook carries an everyday word a chat reply may use too.
const STORE = [
  entry("project_release_steps.md", "Release steps", "tag, then the workflow explains each failure in the job summary", ["release"]),
  entry("feedback_sqlite_wal.md", "SQLite runs in WAL mode", "readers never block the writer; retry after a busy timeout", ["sqlite"]),
  entry("project_sauvegarde.md", "Sauvegarde nocturne", "la sauvegarde doit continuer même si un disque manque", ["sauvegarde"]),
  entry("reference_geocodage.md", "Géocodage des adresses", "on peut relancer le géocodage quand la clé change", ["géocodage"]),
  entry("project_cache_policy.md", "缓存策略", "缓存失效后继续使用旧数据，后台刷新", ["缓存"]),
  entry("feedback_log_levels.md", "日志级别", "生产环境只记录警告以上，可以直接提交配置", ["日志"]),
  entry("project_build_cache.md", "ビルドキャッシュ", "キャッシュが壊れたら削除してから続けてください", ["ビルド"]),
  entry("reference_deploy_ja.md", "デプロイ手順", "本番へのデプロイは金曜日を避けて確認してから行う", ["デプロイ"]),
];

const block = (prompt: string) =>
  rankEntries(STORE, queryTerms(prompt), { today: "2026-12-02" })
    .filter(isHit)
    .map((r) => r.entry.file);

test("prompts that need no memory get no card in English, French, Chinese and Japanese", () => {
  for (const prompt of [
    "thanks, that explains it",
    "ok, go ahead",
    "parfait, tu peux continuer",
    "merci, relance-le quand tu veux",
    "好的，继续吧",
    "可以，提交吧",
    "ありがとう、続けてください",
    "確認しました、問題ありません",
  ])
    assert.deepEqual(block(prompt), [], prompt);
});

test("each of those words still finds its card when the prompt is about the card's subject", () => {
  assert.equal(block("how do we cut a release?")[0], "project_release_steps.md");
  assert.equal(block("the release workflow fails, where is the explanation?")[0], "project_release_steps.md");
  assert.equal(block("sqlite says database is busy")[0], "feedback_sqlite_wal.md");
  assert.equal(block("la sauvegarde de cette nuit a échoué")[0], "project_sauvegarde.md");
  assert.equal(block("缓存什么时候刷新？")[0], "project_cache_policy.md");
  assert.equal(block("日志级别怎么配置")[0], "feedback_log_levels.md");
  assert.equal(block("ビルドが遅い、キャッシュは？")[0], "project_build_cache.md");
  assert.equal(block("デプロイはいつしていい？")[0], "reference_deploy_ja.md");
});

test("two of the prompt's words in one card's hook are evidence enough, with no title or topic word", () => {
  assert.equal(block("the writer got a busy timeout again")[0], "feedback_sqlite_wal.md");
});

test("the most frequent spoken English words are no evidence on their own, even in a title; a rarer word is", () => {
  const store = [
    ...STORE,
    entry("feedback_one_parser.md", "One parser for every format", "never add a second flag parser"),
    entry("reference_good_first.md", "Good first issues", "label them for newcomers", ["checklist"]),
  ];
  const hits = (prompt: string) =>
    rankEntries(store, queryTerms(prompt), { today: "2026-12-02" })
      .filter(isHit)
      .map((r) => r.entry.file);
  // "one" and "good" are in titles, and among the 200 most frequent spoken words (SUBTLEX-US).
  assert.deepEqual(hits("looks good, do the other one"), []);
  assert.equal(hits("which parser handles this format?")[0], "feedback_one_parser.md");
  assert.equal(hits("what is on the checklist?")[0], "reference_good_first.md");
});

test("two words apart in one unspaced run are two words; the overlapping 2-grams of one word are one", () => {
  const store = [...STORE, entry("project_history_view.md", "履歴の表示", "日付が過去なら編集不可、ドラッグも無効", ["履歴"])];
  const hits = (prompt: string) =>
    rankEntries(store, queryTerms(prompt), { today: "2026-12-02" })
      .filter(isHit)
      .map((r) => r.entry.file);
  // 過去 and 日付 sit in the hook alone, in one run of the prompt with no break between them.
  assert.deepEqual(hits("過去の日付を動かしても反映されない"), ["project_history_view.md"]);
  // 日付 alone (日付, 付を: two 2-grams, one word) in a hook is a lone word, as in English.
  assert.deepEqual(hits("日付を見せて"), []);
});

// Japanese script (lib/rank/word-evidence.ts): a katakana word is met whole or by three of its characters, never by
// a two-character syllable it shares with an unrelated word; 2-grams across a particle are no word; hiragana into
// kanji starts one.
test("two characters of a katakana word in another card's title are no evidence", () => {
  const store = [
    ...STORE,
    entry("reference_snapshot.md", "スナップショットの取り方", "毎晩取って一週間残す", ["スナップショット"]),
    entry("feedback_tdd.md", "テストから書く", "失敗するテストを先にコミットしておく", ["テスト"]),
  ];
  const hits = (prompt: string) =>
    rankEntries(store, queryTerms(prompt), { today: "2026-12-02" })
      .filter(isHit)
      .map((r) => r.entry.file);
  // "ット" of コミット is in the snapshot card's title; コミット itself only in one card's hook: a lone word.
  assert.deepEqual(hits("いいね、コミットお願いします"), []);
  assert.equal(hits("スナップショットはいつ消える？")[0], "reference_snapshot.md");
  assert.equal(hits("テストはいつコミットする？")[0], "feedback_tdd.md");
});

test("a syllable of a katakana word is not one of the two words a card must match", () => {
  const store = [...STORE, entry("reference_log_output.md", "ログの出し方", "エラーは必ずページ下部に出す", ["ログ"])];
  const hits = (prompt: string) =>
    rankEntries(store, queryTerms(prompt), { today: "2026-12-02" })
      .filter(isHit)
      .map((r) => r.entry.file);
  // エラー is one word of the card; "ージ" of メッセージ is a syllable it shares with ページ, not a second word.
  assert.deepEqual(hits("このエラーメッセージの意味を教えて"), []);
  assert.equal(hits("エラーがページに出ない")[0], "reference_log_output.md");
});

test("a card holding two words joined by a particle meets both", () => {
  const store = [...STORE, entry("project_history.md", "履歴は読み取り専用", "過去の日付は編集できない", ["履歴"])];
  const hits = (prompt: string) =>
    rankEntries(store, queryTerms(prompt), { today: "2026-12-02" })
      .filter(isHit)
      .map((r) => r.entry.file);
  // 過去 and 日付, matched through 去の and の日 in one stretch: two words in the hook, not one.
  assert.deepEqual(hits("過去の日付を直したい"), ["project_history.md"]);
});

test("a kanji stem meets another form of its verb as one of two words, never alone as a title word", () => {
  const store = [...STORE, entry("feedback_tests_first.md", "先に書く", "失敗するテストを確認してから実装する", ["手順"])];
  const hits = (prompt: string) =>
    rankEntries(store, queryTerms(prompt), { today: "2026-12-02" })
      .filter(isHit)
      .map((r) => r.entry.file);
  // 書け and 書く share the stem 書; with 実装 in the hook that is two words.
  assert.deepEqual(hits("実装の前に何を書けばいい？"), ["feedback_tests_first.md"]);
  // The stem alone, even in the title, is a morpheme, not what the card is about.
  assert.deepEqual(hits("了解、書いておいて"), []);
});
