import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI, makeWorld, type World } from "../support/fixture.js";

// `[hosts.claude] write = true` lets Claude's agents write cards. It never let them change the owner's configuration
// (which directory a project's memory is) or rewire hosts (which hooks run, with which budget): those are the owner's,
// refused in every agent's shell by the one owner check (lib/records/actor.ts assertOwner).

const OPT_IN = "[hosts.claude]\nwrite = true\n";

function run(w: World, argv: string[], mark: Record<string, string> = {}) {
  const env = { PATH: process.env.PATH ?? "", HOME: w.home, ...w.env, ...mark };
  return spawnSync(process.execPath, [CLI, ...argv], { cwd: w.repo, env, encoding: "utf8", input: "" });
}

test("an opted-in host's shell may not run config set / migrate, install or uninstall; --dry-run and --status still answer", (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const elsewhere = path.join(w.root, "elsewhere");
  fs.mkdirSync(elsewhere);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, OPT_IN);
  const config = fs.readFileSync(w.env.MEMCTL_CONFIG_FILE!, "utf8");
  for (const argv of [
    ["config", "set", "--repo-root", w.repo, "--memory-dir", elsewhere],
    ["config", "migrate", "--repo-root", w.repo],
    ["install", "generic", "--scope", "project"],
    ["install", "claude", "--max-bytes", "99999"],
    ["uninstall", "claude"],
  ]) {
    const r = run(w, [...argv, "--json"], { CLAUDECODE: "1" });
    assert.equal(r.status, 1, `${argv.join(" ")}: ${r.stdout}${r.stderr}`);
    const err = JSON.parse(r.stdout).error;
    assert.equal(err.code, "E_READ_ONLY", argv.join(" "));
    assert.match(
      err.message,
      /^host:claude may not .*the owner's.*write opt-in does not reach it.*claude's agent shell \(CLAUDECODE=1\).*Run it yourself, outside the agent's shell/s,
      argv.join(" "),
    );
  }
  assert.equal(fs.readFileSync(w.env.MEMCTL_CONFIG_FILE!, "utf8"), config, "the owner's config unchanged");
  assert.equal(fs.existsSync(path.join(w.home, ".claude")), false, "Claude not wired");
  assert.equal(fs.existsSync(path.join(w.repo, "AGENTS.md")), false, "generic not wired");
  // Looking is open: a dry run prints the diff, --status the state, and lint reads the file.
  assert.equal(run(w, ["install", "claude", "--dry-run"], { CLAUDECODE: "1" }).status, 0);
  assert.equal(run(w, ["uninstall", "claude", "--dry-run"], { CLAUDECODE: "1" }).status, 0);
  assert.notEqual(run(w, ["install", "--status", "--json"], { CLAUDECODE: "1" }).stdout, "");
  assert.equal(fs.existsSync(path.join(w.home, ".claude")), false);

  // The owner, outside every agent's shell, still does all of it.
  const set = run(w, ["config", "set", "--repo-root", w.repo, "--memory-dir", elsewhere, "--json"]);
  assert.equal(set.status, 0, set.stderr);
  assert.equal(JSON.parse(set.stdout).changed, true);
});
