import assert from "node:assert/strict";
import { test } from "node:test";
import { storeLanguages, textLanguage } from "../../../lib/rank/languages.js";

test("a text's language comes from its script, or from its function words in Latin script", () => {
  assert.equal(textLanguage("保存したのに消える"), "ja");
  assert.equal(textLanguage("部署前必须运行测试"), "zh");
  assert.equal(textLanguage("배포 전에 테스트"), "ko");
  assert.equal(textLanguage("ทดสอบก่อน"), "th");
  assert.equal(textLanguage("le fichier GPX est trop gros pour le serveur"), "fr");
  assert.equal(textLanguage("the script dies on macOS"), "en");
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
