import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { readHistory } from "../../lib/store/history.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// Identity is attribution, and it must not be claimable: `system` is memctl's own importer, a host
// (`host:<name>`) logs and proposes but writes cards only when the owner opted it in.

function world(t: TestContext): World {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  return w;
}

const optIn = (w: World, text: string) => fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, text);
const listing = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f !== ".memctl")
    .sort();

test("--actor system is refused from the command line with a usage error; nothing is written", async (t) => {
  const w = world(t);
  for (const argv of [
    ["save", "x", "-t", "project", "-d", "claimed as the importer", "--actor", "system"],
    ["log", "--host", "claude", "--summary", "s", "--actor", "system"],
    ["propose", "x", "-t", "project", "-d", "d", "--source", "s", "--actor", "system"],
    ["manage", "create", "notes/a.md", "--text", "a", "--actor", "system"],
  ]) {
    const r = await memctl(w, [...argv, "--json"]);
    assert.equal(r.code, 2, argv.join(" "));
    assert.equal(JSON.parse(r.stdout).error.code, "E_USAGE");
    assert.match(JSON.parse(r.stdout).error.message, /system.*reserved/);
  }
  assert.deepEqual(listing(w.mem), ["MEMORY.md"]);
  assert.deepEqual(readHistory(w.mem).entries, []);
});

test("a host without the owner's opt-in may not rm or manage, and its save is staged as a proposal; the refusal says how to propose or opt in", async (t) => {
  const w = world(t);
  assert.equal((await memctl(w, ["save", "kept", "-t", "project", "-d", "saved by the owner"])).code, 0);
  const before = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  const staged = await memctl(w, ["save", "x", "-t", "project", "-d", "written by a host", "--actor", "host:claude", "--json"]);
  assert.equal(staged.code, 0, staged.stderr);
  const out = JSON.parse(staged.stdout);
  assert.deepEqual([out.saved, out.staged, out.proposal.proposer, out.proposal.card.name], [false, true, "host:claude", "x"]);
  assert.match(out.reason, /host:claude may not save memory cards/);
  for (const argv of [
    ["rm", "kept"],
    ["manage", "create", "notes/a.md", "--text", "a"],
    ["manage", "delete", "project_kept.md"],
  ]) {
    const r = await memctl(w, [...argv, "--actor", "host:claude", "--json"]);
    assert.equal(r.code, 1, argv.join(" "));
    const err = JSON.parse(r.stdout).error;
    assert.equal(err.code, "E_READ_ONLY", argv.join(" "));
    assert.match(err.message, /host:claude may not/);
    assert.match(err.message, /memctl propose/);
    assert.match(err.message, /\[hosts\.claude\]\s+write = true/);
  }
  assert.deepEqual(listing(w.mem), ["MEMORY.md", "project_kept.md"]);
  assert.equal(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), before);
  assert.deepEqual(
    readHistory(w.mem).entries.map((e) => e.actor),
    ["human"],
  );
});

test("another host's opt-in, or write = false, does not let host:claude write", async (t) => {
  const w = world(t);
  optIn(w, "[hosts.codex]\nwrite = true\n\n[hosts.claude]\nwrite = false\n");
  const r = await memctl(w, ["save", "x", "-t", "project", "-d", "d", "--actor", "host:claude", "--json"]);
  assert.deepEqual([JSON.parse(r.stdout).saved, JSON.parse(r.stdout).staged], [false, true]);
  assert.equal((await memctl(w, ["save", "x", "-t", "project", "-d", "d", "--actor", "host:codex"])).code, 0);
  assert.deepEqual(listing(w.mem), ["MEMORY.md", "project_x.md"]);
});

