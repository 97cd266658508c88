import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli, testIo } from "../helpers.js";
import { endSession, pending, run, transcript, world, type World } from "../support/capture-world.js";

// `memctl remember` is the owner's quick way to save: it must report its outcome in save's words and file a
// sentence under the same type session-end capture gives the same kind of sentence.

function terminal(w: World) {
  return { ...testIo({ cwd: w.proj, home: w.home, env: { MEMCTL_MEMORY_DIR: w.store, MEMCTL_CONFIG_FILE: w.config, NO_COLOR: "1" } }), ask: async () => undefined };
}

test("remember at a terminal says created for a new card and updated for an existing one, as save does", async () => {
  const w = world();
  const first = await runCli(["remember", "--name", "merge-style", "feature branches are squash-merged into main"], terminal(w));
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /^✓ created project_merge-style\.md /);
  const second = await runCli(["remember", "--name", "merge-style", "release tags are cut by whoever is on call that week"], terminal(w));
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stdout, /^✓ updated project_merge-style\.md /);
  const save = run(w, ["save", "merge-style", "-t", "project", "-d", "feature branches are rebased, then fast-forwarded"]);
  assert.match(save.stdout, /^✓ updated project_merge-style\.md /, "save's word for the same outcome");
});

test("a standing rule said with 'we always' / 'we never' is feedback for remember, as capture files 'always …' and 'never …'", async () => {
  const w = world();
  const r = endSession(w, transcript(w, ["always rebase feature branches before opening a review", "never deploy on a Friday afternoon"]));
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(
    pending(w).map((p) => p.card.type),
    ["feedback", "feedback"],
  );
  for (const text of ["we always rebase feature branches before opening a review", "we never deploy on a Friday afternoon"]) {
    const out = await runCli(["remember", "--json", text], terminal(w));
    assert.equal(out.code, 0, out.stderr);
    assert.equal(JSON.parse(out.stdout).type, "feedback", text);
  }
  // A statement about the system (not a rule for whoever works on it) stays a project fact.
  const fact = await runCli(["remember", "--json", "the nightly export is always written to the archive bucket"], terminal(w));
  assert.equal(JSON.parse(fact.stdout).type, "project");
});
