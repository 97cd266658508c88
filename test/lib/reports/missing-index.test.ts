import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../../support/fixture.js";

// Audit finding 7: doctor's fix for a mapped directory without MEMORY.md was "fix or unset the config entry". An empty
// one needs `memctl init`; one with cards whose index went to the trash needs that copy back.

async function doctorFix(w: ReturnType<typeof makeWorld>): Promise<{ reason: string; fix: string; text: string }> {
  const json = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  const text = (await memctl(w, ["doctor"])).stdout;
  return { ...json.resolution_issues[0], text };
}

test("a mapped directory with no index and no cards: the fix is memctl init, and following it works", async () => {
  const w = makeWorld();
  fs.rmSync(path.join(w.mem, "MEMORY.md"));
  const { fix, text } = await doctorFix(w);
  assert.match(fix, /^run "memctl init" to create MEMORY\.md in /);
  assert.match(text, /fix: run "memctl init"/);
  assert.doesNotMatch(text, /fix or unset/);
  assert.equal((await memctl(w, ["init"])).code, 0);
  assert.equal((await memctl(w, ["doctor"])).code, 0);
});

test("cards but MEMORY.md in the trash (an older memctl's memory tool could delete it): the fix restores that copy, and the command it gives works", async () => {
  const w = makeWorld();
  assert.equal((await memctl(w, ["save", "lint", "-t", "feedback", "-d", "Run the linter first"])).code, 0);
  const index = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  // The memory tool now refuses it (E_PATH_RESERVED); the trash copy is what such a delete left behind.
  assert.equal((await memctl(w, ["manage", "delete", "MEMORY.md"])).code, 1);
  fs.mkdirSync(path.join(w.mem, ".memctl", "trash"), { recursive: true });
  fs.renameSync(path.join(w.mem, "MEMORY.md"), path.join(w.mem, ".memctl", "trash", "MEMORY.md@1764990000000-a1b2c3"));
  const { reason, fix } = await doctorFix(w);
  assert.match(reason, /memory exists, its index is missing \(1 card file\)/);
  const cp = /restore its last copy: (cp \S+ \S+),/.exec(fix);
  assert.ok(cp, fix);
  assert.match(cp[1]!, /\.memctl\/trash\/MEMORY\.md@/);
  execFileSync("sh", ["-c", cp[1]!]);
  assert.equal(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), index);
  assert.equal((await memctl(w, ["doctor"])).code, 0);
});

test("cards and no trash copy: the fix starts the index by hand, after which doctor names each card's line", async () => {
  const w = makeWorld();
  assert.equal((await memctl(w, ["save", "lint", "-t", "feedback", "-d", "Run the linter first"])).code, 0);
  fs.rmSync(path.join(w.mem, "MEMORY.md"));
  const { fix } = await doctorFix(w);
  const start = /start it by hand: (printf .+ > \S+),/.exec(fix);
  assert.ok(start, fix);
  execFileSync("sh", ["-c", start[1]!]);
  assert.equal(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), "# Memory\n");
  assert.match((await memctl(w, ["doctor"])).stdout, /orphan card +feedback_lint\.md/);
});
