import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { recallModel } from "../../../lib/config/recall.js";
import { writeCardKeys } from "../../../lib/keys/write.js";
import { cardsToDo } from "../../../lib/keys/backfill.js";
import { handWrittenCards } from "../../support/compact-fixture.js";
import { makeWorld } from "../../support/fixture.js";
import { modelScript } from "../../support/keys-fixture.js";

// writeCardKeys is a compare-and-swap on the bytes its prompt was made from: an edit made while the model
// runs wins, and the keys are not written over it.

test("a card edited while the model runs is left as edited; the outcome says so", async () => {
  const w = makeWorld();
  handWrittenCards(w, 1);
  const file = path.join(w.mem, "project_topic-1.md");
  const edited = fs.readFileSync(file, "utf8").replace("Body of topic-1.", "Body rewritten by the owner meanwhile.");
  const cmd = modelScript(w, "racer", `fs.writeFileSync(${JSON.stringify(file)}, ${JSON.stringify(edited)}); console.log("a key"); console.log("another key");`);
  const model = recallModel({ recall: { llm_command: [cmd] } })!;
  const ctx = { memoryDir: w.mem, actor: "human", now: new Date("2026-12-02T09:40:00Z") };
  const out = await writeCardKeys(ctx, { model, env: {} }, "topic-1");
  assert.equal(out.status, "failed");
  assert.match((out as { reason: string }).reason, /the card changed while the model ran/);
  assert.equal(fs.readFileSync(file, "utf8"), edited);
});

test("cardsToDo: cards without keys (malformed or empty lists included), every card with force, cards whose keys lack a language asked", () => {
  const w = makeWorld();
  handWrittenCards(w, 3);
  const add = (n: number, recall: string) => {
    const f = path.join(w.mem, `project_topic-${n}.md`);
    fs.writeFileSync(f, fs.readFileSync(f, "utf8").replace("repo_refs: []\n", `repo_refs: []\n${recall}`));
  };
  add(1, "recall: [a key]\n");
  add(2, "recall: []\n");
  assert.deepEqual(cardsToDo(w.mem).files, ["project_topic-2.md", "project_topic-3.md"]);
  assert.deepEqual(cardsToDo(w.mem, true).files, ["project_topic-1.md", "project_topic-2.md", "project_topic-3.md"]);
  // Keys in no language asked now: counted, and to do only when asked to rewrite them.
  const asked = { cards: ["English"], owner: ["Chinese"] };
  assert.deepEqual(cardsToDo(w.mem, false, asked), { files: ["project_topic-2.md", "project_topic-3.md"], lacking: 1, lackingLanguages: ["Chinese"] });
  assert.deepEqual(cardsToDo(w.mem, false, asked, true).files, ["project_topic-1.md", "project_topic-2.md", "project_topic-3.md"]);
  add(3, "recall: [a key, 部署之前要做什么]\n");
  assert.deepEqual(cardsToDo(w.mem, false, asked).lacking, 1);
});

test("a model's output writes an existing card's keys and nothing else: any other field, or no base hash, is refused", async () => {
  const { saveCard } = await import("../../../lib/records/save.js");
  const { sha256Hex } = await import("../../../lib/core/sha256.js");
  const w = makeWorld();
  handWrittenCards(w, 1);
  const file = path.join(w.mem, "project_topic-1.md");
  const ctx = { memoryDir: w.mem, actor: "model:claude", now: new Date("2026-12-02T09:40:00Z") };
  const base = sha256Hex(fs.readFileSync(file));
  await assert.rejects(saveCard(ctx, { name: "project_topic-1.md", recall: ["k"], description: "rewritten by a model", expectSha256: base }), /read-only/);
  await assert.rejects(saveCard(ctx, { name: "project_topic-1.md", recall: ["k"] }), /read-only/);
  await assert.rejects(saveCard(ctx, { name: "project_new", type: "project", description: "new", recall: ["k"], expectSha256: null }), /read-only/);
  assert.equal(sha256Hex(fs.readFileSync(file)), base);
  const ok = await saveCard(ctx, { name: "project_topic-1.md", recall: ["how do I topic"], keepUpdatedAt: true, expectSha256: base });
  assert.equal(ok.op, "update");
});
