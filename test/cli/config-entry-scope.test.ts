import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug, projectKey } from "../../lib/config/project.js";
import { gitInit, REPO_ROOT, tempDir, writeStore } from "../helpers.js";
import { removeScratch } from "../support/scratch.js";

// Seed 001: a bad [projects."<key>"] entry fails closed for the project it matches, and only for it.
// Real git repositories, the built CLI and the built hook, as a user would run them.

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CARD = { file: "feedback_deploy.md", title: "Deploy rule", hook: "deploys go through the release train", topics: ["deploy"] };

const BAD_ENTRIES: Record<string, (keyB: string, repoB: string) => string> = {
  "a relative memory_dir": (keyB) => `[projects."${keyB}"]\nmemory_dir = "notes/memory"\n`,
  "no memory_dir": (keyB, repoB) => `[projects."${keyB}"]\nrepo_root = "${repoB}"\n`,
  "a memory_dir that is not a string": (keyB) => `[projects."${keyB}"]\nmemory_dir = 42\n`,
};

function world(badEntry: (keyB: string, repoB: string) => string) {
  const root = tempDir();
  const home = path.join(root, "home");
  fs.mkdirSync(home);
  const [a, b, c] = ["A", "B", "C"].map((name) => gitInit(path.join(root, name)));
  const memA = path.join(root, "memA");
  fs.mkdirSync(memA);
  writeStore(memA, [CARD]);
  // C has no config entry: it keeps its legacy Claude Code store.
  const legacyC = path.join(home, ".claude", "projects", claudeSlug(c!), "memory");
  fs.mkdirSync(legacyC, { recursive: true });
  writeStore(legacyC, [CARD]);
  const configFile = path.join(home, "config.toml");
  const keyB = projectKey(b!);
  const configText = `[projects."${projectKey(a!)}"]\nmemory_dir = "${memA}"\n\n${badEntry(keyB, b!)}`;
  fs.writeFileSync(configFile, configText);
  const env = { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: configFile };
  const cli = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd, env, encoding: "utf8" });
  const hook = (cwd: string, host: string) =>
    spawnSync(process.execPath, [HOOK, "--host", host], {
      cwd,
      env,
      encoding: "utf8",
      input: JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd, hook_event_name: "UserPromptSubmit", prompt: "how do we deploy?" }),
    });
  return { root, home, a: a!, b: b!, c: c!, memA, legacyC, keyB, configFile, configText, cli, hook, cleanup: () => removeScratch(root) };
}

