import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { mergeIndex, mergeLog } from "../../lib/sync/merge-lines.js";
import { mergeText } from "../../lib/sync/merge-driver.js";

const ep = (ts: string, s: string) => JSON.stringify({ ts, host: "claude", summary: s });

test("a log merge is the union of both sides, each line once, their new lines placed by time", () => {
  const base = `${ep("2026-01-01T00:00:00Z", "base")}\n`;
  const ours = `${base}${ep("2026-01-03T00:00:00Z", "ours")}\n`;
  const theirs = `${base}${ep("2026-01-02T00:00:00Z", "theirs")}\n${ep("2026-01-03T00:00:00Z", "ours")}\n`;
  assert.deepEqual(mergeLog(base, ours, theirs).split("\n").filter(Boolean), [
    ep("2026-01-01T00:00:00Z", "base"),
    ep("2026-01-02T00:00:00Z", "theirs"),
    ep("2026-01-03T00:00:00Z", "ours"),
  ]);
});

test("a log line one side dropped (rotated into a shard) stays dropped; a last line without newline is kept", () => {
  const a = ep("2026-01-01T00:00:00Z", "a");
  const b = ep("2026-01-02T00:00:00Z", "b");
  assert.equal(mergeLog(`${a}\n${b}\n`, `${b}\n`, `${a}\n${b}`), `${b}\n`);
  assert.equal(mergeLog("", `${a}`, `${b}`), `${a}\n${b}\n`);
});

test("property: every line either side added appears exactly once; nothing of ours is lost", () => {
  const line = fc.integer({ min: 0, max: 40 }).map((n) => ep(`2026-01-${String((n % 28) + 1).padStart(2, "0")}T00:00:00Z`, `e${n}`));
  fc.assert(
    fc.property(fc.uniqueArray(line, { maxLength: 10 }), fc.uniqueArray(line, { maxLength: 10 }), fc.uniqueArray(line, { maxLength: 10 }), (base, o, t) => {
      const ours = [...base, ...o.filter((l) => !base.includes(l))];
      const theirs = [...base, ...t.filter((l) => !base.includes(l))];
      const merged = mergeLog(base.map((l) => `${l}\n`).join(""), ours.map((l) => `${l}\n`).join(""), theirs.map((l) => `${l}\n`).join(""))
        .split("\n")
        .filter(Boolean);
      assert.equal(new Set(merged).size, merged.length);
      assert.deepEqual(new Set(merged), new Set([...ours, ...theirs]));
    }),
  );
});

const HEAD = "# Memory\n\n";
const line = (f: string, hook = f) => `- [${f}](${f}) — ${hook}`;

test("index: lines added on both sides are both kept, in place; a line removed on one side stays removed", () => {
  const base = `${HEAD}${line("feedback_a.md")}\n${line("feedback_b.md")}\n`;
  const ours = `${HEAD}${line("feedback_a.md")}\n${line("feedback_ours.md")}\n${line("feedback_b.md")}\n`;
  const theirs = `${HEAD}${line("feedback_a.md")}\n${line("feedback_theirs.md")}\n`;
  assert.equal(mergeIndex(base, ours, theirs), `${HEAD}${line("feedback_a.md")}\n${line("feedback_theirs.md")}\n${line("feedback_ours.md")}\n`);
});

test("index: one side's changed line is taken; both changed keeps ours (as the card does)", () => {
  const base = `${HEAD}${line("feedback_a.md", "old")}\n${line("feedback_b.md", "old")}\n`;
  const ours = `${HEAD}${line("feedback_a.md", "ours")}\n${line("feedback_b.md", "old")}\n`;
  const theirs = `${HEAD}${line("feedback_a.md", "theirs")}\n${line("feedback_b.md", "theirs")}\n`;
  assert.equal(mergeIndex(base, ours, theirs), `${HEAD}${line("feedback_a.md", "ours")}\n${line("feedback_b.md", "theirs")}\n`);
});

test("card: one side changed → that side; both changed → ours, and theirs is handed over (to become a proposal)", () => {
  const lost: string[] = [];
  assert.equal(
    mergeText("card", "base", "base", "theirs", (t) => lost.push(t)),
    "theirs",
  );
  assert.equal(
    mergeText("card", "base", "ours", "theirs", (t) => lost.push(t)),
    "ours",
  );
  assert.deepEqual(lost, ["theirs"]);
});
