import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { missingIndexReason } from "../../lib/hook/run.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";

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

test("with MEMORY.md gone, doctor counts the card files as the hook does", async () => {
  const w = await withNotes();
  fs.rmSync(path.join(w.mem, "MEMORY.md"));
  assert.match(missingIndexReason(w.mem)!, /holds 2 card files/);
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
