// doctor and instruction memory (issue 31, item 7): dead imports, cycles, imports refused as unsafe, and the
// always-on size against [instructions] max_bytes, as warnings with their fix; the JSON key only when there is
// something to say, after the existing keys.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runCli, sandbox, testIo } from "../helpers.js";

const CARDS = [{ file: "project_deploy.md", title: "Deploy", hook: "argo syncs staging" }];

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

test("doctor: a project without instruction files reports nothing about them (no key, no warning)", async (t) => {
  const s = sandbox(CARDS);
  t.after(s.cleanup);
  const r = await runCli(["doctor", "--json"], testIo({ cwd: s.repo, home: s.home, env: s.io.env }));
  const report = JSON.parse(r.stdout);
  assert.equal("instructions" in report, false);
  assert.equal(report.warnings_count, 0);
});

test("doctor: dead, cyclic and unsafe imports and the always-on size over budget are warnings with their fix", async (t) => {
  const s = sandbox(CARDS);
  t.after(s.cleanup);
  const outside = path.join(path.dirname(s.repo), "outside.md");
  write(outside, "not for the model\n");
  write(path.join(s.repo, "AGENTS.md"), "Rules.\n@docs/a.md\n@docs/gone.md\n@docs/link.md\n");
  write(path.join(s.repo, "docs", "a.md"), "A.\n@../AGENTS.md\n" + "a".repeat(200) + "\n");
  fs.symlinkSync(outside, path.join(s.repo, "docs", "link.md"));
  write(s.io.env.MEMCTL_CONFIG_FILE!, "[instructions]\nmax_bytes = 100\n");
  const io = testIo({ cwd: s.repo, home: s.home, env: s.io.env });
  const r = await runCli(["doctor", "--json"], io);
  assert.equal(r.code, 0, "instruction problems are warnings: the store is healthy");
  const report = JSON.parse(r.stdout);
  assert.equal(Object.keys(report).at(-1), "instructions", "a new key, after the existing ones");
  const i = report.instructions;
  assert.deepEqual([i.parts, i.max_bytes, i.over_budget, i.max_import_depth], [2, 100, true, 5]);
  assert.equal(i.always_on_bytes, Buffer.byteLength("Rules.\n@docs/a.md\n@docs/gone.md\n@docs/link.md\n") + Buffer.byteLength("A.\n@../AGENTS.md\n" + "a".repeat(200) + "\n"));
  assert.deepEqual(
    i.dead_imports.map((x: { line: number; target: string }) => [x.line, x.target]),
    [[3, "docs/gone.md"]],
  );
  assert.deepEqual(
    i.cycles.map((x: { file: string; line: number }) => [path.relative(s.repo, x.file), x.line]),
    [["docs/a.md", 2]],
  );
  assert.deepEqual(
    i.unsafe_imports.map((x: { line: number; target: string }) => [x.line, x.target]),
    [[4, "docs/link.md"]],
  );
  assert.equal(report.warnings_count, 4);
  const human = (await runCli(["doctor"], io)).stdout;
  assert.match(human, /instructions +2 parts +always on +\d+ B of 100 B \(over\)/);
  assert.match(human, /! dead import +.*AGENTS.md:3 @docs\/gone.md: /);
  assert.match(human, /! import cycle +.*docs\/a.md:2 @..\/AGENTS.md: /);
  assert.match(human, /! unsafe import +.*AGENTS.md:4 @docs\/link.md: .*resolves through a symlink/);
  assert.match(human, /! instructions size +the always-on instruction files are \d+ B, over \[instructions\] max_bytes 100 B/);
  assert.match(human, /fix: trim the always-on files/);
});
