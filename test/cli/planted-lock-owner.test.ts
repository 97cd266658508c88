import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI, makeWorld } from "../support/fixture.js";

// Every write takes the store lock, and a lock directory already there had its owner file read with a plain read to
// tell whether it is abandoned. A store kept in a project checkout brings `.memctl/lock/owner` as a link: linked to
// /dev/zero, `memctl save` grew to 8.4 GB until it was killed at 20 s. The owner file is read through the checked
// reader (no link followed, no FIFO or device opened, a few KiB): such a lock is ownerless, and broken once stale.

test("a planted lock whose owner file is a link to /dev/zero or a FIFO costs a save no memory and no hang", () => {
  const w = makeWorld();
  try {
    const lock = path.join(w.mem, ".memctl", "lock");
    fs.mkdirSync(lock, { recursive: true });
    fs.symlinkSync("/dev/zero", path.join(lock, "owner"));
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lock, old, old); // checked out long ago: past the grace an ownerless lock gets
    const save = (name: string) =>
      spawnSync(process.execPath, ["--max-old-space-size=256", CLI, "save", name, "-t", "project", "-d", `the ${name} card`], {
        cwd: w.repo,
        env: { PATH: process.env.PATH, HOME: w.home, ...w.env },
        encoding: "utf8",
        timeout: 20_000,
      });
    const first = save("first");
    assert.equal(first.signal, null, "the save ended by itself");
    assert.equal(first.status, 0, first.stderr);
    assert.ok(fs.existsSync(path.join(w.mem, "project_first.md")));
    // The same with a FIFO another local process left as the owner file.
    fs.mkdirSync(lock);
    spawnSync("mkfifo", [path.join(lock, "owner")]);
    fs.utimesSync(lock, old, old);
    const second = save("second");
    assert.equal(second.signal, null, "the save ended by itself");
    assert.equal(second.status, 0, second.stderr);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});
