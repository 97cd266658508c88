// The built CLI run the way an agent's shell runs it: the environment carries the host's mark (CLAUDECODE=1,
// CODEX_THREAD_ID, OPENCODE=1, GROK_AGENT=1). Each spawn gets exactly the environment built here, so the result
// is the same whether this suite itself runs inside an agent or not.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { readHistory } from "../../lib/store/history.js";
import { CLI, makeWorld, type World } from "../support/fixture.js";

const MARKS = {
  claude: { CLAUDECODE: "1", AI_AGENT: "claude-code_2-1-328_agent" },
  codex: { CODEX_THREAD_ID: "019a5c3e-thread" },
  opencode: { OPENCODE: "1", AGENT: "1" },
  grok: { GROK_AGENT: "1" },
} as const;

function world(t: TestContext): World {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  return w;
}

function run(w: World, argv: string[], mark: Record<string, string> = {}, input?: string) {
  const env = { PATH: process.env.PATH, HOME: w.home, ...w.env, ...mark };
  const r = spawnSync(process.execPath, [CLI, ...argv], { cwd: w.repo, env, encoding: "utf8", input: input ?? "" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const pending = (w: World) =>
  fs.existsSync(path.join(w.mem, ".memctl", "proposals"))
    ? fs
        .readdirSync(path.join(w.mem, ".memctl", "proposals"))
        .filter((f) => f.endsWith(".json"))
        .map((f) => JSON.parse(fs.readFileSync(path.join(w.mem, ".memctl", "proposals", f), "utf8")))
    : [];
const cards = (w: World) => fs.readdirSync(w.mem).filter((f) => f !== ".memctl" && f !== "MEMORY.md");

test("save from each host's agent shell stages a proposal attributed to that host; nothing canonical is written", async (t) => {
  const w = world(t);
  const index = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  for (const [host, mark] of Object.entries(MARKS)) {
    const r = run(w, ["save", `from-${host}`, "-t", "project", "-d", `learned in ${host}`, "--priority", "always"], mark);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`^not saved: host:${host} may not save memory cards`));
    assert.match(r.stdout, new RegExp(`staged a new card project_from-${host}\\.md as proposal p-\\S+ \\(host:${host}\\) instead`));
    assert.match(r.stdout, /not kept: --priority/);
    assert.match(r.stdout, new RegExp(`\\[hosts\\.${host}\\]\\n\\s+write = true`));
  }
  assert.deepEqual(
    pending(w)
      .map((p) => [p.card.name, p.proposer, p.source])
      .sort(),
    Object.keys(MARKS)
      .map((h) => [`from-${h}`, `host:${h}`, `memctl save by host:${h}`])
      .sort(),
  );
  assert.deepEqual(cards(w), []);
  assert.equal(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), index);
  assert.deepEqual(readHistory(w.mem).entries, []);
});

test("--actor human from Claude's shell does not make it the owner: warned, staged, --json says saved: false", async (t) => {
  const w = world(t);
  const r = run(w, ["save", "x", "-t", "project", "-d", "claimed as the owner", "--actor", "human", "--json"], MARKS.claude);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /--actor human ignored: this runs in claude's agent shell \(CLAUDECODE=1\), so it acts as host:claude/);
  const out = JSON.parse(r.stdout);
  assert.deepEqual([out.saved, out.staged, out.proposal.proposer, out.opt_in], [false, true, "host:claude", "[hosts.claude]\nwrite = true"]);
  assert.deepEqual(cards(w), []);
});

