import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { spawnSync } from "node:child_process";
import { makeWorld, memctl, spawnEnv, type World } from "../support/fixture.js";
import { REPO_ROOT } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

// Audit finding 10: store-format.md says notes outside the card tiers (people/alex.md) are "never injected, never a
// doctor issue", yet `memctl list` showed them as rows with an empty TYPE and doctor counted them as card files
// where the hook did not.

async function withNotes(): Promise<World> {
  const w = makeWorld();
  for (const name of ["lint", "deploy"]) assert.equal((await memctl(w, ["save", name, "-t", "project", "-d", `the ${name} card`])).code, 0);
  fs.mkdirSync(path.join(w.mem, "people"));
  fs.writeFileSync(path.join(w.mem, "people", "alex.md"), "---\nname: alex\n---\n# Alex\nOwns billing.\n");
  fs.writeFileSync(path.join(w.mem, "people", "bo.md"), "# Bo\n");
  return w;
}

test("list shows the cards only, as text and as JSON (on a cold and a warm card cache)", async () => {
  const w = await withNotes();
  const text = (await memctl(w, ["list"])).stdout;
  assert.doesNotMatch(text, /alex|people/);
  for (let i = 0; i < 2; i++) {
    const json = JSON.parse((await memctl(w, ["list", "--json"])).stdout);
    assert.equal(json.count, 2);
    assert.deepEqual(
      json.cards.map((c: { file: string }) => c.file),
      ["project_deploy.md", "project_lint.md"],
    );
  }
});

test("with MEMORY.md gone, the real hook and doctor --json count the same card files: named like a card, at the root", async () => {
  const w = await withNotes();
  // Neither is a card: a free note at the root, and a card-named file in a folder (card-rules.ts isCardFile).
  fs.writeFileSync(path.join(w.mem, "scratch.md"), "# loose notes\n");
  fs.mkdirSync(path.join(w.mem, "old"));
  fs.writeFileSync(path.join(w.mem, "old", "project_legacy.md"), "---\nname: legacy\n---\n");
  fs.rmSync(path.join(w.mem, "MEMORY.md"));
  const payload = JSON.stringify({ session_id: "s-notes", cwd: w.repo, hook_event_name: "UserPromptSubmit", prompt: "how do we deploy?" });
  const hook = spawnSync(process.execPath, [HOOK, "--host", "generic"], { input: payload, encoding: "utf8", env: { ...spawnEnv(w), PATH: process.env.PATH ?? "" } });
  assert.equal(hook.status, 0, hook.stderr);
  assert.match(hook.stdout, /its index is missing: .* holds 2 card files but no MEMORY\.md/);
  const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.match(doctor.resolution_issues[0].reason, /its index is missing \(2 card files\)/);
});

test("doctor raises no issue about the notes", async () => {
  const w = await withNotes();
  const r = await memctl(w, ["doctor", "--json"]);
  assert.equal(r.code, 0, r.stdout);
  assert.doesNotMatch(r.stdout, /people\//);
});

test("a note MEMORY.md links is ranked by the hook, so list shows it", async () => {
  const w = await withNotes();
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [Bo](people/bo.md) — who Bo is\n");
  const json = JSON.parse((await memctl(w, ["list", "--json"])).stdout);
  assert.deepEqual(
    json.cards.map((c: { file: string }) => c.file),
    ["people/bo.md", "project_deploy.md", "project_lint.md"],
  );
});
