// What h/newuser2 found and left: the last uninstall leaving memctl's empty installs/ folder, doctor calling a store
// healthy that this user cannot write, config lint passing on the TOML parser's bare "invalid value". Compiled CLI,
// temp world; the unwritable store runs doctor as nobody (chmod does not bind root), as test/cli/store-faults does.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { isRoot } from "../helpers.js";
import { CLI, makeWorld, spawnEnv, type World } from "../support/fixture.js";

const NOBODY = 65534;
const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => fs.existsSync(p));

function run(w: World, args: string[], env: NodeJS.ProcessEnv = spawnEnv(w), asNobody = false) {
  const argv = asNobody ? [setpriv!, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", process.execPath, CLI, ...args] : [process.execPath, CLI, ...args];
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: w.repo, env, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test("the last uninstall removes memctl's empty installs folder; one still holding a record, or a file of someone else's, stays", () => {
  const w = makeWorld();
  try {
    const state = path.join(w.home, ".state");
    const env = { ...spawnEnv(w), XDG_CONFIG_HOME: path.join(w.home, ".config"), XDG_STATE_HOME: state };
    const installs = path.join(state, "memctl", "installs");
    for (const host of ["claude", "codex"]) assert.equal(run(w, ["install", host], env).code, 0);
    assert.ok(fs.readdirSync(installs).length > 0, "install keeps its records there");
    assert.equal(run(w, ["uninstall", "claude"], env).code, 0);
    assert.ok(fs.readdirSync(installs).length > 0, "codex's records stay");
    assert.equal(run(w, ["uninstall", "codex"], env).code, 0);
    assert.equal(fs.existsSync(installs), false, "the last uninstall took the empty folder");
    // A file memctl did not write keeps the folder.
    assert.equal(run(w, ["install", "codex"], env).code, 0);
    fs.writeFileSync(path.join(installs, "notes.txt"), "mine\n");
    assert.equal(run(w, ["uninstall", "codex"], env).code, 0);
    assert.deepEqual(fs.readdirSync(installs), ["notes.txt"]);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

const noPrivilegeDrop = isRoot && setpriv ? false : "needs root and setpriv to run doctor as another user";

test("doctor run by a user who cannot write the store warns E_NOT_WRITABLE with the fix; the exit code stays the findings'", { skip: noPrivilegeDrop }, (t) => {
  const w = makeWorld();
  try {
    // nobody reaches the world and reads it, but writes nothing in the store; its HOME is its own. The parents'
    // modes come back when the test ends.
    for (let dir = path.dirname(w.root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const mode = fs.statSync(dir).mode & 0o7777;
      if ((mode & 0o001) === 0) {
        fs.chmodSync(dir, mode | 0o001);
        t.after(() => fs.chmodSync(dir, mode));
      }
    }
    spawnSync("chmod", ["-R", "a+rX", w.root]);
    const home = path.join(w.root, "nobody-home");
    fs.mkdirSync(home);
    fs.chownSync(home, NOBODY, NOBODY);
    const env = { ...spawnEnv(w), HOME: home, XDG_STATE_HOME: path.join(home, ".state") };
    const owner = run(w, ["doctor", "--json"]);
    assert.equal(owner.code, 0, owner.stdout);
    assert.equal((JSON.parse(owner.stdout) as Record<string, unknown>).store_not_writable, undefined, "the owner can write");
    const r = run(w, ["doctor", "--json"], env, true);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const report = JSON.parse(r.stdout) as { store_not_writable?: { code: string; dir: string; fix: string }; warnings_count: number };
    assert.equal(report.store_not_writable?.code, "E_NOT_WRITABLE");
    assert.equal(report.store_not_writable.dir, w.mem);
    assert.match(report.store_not_writable.fix, /owner|permission/);
    assert.ok(report.warnings_count >= 1);
    const text = run(w, ["doctor"], env, true);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /E_NOT_WRITABLE/);
    assert.doesNotMatch(text.stdout, /healthy|no issues/i);
    // An issue keeps doctor's exit 1.
    fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [Gone](project_gone.md) — a card that is not there\n");
    assert.equal(run(w, ["doctor"], env, true).code, 1);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("config lint on a value TOML cannot read names the key, its line and column, and that text needs quotes, never the value", () => {
  const w = makeWorld();
  try {
    const file = path.join(w.root, "lint.toml");
    const env = { ...spawnEnv(w), MEMCTL_CONFIG_FILE: file };
    fs.writeFileSync(file, "[recall]\nllm_command = claude -p\n");
    const r = run(w, ["config", "lint"], env);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /:2: .*recall\.llm_command/);
    assert.match(r.stdout, /column 15/);
    assert.match(r.stdout, /text needs quotes: llm_command = "…"/);
    assert.doesNotMatch(r.stdout, /claude -p/, "the value is not repeated: the message reaches the hook's block");
    const json = JSON.parse(run(w, ["config", "lint", "--json"], env).stdout) as { errors: { code: string; line: number; key?: string }[] };
    assert.equal(json.errors[0]?.code, "E_CONFIG_PARSE");
    assert.equal(json.errors[0]?.line, 2);
    // A value left open runs to the next line: the key is still the one it belongs to.
    fs.writeFileSync(file, "[hook]\nmax_bytes = [1,\n");
    assert.match(run(w, ["config", "lint"], env).stdout, /hook\.max_bytes/);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});

test("doctor --help lists a store this user cannot write among its warnings", () => {
  const w = makeWorld();
  try {
    const r = run(w, ["doctor", "--help"]);
    assert.equal(r.code, 0, r.stderr);
    const warnings = r.stdout.slice(r.stdout.indexOf("Warnings:"));
    assert.match(warnings, /cannot write[\s\S]*E_NOT_WRITABLE/);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});
