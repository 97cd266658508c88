import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

// The owner's own replacement card: `save NEW --supersede OLD` marks OLD as accept --supersede does (one write,
// OLD kept with status: superseded and superseded_by), and the hook, list and search reflect it at once.

test("save --supersede marks the old card in the same save; the hook stops printing it, list and search mark it", async () => {
  const w = makeWorld();
  await memctl(w, ["save", "db-port", "-t", "project", "-d", "The dev database listens on port 5433", "--topics", "database"]);
  const r = await memctl(w, ["save", "db-port-new", "-t", "project", "-d", "The dev database moved to port 6543", "--topics", "database", "--supersede", "db-port", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.file, "project_db-port-new.md");
  assert.deepEqual(
    out.superseded.map((s: { file: string; superseded_by: string }) => [s.file, s.superseded_by]),
    [["project_db-port.md", "db-port-new"]],
  );
  const old = fs.readFileSync(path.join(w.mem, "project_db-port.md"), "utf8");
  assert.match(old, /^status: superseded$/m);
  assert.match(old, /^superseded_by: db-port-new$/m);
  const hook = await memctl(w, ["hook", "user-prompt-submit", "--host", "generic"], { stdin: JSON.stringify({ cwd: w.repo, prompt: "which port does the dev database use?" }) });
  assert.match(hook.stdout, /port 6543/);
  assert.doesNotMatch(hook.stdout, /5433/);
  assert.match((await memctl(w, ["list"])).stdout, /^db-port +project +normal +\S+ +\(superseded by db-port-new\) /m);
  const hits = JSON.parse((await memctl(w, ["search", "database", "--json"])).stdout).results;
  assert.equal(hits.find((h: { id: string }) => h.id === "project_db-port.md").superseded_by, "db-port-new");
  const history = fs
    .readFileSync(path.join(w.mem, ".memctl", "history.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    history.map((e: { card: string; op: string }) => `${e.card} ${e.op}`),
    ["project_db-port.md create", "project_db-port-new.md create", "project_db-port.md update"],
  );
  // The text output names the card it replaced.
  const text = await memctl(w, ["save", "db-port-3", "-t", "project", "-d", "The dev database is on port 7000 now", "--supersede", "db-port-new"]);
  assert.match(text.stdout, /superseded project_db-port-new\.md \(status: superseded, superseded_by: db-port-3\)/);
});

test("save --supersede names an existing other card or writes nothing; from an agent's shell it is named as not kept", async () => {
  const w = makeWorld();
  await memctl(w, ["save", "a", "-t", "project", "-d", "Alpha"]);
  const missing = await memctl(w, ["save", "b", "-t", "project", "-d", "Beta", "--supersede", "nope"]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /--supersede nope: no such card/);
  assert.equal(fs.existsSync(path.join(w.mem, "project_b.md")), false, "nothing written");
  const self = await memctl(w, ["save", "a", "-d", "Alpha two", "--supersede", "a"]);
  assert.equal(self.code, 2);
  const agent = await memctl(w, ["save", "c", "-t", "project", "-d", "Gamma", "--supersede", "a"], { env: { CLAUDECODE: "1" } });
  assert.equal(agent.code, 0, agent.stderr);
  assert.match(agent.stdout, /not part of a proposal, so not kept: --supersede/);
  assert.doesNotMatch(fs.readFileSync(path.join(w.mem, "project_a.md"), "utf8"), /superseded/);
});
