// A newcomer's unhappy paths, through the compiled CLI in a temp world: a transposed command name, doctor and
// stats before `memctl init`, doctor on a synced store where git is not installed, installing a host that is not.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { initRepo } from "../helpers.js";
import { CLI, makeWorld, spawnEnv, type World } from "../support/fixture.js";

function run(w: World, args: string[], env: NodeJS.ProcessEnv = spawnEnv(w)) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: w.repo, env, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A PATH holding only node: no git, no host binaries. */
function nodeOnlyPath(w: World): string {
  const bin = path.join(w.root, "node-only");
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(process.execPath, path.join(bin, "node"));
  return bin;
}

test("a transposed command name suggests the command (lsit → list), not another one as far by plain edits", () => {
  const w = makeWorld();
  try {
    const r = run(w, ["lsit"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown command "lsit" \(did you mean "list"\?\)/);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("doctor and stats before memctl init give memctl init as the fix, not a config entry to fix or unset", () => {
  const w = makeWorld({ createMemory: false, explicit: false });
  try {
    const doctor = run(w, ["doctor"]);
    assert.equal(doctor.code, 1);
    assert.match(doctor.stdout, /no memory selected/);
    assert.doesNotMatch(doctor.stdout, /unset the config entry/);
    assert.match(doctor.stdout, /fix: memctl init\b/);
    const stats = run(w, ["stats"]);
    assert.equal(stats.code, 1);
    assert.match(stats.stdout, /fix: memctl init\b/);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("doctor on a synced store with git not on PATH reports the rest of the store and says git is missing", () => {
  const w = makeWorld();
  try {
    initRepo(w.mem);
    const env = { ...spawnEnv(w), PATH: nodeOnlyPath(w) };
    const r = run(w, ["doctor"], env);
    assert.match(r.stdout, /memctl doctor {2}\S*mem/, r.stderr);
    assert.match(r.stdout, /git/);
    assert.match(r.stdout, /install git/);
    assert.equal(r.stderr, "");
    const json = JSON.parse(run(w, ["doctor", "--json"], env).stdout) as { memory_dir: string | null };
    assert.equal(json.memory_dir, w.mem);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("install for a host whose binary is not on PATH writes the wiring and says it waits for the host", () => {
  const w = makeWorld();
  try {
    const env = { ...spawnEnv(w), PATH: nodeOnlyPath(w), XDG_CONFIG_HOME: path.join(w.home, ".config"), XDG_STATE_HOME: path.join(w.home, ".state") };
    const r = run(w, ["install", "grok"], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Installed Grok Build/);
    assert.match(r.stdout, /grok is not on your PATH/);
    // Run again with the host present: no such note.
    const bin = path.join(w.root, "hostbin");
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, "grok"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    const again = run(w, ["install", "grok"], { ...env, PATH: `${env.PATH}${path.delimiter}${bin}` });
    assert.doesNotMatch(again.stdout, /grok is not on your PATH/);
    assert.equal(run(w, ["uninstall", "grok"], env).code, 0);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("install --scope project outside a repository is refused: from HOME its files would be the user scope's", () => {
  const w = makeWorld();
  try {
    const env = { ...spawnEnv(w), XDG_CONFIG_HOME: path.join(w.home, ".config"), XDG_STATE_HOME: path.join(w.home, ".state") };
    const r = spawnSync(process.execPath, [CLI, "install", "codex", "--scope", "project"], { cwd: w.home, env, encoding: "utf8" });
    assert.equal(r.status, 2, r.stdout);
    assert.match(r.stderr, /not inside a git repository/);
    assert.match(r.stderr, /--scope user/);
    assert.equal(fs.existsSync(path.join(w.home, ".codex")), false);
    assert.equal(fs.existsSync(path.join(w.home, "AGENTS.md")), false);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});
