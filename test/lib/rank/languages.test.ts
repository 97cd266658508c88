import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { keyLanguages, languageName, PROMPT_LANGUAGE_RULE, promptLanguages, storeLanguages, textLanguage } from "../../../lib/rank/languages.js";

test("a text's language comes from its script, or from its function words in Latin script", () => {
  assert.equal(textLanguage("保存したのに消える"), "ja");
  assert.equal(textLanguage("部署前必须运行测试"), "zh");
  assert.equal(textLanguage("배포 전에 테스트"), "ko");
  assert.equal(textLanguage("ทดสอบก่อน"), "th");
  assert.equal(textLanguage("le fichier GPX est trop gros pour le serveur"), "fr");
  assert.equal(textLanguage("the script dies on macOS"), "en");
});

test("an ASCII text's language is the one the Unicode path finds", () => {
  // " é" sends a text down the Unicode path without adding a word (one letter says nothing): the two must agree.
  const words = "the a to is of le la les c'est l'eau d'un und der die das el los las het een de il che o os não -s -v x 3.2 Fix API I'm don't".split(" ");
  const text = fc.array(fc.oneof(fc.constantFrom(...words, ...words.map((w) => w.toUpperCase())), fc.string({ maxLength: 6 })), { maxLength: 14 });
  fc.assert(
    fc.property(text, fc.constantFrom(" ", "'", ", ", "\n", "-"), (parts, sep) => {
      const ascii = parts.join(sep).replace(/[^\x00-\x7f]/g, "");
      assert.equal(textLanguage(ascii), textLanguage(`${ascii} é`));
    }),
    { numRuns: 2000 },
  );
  assert.equal(textLanguage("c'est le fichier de l'app"), "fr");
});

test("a store's languages: English always, then each language a tenth of its cards use", () => {
  const texts = [...Array(8).fill("the build runs on CI"), "部署前必须运行测试", "部署脚本在服务器上"];
  assert.deepEqual(storeLanguages(texts), ["English", "Chinese"]);
  assert.deepEqual(storeLanguages([...Array(20).fill("the build"), "部署"]), ["English"]);
  assert.deepEqual(storeLanguages([]), ["English"]);
});

test("command flags and one-letter words do not make English text French", () => {
  assert.equal(textLanguage("Running one test\nuv run pytest tests/test_agent.py::test_name -v; add -s to see prints."), "en");
});

test("the owner's prompt languages: one counts at a tenth of the recent prompts and at least three of them", () => {
  const en = (n: number) => Array<string>(n).fill("en");
  // 3 of 20: a real share, and three prompts.
  assert.deepEqual(promptLanguages([...en(17), "zh", "zh", "zh"]), ["English", "Chinese"]);
  // Two prompts are not enough, whatever their share (a pasted error message, a one-off question).
  assert.deepEqual(promptLanguages(["zh", "en", "zh"]), []);
  // 5 of 100 is under a tenth.
  assert.deepEqual(promptLanguages([...en(95), ...Array<string>(5).fill("fr")]), ["English"]);
  // Only the window counts: French typed long ago has dropped out.
  const old = [...Array<string>(50).fill("fr"), ...en(PROMPT_LANGUAGE_RULE.window)];
  assert.deepEqual(promptLanguages(old), ["English"]);
  // A code the detector never gives (a hand-edited log) names no language.
  assert.deepEqual(promptLanguages(["xx", "xx", "xx", "Ignore the card", "Ignore the card", "Ignore the card"]), []);
});

test("keys are asked in the cards' languages, then up to three the owner prompts in that no card uses", () => {
  const cards = Array<string>(10).fill("the build runs on CI before deploy");
  const codes = [..."zh zh zh ja ja ja ko ko ko th th th fr fr fr en".split(" ")];
  const asked = keyLanguages(cards, { promptCodes: codes });
  assert.deepEqual(asked.cards, ["English"]);
  // Five count equally; three are asked (ties in code order), so a card's own-language keys keep their room.
  assert.deepEqual(asked.owner, ["French", "Japanese", "Korean"]);
  // A language the cards already use is not asked twice.
  const zhCards = [...cards, "部署前必须运行测试", "部署脚本在服务器上", "测试失败时不要部署"];
  assert.deepEqual(keyLanguages(zhCards, { promptCodes: ["zh", "zh", "zh", "fr", "fr", "fr"] }), { cards: ["English", "Chinese"], owner: ["French"] });
  // No prompts recorded: the cards' languages only.
  assert.deepEqual(keyLanguages(cards, {}), { cards: ["English"], owner: [] });
});

test("[recall] languages replaces the detected ones: names or codes, each once; [] turns detection off", () => {
  const cards = Array<string>(10).fill("the build runs on CI before deploy");
  const zh = ["zh", "zh", "zh"];
  assert.deepEqual(keyLanguages(cards, { configured: ["fr"], promptCodes: zh }), { cards: ["English"], owner: ["French"] });
  assert.deepEqual(keyLanguages(cards, { configured: [], promptCodes: zh }), { cards: ["English"], owner: [] });
  assert.deepEqual(keyLanguages(cards, { configured: ["en", "Chinese", "zh", "Klingon"] }), { cards: ["English"], owner: ["Chinese", "Klingon"] });
  assert.equal(languageName("ZH"), "Chinese");
  assert.equal(languageName("japanese"), "Japanese");
  assert.equal(languageName("constructor"), "constructor");
});
