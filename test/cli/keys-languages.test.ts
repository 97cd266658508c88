// memctl keys in the languages the owner prompts in (issue 28): the why log the hook writes says which, a
// scripted stand-in for the user's model writes keys in each language its prompt asks for, [recall] languages
// overrides the detection, and a backfill offers to rewrite the keys of cards that lack a language asked now.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { whyRecord } from "../../lib/hook/dedupe.js";
import { appendWhy } from "../../lib/store/why-log.js";
import { handWrittenCards } from "../support/compact-fixture.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";
import { MULTILINGUAL_STAND_IN, modelScript, recallConfig } from "../support/keys-fixture.js";

/** The owner's prompts, as the hook records them in the store's why log. */
function typed(w: World, prompts: readonly string[]): void {
  const budget = { maxBytes: 3000, maxEntries: 20 };
  for (const [i, prompt] of prompts.entries()) {
    const now = new Date(Date.parse("2026-12-01T10:00:00Z") + i * 1000);
    appendWhy(w.mem, whyRecord({ host: "claude", sessionId: `s${i}`, prompt, logPrompt: false, status: "no-hits", bytes: 0, budget, now }));
  }
}

const CHINESE = ["部署之前要做什么", "测试为什么失败了", "怎么配置服务器"];
const ENGLISH = ["fix the flaky test", "what did we decide about caching", "run the build again"];
const card = (w: World, n: number) => fs.readFileSync(path.join(w.mem, `project_topic-${n}.md`), "utf8");
const prompts = (w: World) => fs.readFileSync(path.join(w.root, "prompts.log"), "utf8");

test("English cards whose owner types Chinese get Chinese keys: the why log names the language, the model writes it", async () => {
  const w = makeWorld();
  handWrittenCards(w, 2);
  recallConfig(w, [modelScript(w, "stand-in", MULTILINGUAL_STAND_IN)]);
  typed(w, [...ENGLISH, ...CHINESE]);
  const r = await memctl(w, ["keys", "--backfill", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual([out.written, out.languages, out.lacking], [2, ["English", "Chinese"], { cards: 0, languages: [] }]);
  assert.match(prompts(w), /the ones this store is written in: English; and the ones its owner types prompts in: Chinese\.\n/);
  assert.match(card(w, 1), /\n {2}- topic-1 部署之前要先跑测试\n/);
});

test("two Chinese prompts are not a language yet: the prompt and the keys stay English", async () => {
  const w = makeWorld();
  handWrittenCards(w, 1);
  recallConfig(w, [modelScript(w, "stand-in", MULTILINGUAL_STAND_IN)]);
  typed(w, [...ENGLISH, ...CHINESE.slice(0, 2)]);
  assert.equal((await memctl(w, ["keys", "topic-1"])).code, 0);
  assert.match(prompts(w), /the ones this store is written in: English\.\n/);
  assert.doesNotMatch(card(w, 1), /部署/);
});

test("[recall] languages overrides what the prompts show: another language in its place, or [] for none", async () => {
  const w = makeWorld();
  handWrittenCards(w, 2);
  const cmd = modelScript(w, "stand-in", MULTILINGUAL_STAND_IN);
  typed(w, CHINESE);
  recallConfig(w, [cmd], undefined, 'languages = ["ja"]\n');
  assert.equal((await memctl(w, ["keys", "topic-1"])).code, 0);
  assert.match(prompts(w), /owner types prompts in: Japanese\.\n/);
  assert.doesNotMatch(prompts(w), /Chinese/);
  recallConfig(w, [cmd], undefined, "languages = []\n");
  assert.equal((await memctl(w, ["keys", "topic-2"])).code, 0);
  assert.match(prompts(w).split("=====").at(-2)!, /the ones this store is written in: English\.\n/);
});

test("when the languages grow, the backfill says which cards' keys lack one; --new-languages rewrites them, and a rerun has nothing left", async () => {
  const w = makeWorld();
  handWrittenCards(w, 3);
  recallConfig(w, [modelScript(w, "stand-in", MULTILINGUAL_STAND_IN)]);
  assert.equal((await memctl(w, ["keys", "--backfill"])).code, 0);
  assert.doesNotMatch(card(w, 1), /部署/);
  // The owner starts typing Chinese.
  typed(w, CHINESE);
  const plain = await memctl(w, ["keys", "--backfill"]);
  assert.equal(plain.code, 0, plain.stderr);
  assert.match(plain.stdout, /wrote keys for 0 of 0 cards/);
  assert.match(plain.stdout, /3 cards have keys with none in Chinese \(keys are asked in English, Chinese now\): memctl keys --backfill --new-languages rewrites them\n/);
  assert.doesNotMatch(card(w, 1), /部署/, "nothing is rewritten unless asked");

  const grown = await memctl(w, ["keys", "--backfill", "--new-languages", "--json"]);
  assert.equal(grown.code, 0, grown.stderr);
  assert.deepEqual([JSON.parse(grown.stdout).cards, JSON.parse(grown.stdout).written], [3, 3]);
  for (const n of [1, 2, 3]) assert.match(card(w, n), new RegExp(`\\n {2}- topic-${n} 部署之前要先跑测试\\n`));
  // Resumable without a cursor: a rewritten card has a Chinese key, so nothing is left to do.
  const again = await memctl(w, ["keys", "--backfill", "--new-languages", "--json"]);
  assert.equal(JSON.parse(again.stdout).cards, 0);
  const after = await memctl(w, ["keys", "--backfill", "--json"]);
  assert.deepEqual(JSON.parse(after.stdout).lacking, { cards: 0, languages: [] });
  assert.equal((await memctl(w, ["keys", "topic-1", "--new-languages"])).code, 2, "--new-languages goes with --backfill");
});
