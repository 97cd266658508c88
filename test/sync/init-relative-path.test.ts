import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { remoteFrom } from "../../lib/sync/remote.js";
import { gitOn, makeCluster, memctlOn, ok, saveCard, type Machine } from "../support/machines.js";

// `memctl sync init ../team-memory.git` typed in a project names a path from where it was typed. git runs in the
// store's own folder, so the same words there named another place and the init failed as "cannot reach".

const EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) — hook\n";

test("sync init with a remote path relative to the current directory syncs with that remote", async (t) => {
  const c = makeCluster();
  t.after(() => fs.rmSync(c.root, { recursive: true, force: true }));
  // The store where Claude's would be: deeper than the project, so the path names nothing from there.
  const first = c.machines[0] as Machine;
  const mem = path.join(first.home, ".claude", "projects", "-project", "memory");
  const a: Machine = { ...first, mem, env: { ...first.env, MEMCTL_MEMORY_DIR: mem } };
  fs.mkdirSync(a.mem, { recursive: true });
  fs.writeFileSync(path.join(a.mem, "MEMORY.md"), EMPTY_INDEX);
  const relative = path.relative(a.repo, c.remote);
  assert.ok(relative.startsWith(".."), relative);
  const r = await memctlOn(a, ["sync", "init", relative, "--trust", "own"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(gitOn(a, "remote", "get-url", "origin"), c.remote, "kept as the path it named, from anywhere");
  await saveCard(a, "project", "ci", "CI runs on GitHub Actions");
  await ok(a, ["sync"]);
  const pushed = execFileSync("git", ["--git-dir", c.remote, "log", "--format=%H", "-1", "main"], { env: a.env }).toString().trim();
  assert.equal(pushed, gitOn(a, "rev-parse", "HEAD"), "the remote holds the store's commit");
});

test("only a relative local path is resolved: URLs, scp-like host:path and absolute paths are as given", () => {
  for (const url of ["git@github.com:me/memory.git", "host:memory.git", "ssh://host/srv/memory.git", "https://example.com/m.git", "file:///srv/m.git", "/srv/m.git"])
    assert.equal(remoteFrom(url, "/work/project"), url);
  assert.equal(remoteFrom("../team-memory.git", "/work/project"), "/work/team-memory.git");
  assert.equal(remoteFrom("./a:b.git", "/work/project"), "/work/project/a:b.git");
});
