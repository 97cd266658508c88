// consolidate --accept-facts by meaning and by trust (issue 29, item 4): paraphrases of a card (shared content
// terms, or its recall: keys) are held as near-duplicates, a number changed on the same subject (spelled out or in
// digits) is a contradiction, and kind: fact promotes only the owner's proposal or one whose source memctl checked.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { main } from "../../../lib/cli/main.js";
import { BufferSink, type Io } from "../../../lib/store/io.js";
import { sandbox } from "../../helpers.js";

function world() {
  const s = sandbox([]);
  const run = async (argv: string[]) => {
    const out = new BufferSink();
    const err = new BufferSink();
    const code = await main(argv, { ...s.io, stdout: out, stderr: err } as Io);
    return { code, stdout: out.text, stderr: err.text, json: () => JSON.parse(out.text) };
  };
  const card = (file: string, description: string, recall: string[] = []) => {
    const keys = recall.length ? `recall:\n${recall.map((k) => `  - ${k}`).join("\n")}\n` : "";
    fs.writeFileSync(path.join(s.memory, file), `---\nname: ${file.replace(/^[a-z]+_|\.md$/g, "")}\ndescription: ${description}\n${keys}metadata:\n  type: project\n---\n`);
    fs.appendFileSync(path.join(s.memory, "MEMORY.md"), `- [${file}](${file}) — ${description}\n`);
  };
  const propose = async (argv: string[]) => {
    const r = await run(["propose", ...argv, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    return r.json().proposal.id as string;
  };
  return { ...s, run, card, propose };
}

test("two paraphrases of an existing card are not auto-accepted: shared meaning terms, or the card's recall keys", async (t) => {
  const w = world();
  t.after(w.cleanup);
  w.card("project_test-db.md", "Integration tests run against a real Postgres in docker compose, never mocks", ["why not mock the database", "postgres in tests"]);
  const p1 = await w.propose(["db-in-tests", "-t", "project", "-d", "Never mock the database: integration tests use a real Postgres", "--source", "chat", "--kind", "fact"]);
  const p2 = await w.propose(["real-db", "-t", "project", "-d", "Tests must hit a real database rather than mocks", "--source", "chat", "--kind", "fact"]);
  const pass = (await w.run(["consolidate", "--accept-facts", "--json"])).json();
  assert.deepEqual(pass.accepted, []);
  const held = Object.fromEntries(pass.held.map((h: { id: string; why: string }) => [h.id, h.why]));
  assert.match(held[p1], /nearly duplicates project_test-db\.md/);
  assert.match(held[p2], /nearly duplicates project_test-db\.md/);
  assert.equal(fs.existsSync(path.join(w.memory, "project_db-in-tests.md")), false);
  assert.equal(fs.existsSync(path.join(w.memory, "project_real-db.md")), false);
});

test("forty minutes vs ten minutes (or 10 min) on the same subject is a contradiction, never a near-duplicate", async (t) => {
  const w = world();
  t.after(w.cleanup);
  w.card("project_deploy-time.md", "Deploys take forty minutes");
  const words = await w.propose(["deploy-duration", "-t", "project", "-d", "Deploys take ten minutes", "--source", "chat", "--kind", "fact"]);
  const digits = await w.propose(["deploy-length", "-t", "project", "-d", "Deploys take 10 min", "--source", "chat", "--kind", "fact"]);
  const pass = (await w.run(["consolidate", "--accept-facts", "--json"])).json();
  assert.deepEqual(pass.accepted, []);
  const rel = Object.fromEntries(
    pass.content_matches.filter((m: { card: string }) => m.card === "project_deploy-time.md").map((m: { id: string; relation: string }) => [m.id, m.relation]),
  );
  assert.deepEqual(rel, { [words]: "contradiction", [digits]: "contradiction" });
});

test("--accept-facts never promotes on the proposer's own label: the owner's fact, or a source naming a repository file", async (t) => {
  const w = world();
  t.after(w.cleanup);
  fs.writeFileSync(path.join(w.repo, "ci.yml"), "steps: []\n");
  const agent = await w.propose(["cache-key", "-t", "reference", "-d", "The build cache key is the lockfile hash", "--source", "standup", "--kind", "fact", "--task-id", "t1"]);
  const host = await w.propose(["lint-step", "-t", "reference", "-d", "Lint runs before the unit tests", "--source", "chat", "--kind", "fact", "--actor", "host:claude"]);
  const checked = await w.propose(["runner-os", "-t", "reference", "-d", "The runners use Ubuntu images", "--source", "ci.yml line 3", "--kind", "fact", "--actor", "host:codex"]);
  const owner = await w.propose(["release-day", "-t", "project", "-d", "Releases are cut on Mondays", "--source", "planning meeting", "--kind", "fact"]);
  const pass = (await w.run(["consolidate", "--accept-facts", "--json"])).json();
  assert.deepEqual(pass.accepted.map((a: { id: string }) => a.id).sort(), [checked, owner].sort());
  const held = Object.fromEntries(pass.held.map((h: { id: string; why: string }) => [h.id, h.why]));
  assert.match(held[agent], /agent:t1's own label and its source \(standup\) names no file in the repository/);
  assert.match(held[host], /host:claude's own label/);
  assert.match(held[host], new RegExp(`memctl accept ${host}`));
});
