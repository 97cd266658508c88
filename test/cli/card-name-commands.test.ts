// Every command that takes a card NAME finds the card show finds (findNamedCard): a card in a subfolder by its
// frontmatter name, a snake_case file by its kebab name, a line in a hand-kept (numbered, decorated) index. Before,
// rm, adopt, restore, history and keys looked the old way only and answered "no card named".
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl, type World } from "../support/fixture.js";
import { KEYS_STAND_IN, modelScript, recallConfig } from "../support/keys-fixture.js";

const card = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: ${name} notes\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-01-01"\nrepo_refs: []\n---\n${body}\n`;

function handKept(w: World): void {
  for (const dir of ["decisions", "context"]) fs.mkdirSync(path.join(w.mem, dir));
  fs.writeFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), card("queue-over-cron", "Jobs go through the queue."));
  fs.writeFileSync(path.join(w.mem, "context", "api_timeouts.md"), card("Upstream timeouts", "The upstream API times out at 30 s."));
  fs.writeFileSync(path.join(w.mem, "release_steps.md"), card("Release steps", "Tag, then publish."));
  fs.writeFileSync(
    path.join(w.mem, "MEMORY.md"),
    "# Memory\n\n1. [Queue over cron](decisions/queue-over-cron.md) — jobs\n- ★ [Timeouts](context/api_timeouts.md) — 30 s\n- **[Release](release_steps.md)** — how\n",
  );
}

test("rm, history, restore and adopt find a subfolder card by name and a snake_case file by its kebab name", async () => {
  const w = makeWorld();
  handKept(w);
  const rm = await memctl(w, ["rm", "queue-over-cron"]);
  assert.equal(rm.code, 0, rm.stderr);
  assert.equal(fs.existsSync(path.join(w.mem, "decisions", "queue-over-cron.md")), false);
  assert.doesNotMatch(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), /queue-over-cron/);
  const history = await memctl(w, ["history", "queue-over-cron", "--json"]);
  assert.equal(history.code, 0, history.stderr);
  assert.deepEqual(
    JSON.parse(history.stdout).entries.map((e: { card: string; op: string }) => [e.card, e.op]),
    [
      ["decisions/queue-over-cron.md", "adopt"],
      ["decisions/queue-over-cron.md", "delete"],
    ],
  );
  const restore = await memctl(w, ["restore", "queue-over-cron", "1"]);
  assert.equal(restore.code, 0, restore.stderr);
  assert.equal(fs.readFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), "utf8"), card("queue-over-cron", "Jobs go through the queue."));
  assert.match(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), /\(decisions\/queue-over-cron\.md\)/, "its line is back");

  fs.appendFileSync(path.join(w.mem, "context", "api_timeouts.md"), "Retries: 3.\n");
  const adopt = await memctl(w, ["adopt", "api-timeouts", "--json"]);
  assert.equal(adopt.code, 0, adopt.stderr);
  assert.match(adopt.stdout, /context\/api_timeouts\.md/);
  const rmKebab = await memctl(w, ["rm", "release-steps"]);
  assert.equal(rmKebab.code, 0, rmKebab.stderr);
  assert.equal(fs.existsSync(path.join(w.mem, "release_steps.md")), false);
  const missing = await memctl(w, ["rm", "no-such-card"]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /no card named "no-such-card"/);
});

test("keys NAME writes keys for a card in a subfolder, found by its frontmatter name", async () => {
  const w = makeWorld();
  handKept(w);
  recallConfig(w, [modelScript(w, "stand-in", KEYS_STAND_IN)]);
  const keys = await memctl(w, ["keys", "queue-over-cron", "--json"]);
  assert.equal(keys.code, 0, keys.stderr);
  assert.equal(JSON.parse(keys.stdout).file, "decisions/queue-over-cron.md");
  assert.match(fs.readFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), "utf8"), /recall:/);
});

test("save NAME without a type updates the subfolder card show finds by that name, not 'does not exist yet'", async () => {
  const w = makeWorld();
  handKept(w);
  const save = await memctl(w, ["save", "queue-over-cron", "-d", "jobs go through the queue, never cron"]);
  assert.equal(save.code, 0, save.stderr);
  assert.match(fs.readFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), "utf8"), /^description: jobs go through the queue, never cron$/m);
  assert.deepEqual(
    fs.readdirSync(w.mem).filter((f) => f.endsWith(".md")),
    ["MEMORY.md", "release_steps.md"],
    "no second card",
  );
  assert.match(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), /^1\. \[Queue over cron\]\(decisions\/queue-over-cron\.md\) — jobs go through the queue, never cron$/m);
});

test("save -t NAME of a card the index links in a subfolder as NAME.md updates it: no second card", async () => {
  const w = makeWorld();
  handKept(w);
  const save = await memctl(w, ["save", "queue-over-cron", "-t", "project", "-d", "queue, not cron"]);
  assert.equal(save.code, 0, save.stderr);
  assert.match(fs.readFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), "utf8"), /^description: queue, not cron$/m);
  assert.equal(fs.existsSync(path.join(w.mem, "project_queue-over-cron.md")), false, "no second card");
});
