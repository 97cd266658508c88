// doctor names a stuck or failed job with the command that resumes it, taken from the job ledger. The ledger is per
// machine, but a store kept in a project checkout brings one from the project's history, and its `command` (or, when
// it has none, its `kind`) was printed as it stood: `run memctl consolidate; touch pwned to resume it`. The printed
// fix is run by sh here, with a stand-in `memctl` on PATH, as the owner's paste would.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI, makeWorld } from "../support/fixture.js";

const IFS = "$" + "{IFS}";

test("a fix doctor prints for a planted job's command or kind runs nothing but memctl when pasted", () => {
  const w = makeWorld();
  try {
    const events = [
      { job: "j-cmd", event: "queued", at: "2026-12-01T00:00:00.000Z", kind: "consolidate", command: "memctl consolidate; touch pwned-cmd" },
      { job: "j-cmd", event: "leased", at: "2026-12-01T00:00:01.000Z", attempt: 1, holder: "1@elsewhere.invalid", lease_until: "2026-12-01T00:05:01.000Z" },
      { job: "j-kind", event: "queued", at: "2026-12-01T00:00:00.000Z", kind: `sync$(touch${IFS}pwned-kind)`, max_attempts: 1 },
      { job: "j-kind", event: "leased", at: "2026-12-01T00:00:01.000Z", attempt: 1, holder: "1@elsewhere.invalid", lease_until: "2026-12-01T00:05:01.000Z" },
      { job: "j-kind", event: "failed", at: "2026-12-01T00:00:02.000Z", error: "boom" },
      // What memctl itself records stays as it is: a quoted path is a word, not a command.
      { job: "j-own", event: "queued", at: "2026-12-01T00:00:00.000Z", kind: "import", command: "memctl import claude --from '/tmp/a b/$(x)' --yes" },
      { job: "j-own", event: "leased", at: "2026-12-01T00:00:01.000Z", attempt: 1, holder: "1@elsewhere.invalid", lease_until: "2026-12-01T00:05:01.000Z" },
    ];
    fs.mkdirSync(path.join(w.mem, ".memctl"), { recursive: true });
    fs.writeFileSync(path.join(w.mem, ".memctl", "jobs.jsonl"), events.map((e) => `${JSON.stringify(e)}\n`).join(""));
    const doctor = spawnSync(process.execPath, [CLI, "doctor"], { cwd: w.repo, env: { PATH: process.env.PATH, HOME: w.home, ...w.env }, encoding: "utf8", timeout: 30_000 });
    const fixes = [...doctor.stdout.matchAll(/fix: run (.+?) (?:to resume it|again) \(/g)].map((m) => m[1]!);
    assert.equal(fixes.length, 3, doctor.stdout);
    assert.ok(fixes.includes("memctl import claude --from '/tmp/a b/$(x)' --yes"), fixes.join("\n"));
    // Each fix pasted into sh: only the stand-in memctl runs, which records its arguments.
    const bin = path.join(w.home, "bin");
    const paste = path.join(w.home, "paste");
    fs.mkdirSync(bin);
    fs.mkdirSync(paste);
    fs.writeFileSync(path.join(bin, "memctl"), '#!/bin/sh\nprintf "%s\\n" "$*" >> ../ran\n', { mode: 0o755 });
    for (const fix of fixes) execFileSync("sh", ["-c", fix], { cwd: paste, env: { PATH: `${bin}:${process.env.PATH}` } });
    assert.deepEqual(fs.readdirSync(paste), [], `pasting the fixes ran a command: ${fixes.join(" | ")}`);
    assert.equal(fs.readFileSync(path.join(w.home, "ran"), "utf8").split("\n").filter(Boolean).length, 3);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});
