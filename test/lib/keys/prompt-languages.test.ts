// The languages the owner prompts in, read back from a why log the hook's own code wrote (whyRecord + appendWhy).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { whyRecord } from "../../../lib/hook/dedupe.js";
import { promptLanguageCodes } from "../../../lib/keys/prompt-languages.js";
import { appendWhy, readWhy, whyFile } from "../../../lib/store/why-log.js";
import { MAX_QUERY_CHARS } from "../../../lib/rank/tokenize.js";
import { tempDir } from "../../helpers.js";

const T0 = Date.parse("2026-12-02T10:00:00Z");
const budget = { maxBytes: 3000, maxEntries: 20 };

/** One hook run's why record, as run.ts writes it. */
function logPrompt(dir: string, prompt: string, i: number, options: { status?: string; logPrompt?: boolean } = {}): void {
  appendWhy(
    dir,
    whyRecord({ host: "claude", sessionId: `s${i}`, prompt, logPrompt: options.logPrompt === true, status: options.status ?? "no-hits", bytes: 0, budget, now: new Date(T0 + i) }),
  );
}

test("each why record keeps its prompt's language code, not its text, and the codes read back oldest first", (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const prompts = ["the deploy fails on CI", "部署之前要做什么", "pourquoi le build échoue sur la branche main", "保存したのに消える"];
  for (const [i, p] of prompts.entries()) logPrompt(dir, p, i);
  const records = readWhy(dir, 10);
  assert.deepEqual(
    records.map((r) => r.prompt_lang),
    ["en", "zh", "fr", "ja"],
  );
  const raw = fs.readFileSync(whyFile(dir), "utf8");
  for (const p of prompts) assert.ok(!raw.includes(p), "no prompt text without [hook] log_prompts");
  assert.deepEqual(promptLanguageCodes(dir), ["en", "zh", "fr", "ja"]);
});

test("a prompt's language is told from what the ranker reads of it: the words typed first, not a log pasted after", (t) => {
  // A prompt can be 8 MiB; the hook tells its language on every run, so it reads what ranking reads (the first
  // MAX_QUERY_CHARS), not a megabyte of pasted output in another language after the question.
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const asked = "why does the deploy fail on the staging cluster after the migration? ";
  const pasted = "le fichier de la base de données est verrouillé pour la mise à jour des tables ".repeat(12_000);
  logPrompt(dir, asked.repeat(Math.ceil(MAX_QUERY_CHARS / asked.length)) + pasted, 0);
  assert.deepEqual(promptLanguageCodes(dir), ["en"]);
});

test("a duplicate run is not counted twice; an older record with its text logged counts; the window keeps the newest", (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  logPrompt(dir, "部署之前要做什么", 0);
  logPrompt(dir, "部署之前要做什么", 1, { status: "duplicate" });
  // A record written before codes were kept, with [hook] log_prompts = true: its text still tells.
  const old = whyRecord({ host: "claude", prompt: "测试失败了怎么办", logPrompt: true, status: "injected", bytes: 0, budget, now: new Date(T0 + 2) });
  delete old.prompt_lang;
  appendWhy(dir, old);
  // Neither a code nor text: it says nothing.
  const bare = whyRecord({ host: "claude", prompt: "x", logPrompt: false, status: "injected", bytes: 0, budget, now: new Date(T0 + 3) });
  delete bare.prompt_lang;
  appendWhy(dir, bare);
  logPrompt(dir, "the build is red", 4);
  assert.deepEqual(promptLanguageCodes(dir), ["zh", "zh", "en"]);
  assert.deepEqual(promptLanguageCodes(dir, 2), ["zh", "en"]);
});

test("no why log, or one that cannot be read, gives no languages and no error", (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  assert.deepEqual(promptLanguageCodes(dir), []);
  // A directory where the log should be: reading it fails, and keys fall back to the cards' languages.
  fs.mkdirSync(path.join(path.dirname(whyFile(dir)), path.basename(whyFile(dir))), { recursive: true });
  assert.deepEqual(promptLanguageCodes(dir), []);
});