test("rm, adopt, fix-fields, manage, accept, reject, consolidate, compact, import, sync init / trust, config set, install and uninstall are refused in an agent's shell", async (t) => {
  const w = world(t);
  assert.equal(run(w, ["save", "kept", "-t", "project", "-d", "saved by the owner"]).code, 0);
  const proposed = run(w, ["propose", "idea", "-t", "project", "-d", "an idea", "--source", "s", "--json"]);
  const id = JSON.parse(proposed.stdout).proposal.id as string;
  const before = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  for (const argv of [
    ["rm", "kept"],
    ["adopt"],
    ["fix-fields"],
    ["manage", "create", "notes/a.md", "--text", "a"],
    ["accept", id],
    ["accept", id, "--actor", "human"],
    ["reject", id, "--reason", "no"],
    ["consolidate", "--accept-facts"],
    ["compact", "--mechanical"],
    ["import", "claude", "--yes"],
    ["sync", "init", path.join(w.root, "remote.git")],
    // Lowering sync's protection (own: a teammate's push applies unreviewed) or rewiring a host is the owner's choice.
    ["sync", "trust", "own"],
    ["install", "generic", "--scope", "project"],
    ["uninstall", "claude"],
    ["config", "set", "--repo-root", w.repo, "--memory-dir", path.join(w.root, "elsewhere")],
  ]) {
    const r = run(w, [...argv, "--json"], MARKS.claude);
    assert.equal(r.code, 1, `${argv.join(" ")}: ${r.stdout}${r.stderr}`);
    const err = JSON.parse(r.stdout).error;
    assert.equal(err.code, "E_READ_ONLY", argv.join(" "));
    assert.match(err.message, /host:claude may not .*This runs in claude's agent shell \(CLAUDECODE=1\)/s, argv.join(" "));
    assert.match(err.message, /memctl propose/);
  }
  assert.deepEqual(cards(w), ["project_kept.md"]);
  assert.equal(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), before);
  assert.deepEqual(
    pending(w).map((p) => p.status),
    ["pending"],
  );
  assert.equal(fs.existsSync(path.join(w.mem, ".git")), false);
  assert.equal(fs.existsSync(w.env.MEMCTL_CONFIG_FILE!), false);
  assert.equal(fs.existsSync(path.join(w.repo, "AGENTS.md")), false);
  assert.deepEqual(
    readHistory(w.mem).entries.map((e) => e.actor),
    ["human"],
  );
});

test("log and propose stay open to an agent's shell, attributed to its host", async (t) => {
  const w = world(t);
  const log = run(w, ["log", "--host", "codex", "--summary", "fixed the flaky test", "--json"], MARKS.codex);
  assert.equal(log.code, 0, log.stderr);
  assert.equal(JSON.parse(fs.readFileSync(path.join(w.mem, "episodes.jsonl"), "utf8")).actor, "host:codex");
  const propose = run(w, ["propose", "ci", "-t", "reference", "-d", "CI caches", "--source", "ci run 1", "--actor", "human", "--json"], MARKS.codex);
  assert.equal(propose.code, 0, propose.stderr);
  assert.equal(JSON.parse(propose.stdout).proposal.proposer, "host:codex");
});

test("with [hosts.claude] write = true, Claude's shell saves and removes directly; another host's opt-in grants nothing", async (t) => {
  const w = world(t);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[hosts.codex]\nwrite = true\n");
  const denied = run(w, ["save", "x", "-t", "project", "-d", "d", "--actor", "host:codex"], MARKS.claude);
  assert.match(denied.stdout, /^not saved: host:claude may not save/);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[hosts.claude]\nwrite = true\n");
  const save = run(w, ["save", "y", "-t", "project", "-d", "written by an opted-in host"], MARKS.claude);
  assert.equal(save.code, 0, save.stderr);
  assert.match(save.stdout, /created project_y\.md \(rev 1, host:claude\)/);
  const rm = run(w, ["rm", "y"], MARKS.claude);
  assert.equal(rm.code, 0, rm.stderr);
  // Codex run from inside that Claude shell carries both marks: Codex is not opted in, so it only proposes.
  const nested = run(w, ["save", "z", "-t", "project", "-d", "d"], { ...MARKS.claude, ...MARKS.codex });
  assert.match(nested.stdout, /^not saved: host:claude may not save .*codex's agent shell/);
  assert.deepEqual(
    readHistory(w.mem).entries.map((e) => [e.card, e.op, e.actor]),
    [
      ["project_y.md", "create", "host:claude"],
      ["project_y.md", "delete", "host:claude"],
    ],
  );
});
