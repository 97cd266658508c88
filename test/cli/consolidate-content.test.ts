import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { main } from "../../lib/cli/main.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { parseCard } from "../../lib/core/card.js";
import { sandbox } from "../helpers.js";

// Consolidation by content (issue 18, deliverable 3): the same fact, or a contradicting value for the same
// subject, proposed under a different card name is found, shown by review with both texts, held by
// consolidate, refused by a plain accept, and an accept can supersede the older card, which then sinks.

const CARDS = [{ file: "feedback_run-tests.md", title: "run-tests", hook: "Run the whole suite before pushing" }];

function world() {
  const s = sandbox(CARDS);
  const run = async (argv: string[]) => {
    const out = new BufferSink();
    const err = new BufferSink();
    const io: Io = { ...s.io, stdout: out, stderr: err };
    const code = await main(argv, io);
    return { code, stdout: out.text, stderr: err.text, json: () => JSON.parse(out.text) };
  };
  return { ...s, run };
}

async function proposeId(w: ReturnType<typeof world>, argv: string[]): Promise<string> {
  const r = await w.run(["propose", ...argv, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  return r.json().proposal.id;
}

async function acceptNew(w: ReturnType<typeof world>, argv: string[]): Promise<void> {
  const id = await proposeId(w, argv);
  const r = await w.run(["accept", id]);
  assert.equal(r.code, 0, r.stderr);
}

test("the same fact proposed under a second name is not accepted twice: accept refuses it, doctor reports no duplicate hook", async (t) => {
  const w = world();
  t.after(w.cleanup);
  await acceptNew(w, ["ci-runner", "-t", "project", "-d", "CI runs on Buildkite", "--source", "ci.yml", "--kind", "fact"]);
  const again = await proposeId(w, ["ci-platform", "-t", "project", "-d", "CI runs on Buildkite", "--source", "chat", "--kind", "fact"]);
  const refused = await w.run(["accept", again, "--json"]);
  assert.equal(refused.code, 1, refused.stdout);
  const review = (await w.run(["review", "--json"])).json();
  const flags = review.proposals[0].flags;
  assert.equal(flags.duplicate_of_card, "project_ci-runner.md", "the existing key keeps its meaning");
  assert.equal(flags.near_duplicates[0].card_file, "project_ci-runner.md");
  assert.equal(flags.near_duplicates[0].description, "CI runs on Buildkite");
  assert.equal(refused.json().error.code, "E_SIMILAR_CARD");
  assert.match(refused.json().error.message, /project_ci-runner\.md/);
  assert.match(refused.json().error.message, /--supersede/);
  assert.equal(fs.existsSync(path.join(w.memory, "project_ci-platform.md")), false);
  const doctor = await w.run(["doctor", "--json"]);
  assert.deepEqual(doctor.json().duplicate_hooks, []);
  assert.equal(doctor.code, 0, doctor.stdout);
  // The owner may still prefer the new name: it supersedes the old card, whose repeated hook is then history.
  const renamed = await w.run(["accept", again, "--supersede", "ci-runner"]);
  assert.equal(renamed.code, 0, renamed.stderr);
  assert.match(renamed.stdout, /superseded project_ci-runner\.md/);
  const after = await w.run(["doctor", "--json"]);
  assert.deepEqual(after.json().duplicate_hooks, []);
  assert.equal(after.code, 0, after.stdout);
});

test("consolidate --accept-facts folds the same fact proposed under two names into one card", async (t) => {
  const w = world();
  t.after(w.cleanup);
  const first = await proposeId(w, ["ci-runner", "-t", "project", "-d", "CI runs on Buildkite", "--source", "ci.yml", "--kind", "fact", "--task-id", "a"]);
  const second = await proposeId(w, ["ci-platform", "-t", "project", "-d", "CI runs on Buildkite", "--source", "pipeline page", "--kind", "fact", "--task-id", "b"]);
  fs.writeFileSync(path.join(w.repo, "ci.yml"), "steps: []\n"); // the agents' fact names a file memctl can check
  const pass = await w.run(["consolidate", "--accept-facts", "--json"]);
  assert.equal(pass.code, 0, pass.stderr);
  const r = pass.json();
  assert.deepEqual(r.merged, [{ into: first, ids: [second], card: "project_ci-runner.md" }]);
  assert.deepEqual(
    r.accepted.map((a: { id: string }) => a.id),
    [first],
  );
  assert.equal(fs.existsSync(path.join(w.memory, "project_ci-platform.md")), false);
  const card = parseCard(fs.readFileSync(path.join(w.memory, "project_ci-runner.md"), "utf8"));
  assert.deepEqual(card.frontmatter.provenance, { kind: "fact", source: "ci.yml; pipeline page" });
  assert.deepEqual((await w.run(["doctor", "--json"])).json().duplicate_hooks, []);
});

test("CI runs on Buildkite vs GitHub Actions under different names: flagged as a contradiction with both texts, never both live", async (t) => {
  const w = world();
  t.after(w.cleanup);
  await acceptNew(w, ["ci-runner", "-t", "project", "-d", "CI runs on Buildkite", "--source", "ci.yml", "--kind", "fact"]);
  const newer = await proposeId(w, ["ci-system", "-t", "project", "-d", "CI runs on GitHub Actions", "--source", "migration PR", "--kind", "fact"]);
  const review = (await w.run(["review", "--json"])).json();
  const c = review.proposals[0].flags.contradictions;
  assert.equal(c.length, 1);
  assert.equal(c[0].card_file, "project_ci-runner.md");
  assert.equal(c[0].description, "CI runs on Buildkite");
  const one = await w.run(["review", newer]);
  assert.match(one.stdout, /contradicts project_ci-runner\.md/);
  assert.match(one.stdout, /CI runs on Buildkite/);
  assert.match(one.stdout, /CI runs on GitHub Actions/);
  assert.match((await w.run(["review"])).stdout, /contradicts:project_ci-runner\.md/);

  const held = (await w.run(["consolidate", "--accept-facts", "--json"])).json();
  assert.deepEqual(held.accepted, []);
  assert.match(held.held[0].why, /contradicts project_ci-runner\.md/);

  const refused = await w.run(["accept", newer, "--json"]);
  assert.equal(refused.json().error.code, "E_SIMILAR_CARD");
  assert.equal(fs.existsSync(path.join(w.memory, "project_ci-system.md")), false);
});

test("accept --supersede marks the older card superseded (frontmatter bytes kept), it sinks below the new one, doctor stays healthy", async (t) => {
  const w = world();
  t.after(w.cleanup);
  await acceptNew(w, ["ci-runner", "-t", "project", "-d", "CI runs on Buildkite", "--source", "ci.yml", "--kind", "fact"]);
  const oldFile = path.join(w.memory, "project_ci-runner.md");
  // A hand-written comment and key order in the old card must survive the supersede edit.
  fs.writeFileSync(oldFile, fs.readFileSync(oldFile, "utf8").replace("topics: []", "# owner: infra team\ntopics: []"));
  await w.run(["adopt", "ci-runner"]);
  const before = fs.readFileSync(oldFile, "utf8");
  const newer = await proposeId(w, ["ci-system", "-t", "project", "-d", "CI runs on GitHub Actions", "--source", "migration PR", "--kind", "fact"]);
  const r = await w.run(["accept", newer, "--supersede", "ci-runner", "--json"]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(r.json().superseded, [{ file: "project_ci-runner.md", superseded_by: "ci-system", rev: 3 }]);
  const after = fs.readFileSync(oldFile, "utf8");
  assert.match(after, /^status: superseded$/m);
  assert.match(after, /^superseded_by: ci-system$/m);
  assert.match(after, /# owner: infra team\ntopics: \[\]/);
  const changed = after.split("\n").filter((l) => !before.split("\n").includes(l));
  assert.deepEqual(changed.sort(), ["status: superseded", "superseded_by: ci-system"].sort());
  const history = (await w.run(["history", "ci-runner", "--json"])).json();
  assert.equal(history.entries.at(-1).actor, "human");

  const ranking = (await w.run(["context", "which CI runs", "--limit", "0", "--json"])).json().ranking;
  const files = ranking.map((row: { file: string }) => row.file);
  assert.ok(files.indexOf("project_ci-system.md") < files.indexOf("project_ci-runner.md"), files.join(","));
  assert.equal(ranking.find((row: { file: string }) => row.file === "project_ci-runner.md").tier, "sunk-relevant");
  const doctor = await w.run(["doctor", "--json"]);
  assert.equal(doctor.code, 0, doctor.stdout);
  assert.equal(doctor.json().issues_count, 0);
  // A superseded card is no longer live: the next proposal about CI is compared with the new card only.
  const third = await proposeId(w, ["ci-hosted", "-t", "project", "-d", "CI runs on GitHub Actions", "--source", "x", "--kind", "fact"]);
  const flags = (await w.run(["review", third, "--json"])).json().flags;
  assert.deepEqual(
    flags.near_duplicates.map((n: { card_file: string }) => n.card_file),
    ["project_ci-system.md"],
  );
});

test("accept --keep-both records the owner's decision to keep two similar cards live", async (t) => {
  const w = world();
  t.after(w.cleanup);
  await acceptNew(w, ["ci-runner", "-t", "project", "-d", "CI runs on Buildkite", "--source", "ci.yml", "--kind", "fact"]);
  const other = await proposeId(w, ["ci-mobile", "-t", "project", "-d", "CI runs on Bitrise", "--source", "mobile repo", "--kind", "fact"]);
  const r = await w.run(["accept", other, "--keep-both"]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(fs.existsSync(path.join(w.memory, "project_ci-mobile.md")));
  assert.match(fs.readFileSync(path.join(w.memory, "project_ci-runner.md"), "utf8"), /^status: active$/m);
});
