// What h/newuser2 found and left: the last uninstall leaving memctl's empty installs/ folder, doctor calling a store
// healthy that this user cannot write, config lint passing on the TOML parser's bare "invalid value". Compiled CLI,
// temp world; the unwritable store runs doctor as nobody (chmod does not bind root), as test/cli/store-faults does.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
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