test("with [hosts.claude] write = true the host saves, manages and removes, each attributed to host:claude", async (t) => {
  const w = world(t);
  optIn(w, "[hosts.claude]\nwrite = true\n");
  const save = await memctl(w, ["save", "x", "-t", "project", "-d", "written by a trusted host", "--actor", "host:claude"]);
  assert.equal(save.code, 0, save.stderr);
  const manage = await memctl(w, ["manage", "create", "notes/a.md", "--text", "a\n", "--actor", "host:claude"]);
  assert.equal(manage.code, 0, manage.stderr);
  const rm = await memctl(w, ["rm", "x", "--actor", "host:claude"]);
  assert.equal(rm.code, 0, rm.stderr);
  assert.deepEqual(
    readHistory(w.mem).entries.map((e) => [e.card, e.op, e.actor]),
    [
      ["project_x.md", "create", "host:claude"],
      ["notes/a.md", "create", "host:claude"],
      ["project_x.md", "delete", "host:claude"],
    ],
  );
});

test("a host logs episodes and stages proposals without any opt-in", async (t) => {
  const w = world(t);
  const log = await memctl(w, ["log", "--host", "claude", "--summary", "fixed the flaky test", "--actor", "host:claude", "--json"]);
  assert.equal(log.code, 0, log.stderr);
  assert.equal(JSON.parse(fs.readFileSync(path.join(w.mem, "episodes.jsonl"), "utf8")).actor, "host:claude");
  const propose = await memctl(w, ["propose", "ci-cache", "-t", "reference", "-d", "CI caches node_modules", "--source", "ci run 881", "--actor", "host:claude", "--json"]);
  assert.equal(propose.code, 0, propose.stderr);
  assert.equal(JSON.parse(propose.stdout).proposal.proposer, "host:claude");
  assert.deepEqual(listing(w.mem), ["MEMORY.md", "episodes.jsonl"]);
});

test("the human owner still does everything, with or without host opt-ins", async (t) => {
  const w = world(t);
  assert.equal((await memctl(w, ["save", "x", "-t", "project", "-d", "d"])).code, 0);
  assert.equal((await memctl(w, ["manage", "create", "notes/a.md", "--text", "a"])).code, 0);
  assert.equal((await memctl(w, ["rm", "x", "--actor", "human"])).code, 0);
  assert.deepEqual(
    readHistory(w.mem).entries.map((e) => e.actor),
    ["human", "human", "human"],
  );
});

test("config lint understands [hosts.<name>] write and names a malformed entry", async (t) => {
  const w = world(t);
  optIn(w, "[hosts.claude]\nwrite = true\n");
  const ok = await memctl(w, ["config", "lint", "--json"]);
  assert.equal(ok.code, 0, ok.stdout);
  assert.deepEqual([JSON.parse(ok.stdout).errors, JSON.parse(ok.stdout).warnings], [[], []]);

  optIn(w, '[hosts.claude]\nwrite = "yes"\n\n[hosts."Bad Name"]\nwrite = true\n\n[hosts.codex]\nwrit = true\n');
  const bad = await memctl(w, ["config", "lint", "--json"]);
  assert.equal(bad.code, 1);
  const report = JSON.parse(bad.stdout);
  const messages = report.errors.map((e: { message: string }) => e.message).join("\n");
  assert.match(messages, /hosts\.claude\.write must be true or false/);
  assert.match(messages, /hosts\."Bad Name"/);
  assert.match(report.warnings.map((e: { message: string }) => e.message).join("\n"), /hosts\.codex.*writ/);
  // A malformed opt-in never grants a write, and says so; it does not stop the store from resolving for the owner.
  const r = await memctl(w, ["rm", "x", "--actor", "host:claude", "--json"]);
  assert.equal(r.code, 1);
  assert.match(JSON.parse(r.stdout).error.message, /\[hosts\.claude\] in .* is malformed and grants nothing/);
  const staged = await memctl(w, ["save", "x", "-t", "project", "-d", "d", "--actor", "host:claude", "--json"]);
  assert.match(JSON.parse(staged.stdout).reason, /\[hosts\.claude\] in .* is malformed and grants nothing/);
  assert.deepEqual(listing(w.mem), ["MEMORY.md"]);
  const owner = await memctl(w, ["save", "y", "-t", "project", "-d", "by the owner"]);
  assert.equal(owner.code, 0, owner.stderr);
  assert.deepEqual(listing(w.mem), ["MEMORY.md", "project_y.md"]);
});
