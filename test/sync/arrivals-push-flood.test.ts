import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, ok, syncedPair } from "../support/machines.js";

// A teammate pushes thousands of tiny cards that break the card rules (all quarantined). The owner's sync spawned one
// `git show` per new file to read a "before" version that cannot exist (the diff says the path was added): ~2 ms of CPU
// and a journal write each, the bulk of the sync's cost. Counted through a git shim on PATH (real git behind it), so the
// bound holds on a loaded machine: the spawns must not grow with the number of files pushed.

const FILES = 3000;

test("a push of thousands of new cards costs the owner's sync no git process per file", async (t) => {
  const { c, a, b } = await syncedPair(t, "shared");
  for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(b.mem, `feedback_t${i}.md`), `x${i}\n`);
  gitOn(b, "add", "-A");
  gitOn(b, "commit", "-q", "--no-verify", "-m", "flood");
  gitOn(b, "push", "-q", "origin", "HEAD:main");
  const shim = path.join(c.root, "shim");
  fs.mkdirSync(shim);
  const count = path.join(c.root, "git-calls");
  const real = execFileSync("sh", ["-c", "command -v git"]).toString().trim();
  fs.writeFileSync(path.join(shim, "git"), `#!/bin/sh\necho x >> '${count}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
  const out = JSON.parse(await ok(a, ["sync", "--json"], { PATH: `${shim}${path.delimiter}${process.env.PATH}` })) as {
    arrivals: { path: string; state: string }[];
  };
  const quarantined = out.arrivals.filter((x) => x.state === "quarantined" && x.path.startsWith("feedback_t"));
  assert.equal(quarantined.length, FILES);
  const calls = fs.readFileSync(count, "utf8").split("\n").filter(Boolean).length;
  assert.ok(calls < 200, `${calls} git processes for ${FILES} pushed files`);
});
