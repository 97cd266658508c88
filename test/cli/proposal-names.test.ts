import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { main } from "../../lib/cli/main.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { sandbox } from "../helpers.js";

// A proposal names a card: a card name, or `<type>_<name>.md` at the store root. Never MEMORY.md, episodes,
// .memctl/, a subfolder note or anything outside, on every proposal path: propose (CLI and MCP share it),
// review, accept, consolidate, and staged files someone edited on disk.

const CARDS = [{ file: "feedback_run-tests.md", title: "run-tests", hook: "Run the whole suite before pushing" }];

function world(t: { after: (fn: () => void) => void }) {
  const s = sandbox(CARDS);
  t.after(s.cleanup);
  fs.mkdirSync(path.join(s.memory, "people"));
  fs.writeFileSync(path.join(s.memory, "people", "alex.md"), "# Alex\n");
  fs.writeFileSync(path.join(s.memory, "episodes.summary.md"), "# pm-dispatch summary\n");
  fs.writeFileSync(path.join(s.memory, "notes.md"), "---\nname: notes\ndescription: loose notes\n---\n");
  const run = async (argv: string[]) => {
    const out = new BufferSink();
    const err = new BufferSink();
    const io: Io = { ...s.io, stdout: out, stderr: err };
    const code = await main(argv, io);
    return { code, stdout: out.text, stderr: err.text };
  };
  const index = () => fs.readFileSync(path.join(s.memory, "MEMORY.md"), "utf8");
  return { ...s, run, index };
}

test("propose refuses every name that is not a card at the store root, on read-only and agent callers alike", async (t) => {
  const w = world(t);
  const before = w.index();
  for (const name of [
    "./MEMORY.md",
    "MEMORY.md",
    "./memory.md",
    ".memctl/jobs",
    "../outside",
    "people/alex",
    "people/alex.md",
    "episodes.summary",
    "notes",
    "/memories/MEMORY.md",
  ]) {
    for (const who of [["--task-id", "t-1"], ["--actor", "agent:a1"], []]) {
      const r = await w.run(["propose", name, "-t", "project", "-d", "replace the index", "--source", "me", "--kind", "fact", ...who]);
      assert.notEqual(r.code, 0, `propose ${name} ${who.join(" ")} is refused: ${r.stdout}`);
      assert.match(r.stderr, /card/i, `the refusal says what a card name is (${name}): ${r.stderr}`);
    }
  }
  assert.equal(
    fs.existsSync(path.join(w.memory, ".memctl", "proposals")) ? fs.readdirSync(path.join(w.memory, ".memctl", "proposals")).filter((f) => f.endsWith(".json")).length : 0,
    0,
    "nothing staged",
  );
  assert.equal(w.index(), before);
  // Card names and card files at the root still work.
  assert.equal((await w.run(["propose", "run-tests", "-d", "Run the suite before every push", "--source", "CI", "--task-id", "t-1"])).code, 0);
  assert.equal((await w.run(["propose", "feedback_run-tests.md", "-d", "Run the full suite before pushing", "--source", "CI", "--task-id", "t-1"])).code, 0);
  assert.equal((await w.run(["propose", "ci-cache", "-t", "reference", "-d", "CI caches by lockfile hash", "--source", "ci.yml", "--task-id", "t-1"])).code, 0);
});

test("a staged proposal edited on disk to name MEMORY.md is flagged by review, refused by accept, held by consolidate", async (t) => {
  const w = world(t);
  const staged = await w.run(["propose", "ci-cache", "-t", "reference", "-d", "CI caches by lockfile hash", "--source", "ci.yml", "--kind", "fact", "--task-id", "t-1", "--json"]);
  assert.equal(staged.code, 0, staged.stderr);
  const id = JSON.parse(staged.stdout).proposal.id as string;
  const file = path.join(w.memory, ".memctl", "proposals", `${id}.json`);
  const p = JSON.parse(fs.readFileSync(file, "utf8"));
  fs.writeFileSync(file, JSON.stringify({ ...p, card: { ...p.card, name: "./MEMORY.md" }, target: "MEMORY.md", base_sha256: null }, null, 2));
  const before = w.index();
  const cardBefore = fs.readFileSync(path.join(w.memory, "feedback_run-tests.md"), "utf8");

  const review = await w.run(["review", "--json"]);
  assert.equal(review.code, 0, review.stderr);
  const flagged = JSON.parse(review.stdout).proposals.find((x: { id: string }) => x.id === id);
  assert.match(String(flagged.flags.not_a_card), /MEMORY\.md/, "review flags it");
  assert.match((await w.run(["review"])).stdout, /not-a-card/, "the human listing shows the flag");

  const accept = await w.run(["accept", id, "--force"]);
  assert.notEqual(accept.code, 0, "accept refuses it");
  assert.match(accept.stderr, /MEMORY\.md/);
  const consolidated = await w.run(["consolidate", "--accept-facts", "--json"]);
  assert.equal(consolidated.code, 0, consolidated.stderr);
  const report = JSON.parse(consolidated.stdout);
  assert.deepEqual(report.accepted, []);
  assert.ok(
    report.held.some((h: { id: string; why: string }) => h.id === id && /not a card/.test(h.why)),
    JSON.stringify(report.held),
  );

  assert.equal(w.index(), before, "MEMORY.md is byte for byte as it was");
  assert.equal(fs.readFileSync(path.join(w.memory, "feedback_run-tests.md"), "utf8"), cardBefore);
  assert.equal((await w.run(["reject", id, "--reason", "names the index"])).code, 0, "the owner can still reject it");
});
