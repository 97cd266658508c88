import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { gitRefusal } from "../../lib/sync/git-names.js";
import { scratchDir } from "../support/scratch.js";

// gitRefusal says what git's own checkout says: each name is put to the real git (update-index runs the same
// verify_path a checkout does), with both platform rules on as a Mac's git has them.

const NAMES = [
  // refused
  ".git",
  "a/.git",
  "A/.GIT/config",
  "x/git~1",
  "GIT~1/y",
  "y/.git. ",
  "y/.git .",
  "z/.git::$INDEX_ALLOCATION",
  ".git:stream",
  "h/.g\u200cit",
  "\ufeff.git/x",
  "a/./b",
  "a/../b",
  "..",
  "x\\.git",
  "x\\git~1\\y",
  // kept
  ".gitignore",
  ".gitattributes",
  ".gitmodules",
  ".github/workflows/x.yml",
  "git~2/x",
  ".git.x",
  ".gitx",
  "a\\b.md",
  "project_x.md",
  "MEMORY.md",
  ".memctl/proposals/p-1.json",
  "notes/.gitkeep",
  "git",
  "x.git",
  "...",
  ".g it",
];

test("gitRefusal refuses exactly the paths git's checkout refuses (core.protectNTFS and core.protectHFS on)", () => {
  const dir = scratchDir("memctl-git-names-");
  const env = { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_INDEX_FILE: path.join(dir, "index") };
  spawnSync("git", ["init", "-q", dir], { env });
  const blob = spawnSync("git", ["hash-object", "-w", "--stdin"], { cwd: dir, env, input: "x\n", encoding: "utf8" }).stdout.trim();
  for (const mode of ["100644", "120000"]) {
    for (const name of [...NAMES, "sub/.gitmodules", ".GITMODULES", "gitmod~1", "sub/.gitmodules. "]) {
      const r = spawnSync("git", ["-c", "core.protectHFS=true", "-c", "core.protectNTFS=true", "update-index", "--add", "--cacheinfo", `${mode},${blob},${name}`], {
        cwd: dir,
        env,
        encoding: "utf8",
      });
      assert.equal(gitRefusal(name, mode) !== undefined, r.status !== 0, `${JSON.stringify(name)} ${mode}: git says ${r.status === 0 ? "fine" : r.stderr.trim()}`);
    }
  }
});
