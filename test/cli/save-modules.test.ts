import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";

// A save loads the model runner (node:child_process, lib/compact/generate.ts) only for `[recall] on_save`, and the
// proposal writer only for a staged host save: every module a save loads is start-up time it pays at any store size
// (issue 32). The real CLI, as a user runs it; Node's own list of the builtins it loaded.

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const REPORT = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\nLOADED "+JSON.stringify(process.moduleLoadList.filter((m)=>m.includes("child_process")))+"\\n"))`;

test("a save, new card or update, does not load node:child_process", (t) => {
  const s = sandbox([{ file: "feedback_a.md", title: "A", hook: "hook a" }]);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  for (const argv of [
    ["save", "kiwi", "-t", "project", "-d", "kiwi is green"],
    ["save", "feedback_a", "-d", "hook a, updated"],
  ]) {
    const r = spawnSync(process.execPath, ["--import", REPORT, CLI, ...argv], { cwd: s.repo, env, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^✓ (created|updated) /);
    assert.equal(/^LOADED (.*)$/m.exec(r.stderr)?.[1], "[]", `${argv.join(" ")}: ${r.stderr}`);
  }
});
