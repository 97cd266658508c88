// A FIFO or a link to /dev/zero or /proc/self/pagemap planted in the store under a card's name (by a sync arrival, an agent's shell, a
// cloned project): the owner's commands that read cards answer promptly, with a clear error or the file skipped. The
// built CLI in child processes, real FIFOs and links, a CPU-time bound. These passed when written (h/trustleft2): each
// path is stat-checked before its read; the test keeps it so.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] }];

for (const [name, plant] of [
  ["a FIFO", (file: string) => assert.equal(spawnSync("mkfifo", [file]).status, 0)],
  ["a link to /dev/zero", (file: string) => fs.symlinkSync("/dev/zero", file)],
  // A regular file that stat calls empty and reads without end (8 bytes per page of the address space): a size check
  // passes it, so only a read bounded by the descriptor's size is safe (h/attack11: doctor read MEMORY.md to 4 GB).
  ["a link to /proc/self/pagemap", (file: string) => fs.symlinkSync("/proc/self/pagemap", file)],
] as const) {
  for (const planted of [
    "project_planted.md",
    "episodes.jsonl",
    ".memctl/history.jsonl",
    "MEMORY.md",
    ".memctl/arrival-lines.json",
    ".memctl/jobs.jsonl",
    ".memctl/history-latest.idx",
    ".memctl/proposals-log.jsonl",
    ".memctl/usage.jsonl",
  ])
    test(`${planted} as ${name}: doctor, stats, list, search, show and history finish promptly`, async (t) => {
      const s = sandbox(CARDS);
      t.after(() => s.cleanup());
      const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
      if (planted === "project_planted.md") fs.appendFileSync(path.join(s.memory, "MEMORY.md"), "- [Planted](project_planted.md) — release notes for the planted card\n");
      fs.mkdirSync(path.join(s.memory, ".memctl"), { recursive: true });
      fs.rmSync(path.join(s.memory, planted), { force: true });
      plant(path.join(s.memory, planted));
      for (const argv of [
        ["doctor"],
        ["stats"],
        ["list"],
        ["search", "planted"],
        ["show", "project_planted.md"],
        ["show", "feedback_testing.md"],
        ["history", "project_planted.md"],
      ]) {
        const r = await runBounded([CLI, ...argv], "", env, s.repo);
        assert.equal(r.signal, null, `memctl ${argv.join(" ")} killed after ${r.ms} ms, ${r.cpuMs} ms CPU, peak ${r.peakKiB} KiB`);
        assert.ok(r.cpuMs < 3000, `memctl ${argv.join(" ")}: ${r.cpuMs} ms CPU`);
        assert.ok(r.code !== null && r.code <= 3, `memctl ${argv.join(" ")} exited ${r.code}: ${r.stderr}`);
      }
    });
}
