// Issue 16, item 9: "every read checks the file type and caps the size before reading; non-regular files are
// reported, never opened for reading". The hook, context and prepare have their own test
// (test/hooks/nonregular-files.test.ts); this one plants a real FIFO (or a symlink) at each store file the other
// commands read and runs the built CLI: each answers promptly, names the file, and never calls it a bug.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers.js";
import { makeWorld } from "../support/fixture.js";
import { HANG_MS } from "../support/bounded-run.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

/** `report`: commands that need the file, so they must name it; `quiet`: commands that may not need it, which only must not hang or call it a bug. */
const CASES: { file: string; link?: boolean; report: string[][]; quiet?: string[][] }[] = [
  { file: "MEMORY.md", report: [["save", "deploy", "-d", "changed"], ["rm", "deploy"], ["distill"], ["compress"], ["compact", "--show"]], quiet: [["adopt"]] },
  { file: ".memctl/history.jsonl", report: [["doctor"], ["history"], ["save", "deploy", "-d", "changed"], ["adopt"]], quiet: [["compact", "--show"]] },
  { file: ".memctl/jobs.jsonl", report: [["jobs"], ["consolidate"]] },
  { file: ".memctl/compact.json", report: [["doctor"], ["compact", "--show"]], quiet: [["stats"]] },
  { file: "episodes.jsonl", report: [["rebuild-summary"], ["shard"]] },
  { file: "episodes.jsonl", link: true, report: [["shard"]] },
  // Read by descriptor (no link followed, the type checked on what was opened), so a swap after a check cannot get in.
  { file: ".memctl/history.jsonl", link: true, report: [["doctor"], ["history"]] },
  { file: ".memctl/intent.json", report: [["save", "deploy", "-d", "changed"], ["doctor"]] },
  { file: ".memctl/intent.json", link: true, report: [["save", "deploy", "-d", "changed"], ["doctor"]] },
  { file: ".memctl/machine-id", report: [], quiet: [["save", "deploy", "-d", "changed"], ["doctor"]] },
  { file: ".memctl/machine-id", link: true, report: [], quiet: [["save", "deploy", "-d", "changed"], ["doctor"]] },
  { file: ".memctl/quarantine/intent-0123456789abcdef.json", report: [], quiet: [["doctor"]] },
  { file: ".memctl/quarantine/intent-0123456789abcdef.json", link: true, report: [], quiet: [["doctor"]] },
];

for (const c of CASES) {
  test(`${c.file} as a ${c.link ? "symlink" : "FIFO"}: ${[...c.report, ...(c.quiet ?? [])].map((a) => a[0]).join(", ")} answer promptly and never report a bug; those that need it name it`, (t) => {
    const w = makeWorld();
    t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
    const env = { PATH: process.env.PATH, HOME: w.home, ...w.env };
    const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: w.repo, env, encoding: "utf8", timeout: HANG_MS, killSignal: "SIGKILL" });
    assert.equal(run(["save", "deploy", "-t", "reference", "-d", "deploys go through the train"]).status, 0);
    assert.equal(run(["log", "--host", "claude", "--summary", "an old session"]).status, 0);
    const at = path.join(w.mem, c.file);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.rmSync(at, { force: true });
    if (c.link) {
      fs.writeFileSync(path.join(w.root, "outside.jsonl"), "");
      fs.symlinkSync(path.join(w.root, "outside.jsonl"), at);
    } else assert.equal(spawnSync("mkfifo", [at]).status, 0);
    for (const args of [...c.report, ...(c.quiet ?? [])]) {
      const r = run(args);
      const said = `memctl ${args.join(" ")}: exit ${r.status} ${r.signal ?? ""}\n${r.stdout}${r.stderr}`;
      assert.equal(r.signal, null, `hung: ${said}`);
      assert.doesNotMatch(r.stderr, /internal error|a bug in memctl/, said);
      if (!c.report.includes(args)) continue;
      assert.ok((r.stdout + r.stderr).includes(path.basename(c.file)), `names ${c.file}: ${said}`);
      assert.match(r.stdout + r.stderr, c.link ? /symlink|link/ : /FIFO|not a regular file/, said);
    }
  });
}