for (const [label, badEntry] of Object.entries(BAD_ENTRIES)) {
  test(`config entry with ${label} for B: A and C resolve normally, B alone is invalid-explicit (exit 3)`, (t) => {
    const w = world(badEntry);
    t.after(w.cleanup);
    const a = w.cli(w.a, "resolve", "--json");
    assert.equal(a.status, 0, a.stdout + a.stderr);
    assert.deepEqual(pick(JSON.parse(a.stdout)), { status: "resolved", resolution_source: "config", memory_dir: w.memA });
    const c = w.cli(w.c, "resolve", "--json");
    assert.equal(c.status, 0, c.stdout + c.stderr);
    assert.deepEqual(pick(JSON.parse(c.stdout)), { status: "resolved", resolution_source: "legacy", memory_dir: w.legacyC });
    const b = w.cli(w.b, "resolve", "--json");
    assert.equal(b.status, 3, b.stdout + b.stderr);
    const rb = JSON.parse(b.stdout);
    assert.equal(rb.status, "invalid-explicit");
    assert.equal(rb.resolution_source, "config");
    assert.ok(rb.reason.includes(`projects."${w.keyB}"`), rb.reason);
    assert.ok(rb.reason.includes(w.configFile), rb.reason);
  });

  test(`config entry with ${label} for B: the built hook injects in A and C and never blocks, B gets a loud UNAVAILABLE block`, (t) => {
    const w = world(badEntry);
    t.after(w.cleanup);
    for (const host of ["claude", "codex", "generic"]) {
      for (const repo of [w.a, w.c]) {
        const r = w.hook(repo, host);
        assert.equal(r.status, 0, `${host} in ${repo}: ${r.stderr}`);
        assert.ok(!r.stdout.includes('"decision"'), r.stdout);
        assert.match(r.stdout, /feedback_deploy\.md/, `${host} in ${repo}`);
      }
      const inB = w.hook(w.b, host);
      assert.equal(inB.status, 0, `${host} in B must not block: ${inB.stderr}`);
      assert.ok(!inB.stdout.includes('"decision"'), inB.stdout);
      const block = host === "generic" ? inB.stdout : JSON.parse(inB.stdout).hookSpecificOutput.additionalContext;
      assert.match(block, /MEMORY INDEX UNAVAILABLE \(memory selection is invalid/);
      assert.ok(block.includes(`projects."${w.keyB}"`), block);
      assert.match(block, /memctl config lint/);
      assert.match(inB.stderr, /memory selection is invalid/);
    }
  });

  test(`config entry with ${label} for B: config lint names it, doctor in B reports it read-only, config set repairs it`, (t) => {
    const w = world(badEntry);
    t.after(w.cleanup);
    const lint = w.cli(w.root, "config", "lint", "--json");
    assert.equal(lint.status, 1, lint.stdout + lint.stderr);
    const report = JSON.parse(lint.stdout);
    assert.equal(report.ok, false);
    assert.ok(
      report.errors.some((e: { message: string }) => e.message.includes(`projects."${w.keyB}"`)),
      lint.stdout,
    );

    const doctorB = w.cli(w.b, "doctor", "--json");
    assert.equal(doctorB.status, 1, doctorB.stdout + doctorB.stderr);
    const issues = JSON.parse(doctorB.stdout).resolution_issues;
    assert.equal(issues.length, 1);
    assert.equal(issues[0].source, "config");
    assert.ok(issues[0].reason.includes(`projects."${w.keyB}"`), issues[0].reason);
    const doctorA = w.cli(w.a, "doctor", "--json");
    assert.deepEqual(JSON.parse(doctorA.stdout).resolution_issues, [], doctorA.stdout);
    assert.equal(fs.readFileSync(w.configFile, "utf8"), w.configText, "doctor never writes the config");

    // The entry-scoped problem does not stop the command that fixes it.
    const memB = path.join(w.root, "memB");
    fs.mkdirSync(memB);
    const set = w.cli(w.root, "config", "set", "--repo-root", w.b, "--memory-dir", memB, "--json");
    assert.equal(set.status, 0, set.stdout + set.stderr);
    const fixed = w.cli(w.b, "resolve", "--json");
    assert.equal(fixed.status, 0, fixed.stdout + fixed.stderr);
    assert.deepEqual(pick(JSON.parse(fixed.stdout)), { status: "resolved", resolution_source: "config", memory_dir: memB });
    assert.equal(w.cli(w.root, "config", "lint").status, 0);
  });
}

test("a config file that does not parse still fails closed for every project (nothing can be matched)", (t) => {
  const w = world(() => "[projects\n");
  t.after(w.cleanup);
  for (const repo of [w.a, w.b, w.c]) {
    const r = w.cli(repo, "resolve", "--json");
    assert.equal(r.status, 3, r.stdout);
    assert.equal(JSON.parse(r.stdout).status, "invalid-explicit");
  }
});

test("a bad [hook] budget is not a memory selection: projects still resolve, lint and doctor report it", (t) => {
  const w = world(() => "[hook]\nmax_bytes = -5\n");
  t.after(w.cleanup);
  const a = w.cli(w.a, "resolve", "--json");
  assert.equal(a.status, 0, a.stdout);
  assert.equal(w.cli(w.b, "resolve", "--json").status, 1, "B has no entry and no legacy store: unavailable");
  const hook = w.hook(w.a, "claude");
  assert.equal(hook.status, 0);
  assert.match(JSON.parse(hook.stdout).hookSpecificOutput.additionalContext, /feedback_deploy\.md/);
  const lint = w.cli(w.root, "config", "lint", "--json");
  assert.equal(lint.status, 1);
  assert.ok(
    JSON.parse(lint.stdout).errors.some((e: { message: string }) => e.message.includes("hook.max_bytes")),
    lint.stdout,
  );
  const doctor = JSON.parse(w.cli(w.a, "doctor", "--json").stdout);
  assert.ok(JSON.stringify(doctor).includes("hook.max_bytes"), "doctor shows the bad setting");
});

function pick(r: { status: string; resolution_source: string; memory_dir: string | null }) {
  return { status: r.status, resolution_source: r.resolution_source, memory_dir: r.memory_dir };
}
