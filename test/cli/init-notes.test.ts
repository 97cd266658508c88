// A directory of notes and no MEMORY.md (a Cline-style memory-bank/: projectbrief.md, activeContext.md, …) selected
// as the store: doctor said "run memctl init" and init refused ("already holds Markdown files … memctl import", a
// command that reads Claude's memory, not this directory). The two agree now: notes are not cards, so init creates
// the index beside them (touching none) and names them; a directory holding card files is refused by both with the
// same recipe.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

test("a notes-only directory: doctor's fix is memctl init, and init creates MEMORY.md beside the notes, naming them", async () => {
  const w = makeWorld({ createMemory: false });
  fs.mkdirSync(w.mem);
  const notes = { "projectbrief.md": "# Brief\nA board game helper.\n", "activeContext.md": "# Active\nWorking on the timer.\n" };
  for (const [f, t] of Object.entries(notes)) fs.writeFileSync(path.join(w.mem, f), t);
  const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.match(doctor.resolution_issues[0].fix, /memctl init/);
  const init = await memctl(w, ["init"]);
  assert.equal(init.code, 0, init.stderr);
  assert.ok(fs.existsSync(path.join(w.mem, "MEMORY.md")));
  for (const [f, t] of Object.entries(notes)) assert.equal(fs.readFileSync(path.join(w.mem, f), "utf8"), t, `${f} untouched`);
  assert.match(init.stdout, /2 notes .*not in the index[\s\S]*activeContext\.md[\s\S]*projectbrief\.md/);
  assert.equal((await memctl(w, ["doctor", "--json"])).code === 2, false);
});

test("a directory holding card files and no index: init refuses with doctor's recipe, not a command that cannot help", async () => {
  const w = makeWorld({ createMemory: false });
  fs.mkdirSync(w.mem);
  fs.writeFileSync(path.join(w.mem, "feedback_x.md"), "---\nname: x\ndescription: x\n---\nx\n");
  const init = await memctl(w, ["init"]);
  assert.equal(init.code, 1);
  assert.doesNotMatch(init.stderr, /memctl import"/);
  const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  const fix = doctor.resolution_issues[0].fix as string;
  assert.match(fix, /start it by hand/);
  assert.ok(init.stderr.includes(fix), `init says what doctor says:\n${init.stderr}\n${fix}`);
  assert.ok(!fs.existsSync(path.join(w.mem, "MEMORY.md")));
});
