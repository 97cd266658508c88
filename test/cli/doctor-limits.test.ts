import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { makeProject, writeCleanStore } from "../lib/reports/fixture.js";
import { INDEX_READ_CAP } from "../../lib/store/index-read.js";

// .memctl/trash and episodes.jsonl are outside the store's file and byte limits (nothing reads them per prompt),
// so they have limits of their own: doctor warns past them, with the config line that raises each.

test("doctor warns when .memctl/trash or episodes.jsonl cross their own limits, and is quiet under the defaults", async (t) => {
  const p = makeProject();
  t.after(() => fs.rmSync(p.root, { recursive: true, force: true }));
  writeCleanStore(p, 1);
  p.write(".memctl/trash/feedback_a.md@rev1", "a".repeat(300));
  p.write(".memctl/trash/feedback_b.md@rev2", "b".repeat(300));
  const ep = (i: number) => JSON.stringify({ ts: `2026-11-0${i}T09:00:00.000Z`, host: "claude", summary: `session ${i}`, project_key: "k", repo: "/r", actor: "human" });
  p.write("episodes.jsonl", [ep(1), ep(2), ep(3)].join("\n") + "\n");

  const quiet = await p.json(["doctor"]);
  assert.equal(quiet.code, 0);
  assert.deepEqual(quiet.report.limits_exceeded, []);
  assert.equal(quiet.report.warnings_count, 0);

  fs.writeFileSync(p.configFile, "[guardrails]\nmax_trash_files = 1\nmax_trash_bytes = 500\nmax_episodes_lines = 2\nmax_episodes_bytes = 100000\n");
  const { code, report } = await p.json(["doctor"]);
  assert.equal(code, 0, "limits are warnings, never issues");
  assert.deepEqual(report.limits_exceeded, [
    { area: "trash", limit: "max_trash_files", value: 2, max: 1 },
    { area: "trash", limit: "max_trash_bytes", value: 600, max: 500 },
    { area: "episodes", limit: "max_episodes_lines", value: 3, max: 2 },
  ]);
  assert.equal(report.warnings_count, 3);
  const human = await p.run(["doctor"]);
  assert.match(human.stdout, /\.memctl\/trash holds 2 files; the limit is 1/);
  assert.match(human.stdout, /max_trash_files/);
  assert.match(human.stdout, /episodes\.jsonl holds 3 lines; the limit is 2/);
});

test("doctor warns when MEMORY.md is over the hook's read limit: the lines past it are never ranked", async (t) => {
  const p = makeProject();
  t.after(() => fs.rmSync(p.root, { recursive: true, force: true }));
  writeCleanStore(p, 1);
  const index = fs.readFileSync(`${p.memory}/MEMORY.md`, "utf8");
  const prose = "Notes kept beside the cards, long enough to pass the limit.\n";
  p.write("MEMORY.md", index + prose.repeat(Math.ceil((INDEX_READ_CAP + 1) / prose.length)));
  const { code, report } = await p.json(["doctor"]);
  assert.equal(code, 0, "a warning, not an issue");
  assert.equal(report.index_over_read_limit.limit, INDEX_READ_CAP);
  assert.ok(report.index_over_read_limit.bytes > INDEX_READ_CAP);
  assert.ok(report.warnings_count >= 1, "one warning (besides max_total_bytes, which 24 MiB also crosses)");
  assert.match((await p.run(["doctor"])).stdout, /MEMORY\.md is \d+ bytes, over the hook's read limit of 25165824: the lines past it are never ranked/);
});
