// A fold SIGKILLed at any point (before the log is renamed aside, mid-read, before or after the snapshot's rename,
// before the counted folding file is deleted) never loses a hit nor counts one twice.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { foldUsage, readUsage, recordHitsSync } from "../../../lib/usage/usage.js";
import { REPO_ROOT } from "../../helpers.js";
import { scratchDir } from "../../support/scratch.js";

const DAY = "2026-12-02";
const USAGE = pathToFileURL(path.join(REPO_ROOT, "lib", "usage", "usage.ts")).href;

/** A process folding `dir` over and over (its clock past the grace period, so it also deletes counted files), killed with SIGKILL `afterMs` after it starts folding. */
function foldThenKill(dir: string, afterMs: number): Promise<void> {
  const code = `const { foldUsage } = await import(${JSON.stringify(USAGE)}); process.stdout.write("go\\n"); for (;;) foldUsage(${JSON.stringify(dir)}, ${JSON.stringify(DAY)}, () => Date.now() + 20_000);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] });
    child.on("error", reject);
    child.stdout.once("data", () => setTimeout(() => child.kill("SIGKILL"), afterMs));
    child.on("exit", (_code, signal) => (signal === "SIGKILL" ? resolve() : reject(new Error(`the folding process ended by itself (${_code})`))));
  });
}

test("SIGKILL during folds: every recorded hit is counted exactly once", { timeout: 120_000 }, async (t) => {
  const dir = scratchDir("memctl-fold-crash-");
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const cards = Array.from({ length: 12 }, (_, i) => `card_${i}.md`);
  const want = new Map<string, number>();
  for (let round = 0; round < 8; round++) {
    // Enough lines that a fold takes a while, so the kill lands at a different step each round.
    for (let i = 0; i < 1500; i++) {
      const hit = cards.filter((_, k) => (i + k + round) % 4 === 0);
      recordHitsSync(dir, hit, DAY, { foldAtBytes: Number.MAX_SAFE_INTEGER });
      for (const c of hit) want.set(c, (want.get(c) ?? 0) + 1);
    }
    await foldThenKill(dir, (round * 7) % 40);
    const read = readUsage(dir, DAY);
    assert.equal(read.store, "tsv");
    assert.equal(read.malformed, undefined, `round ${round}`);
    assert.deepEqual(new Map([...read.cards].map(([c, u]) => [c, u.access_count])), want, `round ${round}`);
  }
  // A fold killed between taking the lock and naming itself in it leaves an ownerless lock, broken after 2 s.
  const until = Date.now() + 10_000;
  while (!foldUsage(dir, DAY, () => Date.now() + 60_000)) {
    assert.ok(Date.now() < until, "the lock of a killed fold was never broken");
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.deepEqual(new Map([...readUsage(dir, DAY).cards].map(([c, u]) => [c, u.access_count])), want);
  // That fold may have renamed a log aside itself: its file is kept for the grace period, then goes.
  assert.equal(
    foldUsage(dir, DAY, () => Date.now() + 120_000),
    true,
  );
  assert.deepEqual(new Map([...readUsage(dir, DAY).cards].map(([c, u]) => [c, u.access_count])), want);
  const pending = fs.readdirSync(path.join(dir, ".memctl")).filter((n) => n.endsWith(".folding") || n === "usage.log");
  assert.deepEqual(pending, [], "a fold past the grace period leaves no counted file behind");
});
