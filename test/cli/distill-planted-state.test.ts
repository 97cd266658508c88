import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI, makeWorld } from "../support/fixture.js";

// `memctl distill` (also a host's /mem-distill) read its watermark, .memctl/distill.json, with a plain read. A store
// kept in a project checkout brings it as a link: linked to /dev/zero, distill grew to 4.2 GB until killed at 10 s.
// Read through the checked reader, such a file is no watermark: every episode is shown again.

test("distill past a watermark file linked to /dev/zero or a FIFO", () => {
  const w = makeWorld();
  try {
    fs.mkdirSync(path.join(w.mem, ".memctl"), { recursive: true });
    const mark = path.join(w.mem, ".memctl", "distill.json");
    const distill = () =>
      spawnSync(process.execPath, ["--max-old-space-size=256", CLI, "distill", "--json"], {
        cwd: w.repo,
        env: { PATH: process.env.PATH, HOME: w.home, ...w.env },
        encoding: "utf8",
        timeout: 20_000,
      });
    fs.symlinkSync("/dev/zero", mark);
    const linked = distill();
    assert.equal(linked.signal, null, "distill ended by itself");
    assert.equal(linked.status, 0, linked.stderr);
    fs.rmSync(mark);
    spawnSync("mkfifo", [mark]);
    const fifo = distill();
    assert.equal(fifo.signal, null, "distill ended by itself");
    assert.equal(fifo.status, 0, fifo.stderr);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});
