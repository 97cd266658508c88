import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// A fake token in GitHub's real format (split so this file does not hold it whole).
const GH_TOKEN = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5";

// Recall keys written by people and by the host's model: `save --recall`, `propose --recall`, `accept` keeping
// them, `show` and `review` showing them, doctor reporting a malformed list. Keys are frontmatter like any field.

const LEGACY = `---
name: toast
description: Await every write before showing success
metadata:
  node_type: memory
  type: feedback
  originSessionId: abc  # kept byte for byte
topics: [ui]
---
Await the write; only then show the toast.
`;

function legacyCard(w: World): string {
  const file = path.join(w.mem, "feedback_toast.md");
  fs.writeFileSync(file, LEGACY);
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), "# Memory\n\n- [toast](feedback_toast.md) — Await every write before showing success\n");
  return file;
}

test("save --recall adds the list to a legacy card and keeps every other byte; show prints it and show --json exposes it", async () => {
  const w = makeWorld();
  const file = legacyCard(w);
  const r = await memctl(w, ["save", "toast", "--recall", "the toast says saved but the edit is gone|l'édition disparaît", "--recall", "why is my change lost, after reload"]);
  assert.equal(r.code, 0, r.stderr);
  const after = fs.readFileSync(file, "utf8");
  // Every line that was there keeps its bytes; the keys (and the fields a save fills in) are added after them.
  assert.ok(after.startsWith(LEGACY.slice(0, LEGACY.indexOf("---\nAwait"))), after);
  assert.ok(after.endsWith("---\nAwait the write; only then show the toast.\n"));
  assert.match(after, /\nrecall:\n {2}- the toast says saved but the edit is gone\n {2}- l'édition disparaît\n {2}- why is my change lost, after reload\n/);
  assert.match(after, / {2}originSessionId: abc {2}# kept byte for byte\n/);
  const shown = await memctl(w, ["show", "toast"]);
  assert.match(shown.stdout, /recall:\n {2}- the toast says saved but the edit is gone\n/);
  const json = JSON.parse((await memctl(w, ["show", "toast", "--json"])).stdout);
  assert.deepEqual(json.recall, ["the toast says saved but the edit is gone", "l'édition disparaît", "why is my change lost, after reload"]);
  // A later save without --recall keeps the keys.
  assert.equal((await memctl(w, ["save", "toast", "--priority", "always"])).code, 0);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "toast", "--json"])).stdout).recall.length, 3);
});

test("a new card saved with --recall writes the list after topics", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["save", "ci", "-t", "project", "-d", "CI runs on every push", "--topics", "ci", "--recall", "why did my build not start|pipeline not triggered"]);
  assert.equal(r.code, 0, r.stderr);
  const text = fs.readFileSync(path.join(w.mem, "project_ci.md"), "utf8");
  assert.match(text, /\ntopics:\n {2}- ci\nrecall:\n {2}- why did my build not start\n {2}- pipeline not triggered\npriority: normal\n/);
});

test("bad keys are refused with E_RECALL_KEYS (exit 2) and nothing is written; a secret in a key is refused (E_SECRET)", async () => {
  const w = makeWorld();
  const file = legacyCard(w);
  const tooLong = await memctl(w, ["save", "toast", "--recall", "x".repeat(121), "--json"]);
  assert.equal(tooLong.code, 2);
  const err = JSON.parse(tooLong.stdout).error;
  assert.equal(err.code, "E_RECALL_KEYS");
  assert.match(err.message, /recall\[0\] is 121 characters; at most 120 are allowed/);
  const tooMany = await memctl(w, ["save", "toast", "--recall", Array.from({ length: 17 }, (_, i) => `key ${i}`).join("|")]);
  assert.equal(tooMany.code, 2);
  assert.match(tooMany.stderr, /recall has 17 keys; at most 16 are allowed/);
  const secret = await memctl(w, ["save", "toast", "--recall", `login fails with ${GH_TOKEN}`, "--json"]);
  assert.equal(secret.code, 1);
  assert.equal(JSON.parse(secret.stdout).error.code, "E_SECRET");
  assert.equal(fs.readFileSync(file, "utf8"), LEGACY);
  assert.equal(fs.existsSync(path.join(w.mem, ".memctl", "history.jsonl")), false);
});

