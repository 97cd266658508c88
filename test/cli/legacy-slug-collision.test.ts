import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitInit, REPO_ROOT, tempDir } from "../helpers.js";

// Claude Code names a project's folder by replacing every character outside [A-Za-z0-9] with "-": a clone at
// <home>/src-payroll and one at <home>/src/payroll share <home>/.claude/projects/<slug>/memory/. The legacy store
// belongs to the project that used it first; the other gets a clear message (and may import nothing of it).

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

function setup() {
  const root = tempDir();
  const home = path.join(root, "home");
  const first = gitInit(path.join(home, "src-payroll"));
  const second = gitInit(path.join(home, "src", "payroll"));
  const env = { PATH: process.env.PATH ?? "", HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), XDG_STATE_HOME: path.join(home, "state") };
  const cli = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd, env, encoding: "utf8", timeout: 30_000 });
  const hook = (cwd: string, prompt: string) =>
    spawnSync(process.execPath, [HOOK, "--host", "claude"], { env, input: JSON.stringify({ cwd, prompt, session_id: "s1" }), encoding: "utf8", timeout: 30_000 });
  const sessionStart = (cwd: string) =>
    spawnSync(process.execPath, [CLI, "hook", "session-start", "--host", "claude"], {
      env,
      input: JSON.stringify({ cwd, session_id: "s1", source: "startup" }),
      encoding: "utf8",
      timeout: 30_000,
    });
  return { root, home, first, second, cli, hook, sessionStart };
}

function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((n) => !n.startsWith(".memctl"))
      .sort()
      .map((n) => [n, fs.statSync(path.join(dir, n)).isDirectory() ? "<dir>" : fs.readFileSync(path.join(dir, n), "utf8")]),
  );
}

const SALARY = ["save", "salary-rounding", "--type", "project", "--description", "payroll rounds salaries half-even at the cent", "--json"];

