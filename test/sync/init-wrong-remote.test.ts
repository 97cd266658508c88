import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, makeCluster, memctlOn, ok, saveCard, type Machine } from "../support/machines.js";

// `memctl sync init <url>` with a URL that leads nowhere (a typo, a path not made yet): the message must not send
// the user to `memctl sync` as if they were offline, and a store that already synced keeps the remote it had.

const EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) — hook\n";

test("sync init with a wrong URL over a synced store keeps its remote and says so; memctl sync still works", async (t) => {
  const c = makeCluster();
  t.after(() => fs.rmSync(c.root, { recursive: true, force: true }));
  const a = c.machines[0] as Machine;
  fs.mkdirSync(a.mem);
  fs.writeFileSync(path.join(a.mem, "MEMORY.md"), EMPTY_INDEX);
  await ok(a, ["sync", "init", c.remote, "--trust", "own"]);
  const wrong = path.join(c.root, "no-such-remote.git");
  const r = await memctlOn(a, ["sync", "init", wrong, "--trust", "own"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /no-such-remote\.git/);
  assert.doesNotMatch(r.stderr, /Retry when online/);
  assert.match(r.stderr, /origin is still /);
  assert.equal(gitOn(a, "remote", "get-url", "origin"), c.remote);
  await saveCard(a, "project", "ci", "CI runs on GitHub Actions");
  await ok(a, ["sync"]);
});

test("a first sync init with a wrong URL says to check it and how to set another", async (t) => {
  const c = makeCluster();
  t.after(() => fs.rmSync(c.root, { recursive: true, force: true }));
  const a = c.machines[0] as Machine;
  fs.mkdirSync(a.mem);
  fs.writeFileSync(path.join(a.mem, "MEMORY.md"), EMPTY_INDEX);
  const wrong = path.join(c.root, "no-such-remote.git");
  const r = await memctlOn(a, ["sync", "init", wrong, "--trust", "own"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /check the URL/i);
  assert.match(r.stderr, /memctl sync init <remote-url>/);
});