test("doctor reports a malformed recall value (not a list, too many, too long) as a card issue", async () => {
  const w = makeWorld();
  legacyCard(w);
  const card = (name: string, recall: string) =>
    fs.writeFileSync(
      path.join(w.mem, `project_${name}.md`),
      `---\nname: ${name}\ndescription: about ${name}\nmetadata:\n  node_type: memory\n  type: project\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-11-01"\nrepo_refs: []\n${recall}---\nBody.\n`,
    );
  card("scalar", "recall: just one string\n");
  card("many", `recall: [${Array.from({ length: 17 }, (_, i) => `k${i}`).join(", ")}]\n`);
  card("long", `recall: ["${"y".repeat(130)}"]\n`);
  card("fine", "recall: [a symptom, a question]\n");
  fs.writeFileSync(
    path.join(w.mem, "MEMORY.md"),
    `# Memory\n\n- [toast](feedback_toast.md) — Await every write before showing success\n${["scalar", "many", "long", "fine"].map((n) => `- [${n}](project_${n}.md) — about ${n}`).join("\n")}\n`,
  );
  const r = await memctl(w, ["doctor", "--json"]);
  const bad = JSON.parse(r.stdout).cards_bad_fields as { card: string; problems: string[] }[];
  const by = Object.fromEntries(bad.map((b) => [b.card, b.problems.join("; ")]));
  assert.match(by["project_scalar.md"]!, /recall must be a list of strings/);
  assert.match(by["project_many.md"]!, /recall has 17 keys; at most 16/);
  assert.match(by["project_long.md"]!, /recall\[0\] is 130 characters/);
  assert.equal(by["project_fine.md"], undefined);
  assert.equal(by["feedback_toast.md"], undefined);
});

test("propose --recall stages the keys, review shows them, accept (and accept after an edited description) writes them", async () => {
  const w = makeWorld();
  const staged = await memctl(w, [
    "propose",
    "ci-cache",
    "-t",
    "reference",
    "-d",
    "CI caches node_modules by lockfile hash",
    "--source",
    "ci.yml line 40",
    "--recall",
    "why is CI slow after a lockfile change|cache miss on install",
    "--json",
  ]);
  assert.equal(staged.code, 0, staged.stderr);
  const p = JSON.parse(staged.stdout).proposal;
  assert.deepEqual(p.card.recall, ["why is CI slow after a lockfile change", "cache miss on install"]);
  const review = await memctl(w, ["review", p.id]);
  assert.match(review.stdout, /\n {2}recall {6}why is CI slow after a lockfile change \| cache miss on install\n/);
  assert.match(review.stdout, /\n\+recall:\n\+ {2}- why is CI slow after a lockfile change\n/);
  const accepted = await memctl(w, ["accept", p.id, "--edit-description", "CI caches node_modules keyed on the lockfile hash"]);
  assert.equal(accepted.code, 0, accepted.stderr);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "ci-cache", "--json"])).stdout).recall, ["why is CI slow after a lockfile change", "cache miss on install"]);

  // An update proposal carrying only keys, accepted with --supersede of another card: the keys land.
  await memctl(w, ["save", "old-ci", "-t", "reference", "-d", "CI used to cache nothing at all"]);
  const update = JSON.parse((await memctl(w, ["propose", "ci-cache", "--source", "review", "--recall", "npm ci takes ten minutes|lent à installer", "--json"])).stdout).proposal;
  const sup = await memctl(w, ["accept", update.id, "--supersede", "old-ci"]);
  assert.equal(sup.code, 0, sup.stderr);
  assert.deepEqual(JSON.parse((await memctl(w, ["show", "ci-cache", "--json"])).stdout).recall, ["npm ci takes ten minutes", "lent à installer"]);
});

test("propose refuses bad keys (E_RECALL_KEYS) and a secret in a key (E_SECRET), staging nothing", async () => {
  const w = makeWorld();
  const bad = await memctl(w, ["propose", "x", "-t", "user", "-d", "y", "--source", "s", "--recall", "z".repeat(200), "--json"]);
  assert.equal(bad.code, 2);
  assert.equal(JSON.parse(bad.stdout).error.code, "E_RECALL_KEYS");
  const secret = await memctl(w, ["propose", "x", "-t", "user", "-d", "y", "--source", "s", "--recall", `token ${GH_TOKEN}`, "--json"]);
  assert.equal(JSON.parse(secret.stdout).error.code, "E_SECRET");
  assert.equal(fs.existsSync(path.join(w.mem, ".memctl", "proposals")) && fs.readdirSync(path.join(w.mem, ".memctl", "proposals")).some((f) => f.endsWith(".json")), false);
});

test("save from an agent host's shell stages the keys in its proposal", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["save", "toast2", "-t", "feedback", "-d", "Await writes", "--recall", "edit lost after save", "--json"], { env: { CLAUDECODE: "1" } });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.staged, true);
  assert.deepEqual(out.proposal.card.recall, ["edit lost after save"]);
});

test("--actor model:<x> is reserved for memctl keys: no caller may claim it", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["save", "x", "-t", "user", "-d", "y", "--actor", "model:claude"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--actor model:claude is reserved for what a model command wrote .*memctl keys writes the keys a configured model wrote/);
  assert.equal(fs.existsSync(path.join(w.mem, "user_x.md")), false);
});