test("a second project whose path maps to the same Claude folder is not resolved to the first project's legacy store", () => {
  const { root, first, second, cli, hook, sessionStart } = setup();
  try {
    assert.equal(cli(first, "init", "--non-interactive", "--json").status, 0);
    const saved = cli(first, ...SALARY);
    assert.equal(saved.status, 0, saved.stdout + saved.stderr);
    const legacy = JSON.parse(cli(first, "resolve", "--json").stdout).memory_dir as string;
    const before = snapshot(legacy);

    const other = cli(second, "resolve", "--json");
    assert.equal(other.status, 1, other.stdout + other.stderr);
    const r = JSON.parse(other.stdout);
    assert.equal(r.memory_dir, null);
    assert.match(r.reason, new RegExp(`belongs to ${first.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    assert.match(r.reason, /memctl config set/);
    // Reading and writing commands stop with the same message; nothing of the first project's store is shown or changed.
    const list = cli(second, "list", "--json");
    assert.equal(list.status, 1, list.stdout + list.stderr);
    assert.doesNotMatch(list.stdout, /salary/);
    const save = cli(second, ...SALARY.slice(0, -1));
    assert.equal(save.status, 1, save.stdout + save.stderr);
    assert.match(save.stderr, /E_UNAVAILABLE/);
    const init = cli(second, "init", "--non-interactive");
    assert.notEqual(init.status, 0);
    assert.match(init.stderr, /belongs to/);
    const prompt = hook(second, "how are salaries rounded in payroll?");
    assert.equal(prompt.status, 0);
    assert.doesNotMatch(prompt.stdout, /salary/);
    assert.match(prompt.stdout, /UNAVAILABLE/);
    const start = sessionStart(second);
    assert.equal(start.status, 0);
    assert.match(start.stdout, /belongs to/);
    assert.doesNotMatch(start.stdout, /salary/);
    assert.deepEqual(snapshot(legacy), before);

    // The first project keeps working unchanged.
    const own = cli(first, "resolve", "--json");
    assert.equal(own.status, 0);
    assert.equal(JSON.parse(own.stdout).resolution_source, "legacy");
    assert.match(hook(first, "how are salaries rounded in payroll?").stdout, /salary/);

    // Given a store of its own, the second project imports nothing of the first project's Claude folder.
    const mine = path.join(root, "second-store");
    fs.mkdirSync(mine);
    const set = cli(second, "config", "set", "--repo-root", second, "--memory-dir", mine);
    assert.equal(set.status, 0, set.stdout + set.stderr);
    const made = cli(second, "init", "--non-interactive");
    assert.equal(made.status, 0, made.stdout + made.stderr);
    const imported = cli(second, "import", "claude", "--json");
    assert.doesNotMatch(imported.stdout, /salary/);
    assert.doesNotMatch(cli(second, "list", "--json").stdout, /salary/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("an existing legacy store with no owner recorded stays the project's that uses it, with no step to run", () => {
  const { root, home, first, second, cli } = setup();
  try {
    // A store as an earlier memctl (or Claude Code itself) left it: no record of its project.
    const slug = first.replace(/[^A-Za-z0-9]/g, "-");
    const legacy = path.join(home, ".claude", "projects", slug, "memory");
    fs.mkdirSync(legacy, { recursive: true });
    fs.writeFileSync(path.join(legacy, "MEMORY.md"), "# Memory\n\n- [Salary rounding](project_salary.md) — half-even at the cent\n");
    fs.writeFileSync(path.join(legacy, "project_salary.md"), "---\nname: salary rounding\ndescription: half-even at the cent\nmetadata:\n  type: project\n---\nHalf-even.\n");
    const own = cli(first, "list", "--json");
    assert.equal(own.status, 0, own.stdout + own.stderr);
    assert.match(own.stdout, /salary/);
    const other = cli(second, "resolve", "--json");
    assert.equal(other.status, 1, other.stdout);
    assert.match(JSON.parse(other.stdout).reason, /belongs to/);
    assert.equal(cli(first, "resolve", "--json").status, 0);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("an unrecorded legacy store goes to the project Claude's own transcripts there name, not the first to resolve it", () => {
  const { root, home, first, second, cli, hook } = setup();
  try {
    // Claude Code wrote this store in sessions started at `second` (their transcripts lie beside it, each line with the
    // session's cwd); `first`, whose path Claude gives the same folder name, resolves it first after the upgrade.
    const folder = path.join(home, ".claude", "projects", second.replace(/[^A-Za-z0-9]/g, "-"));
    const legacy = path.join(folder, "memory");
    fs.mkdirSync(legacy, { recursive: true });
    fs.writeFileSync(path.join(legacy, "MEMORY.md"), "# Memory\n\n- [Salary rounding](project_salary.md) — half-even at the cent\n");
    fs.writeFileSync(path.join(legacy, "project_salary.md"), "---\nname: salary rounding\ndescription: half-even at the cent\nmetadata:\n  type: project\n---\nHalf-even.\n");
    const line = (cwd: string) => `${JSON.stringify({ parentUuid: null, isSidechain: false, userType: "external", cwd, sessionId: "s-1", type: "user" })}\n`;
    fs.writeFileSync(path.join(folder, "3f2a9c1e-0000-4000-8000-000000000001.jsonl"), line(second) + line(path.join(second, "src")));

    const other = cli(first, "resolve", "--json");
    assert.equal(other.status, 1, other.stdout + other.stderr);
    const r = JSON.parse(other.stdout);
    assert.equal(r.legacy_owner, second);
    assert.match(hook(first, "how are salaries rounded in payroll?").stdout, /UNAVAILABLE/);
    const own = cli(second, "list", "--json");
    assert.equal(own.status, 0, own.stdout + own.stderr);
    assert.match(own.stdout, /salary/);

    // Transcripts of both projects there: first come, as before (the memory is already both projects').
    fs.rmSync(path.join(legacy, ".memctl"), { recursive: true, force: true });
    fs.writeFileSync(path.join(folder, "3f2a9c1e-0000-4000-8000-000000000002.jsonl"), line(first));
    assert.equal(cli(first, "resolve", "--json").status, 0);
    assert.equal(cli(second, "resolve", "--json").status, 1);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
