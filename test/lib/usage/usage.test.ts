import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { ageBucket, foldUsage, parseSnapshot, readUsage, recordHits } from "../../../lib/usage/usage.js";
import { acquireStoreLock } from "../../../lib/store/lock.js";
import { scratchDir } from "../../support/scratch.js";

const made: string[] = [];
const tmp = () => {
  made.push(scratchDir("memctl-usage-"));
  return made.at(-1)!;
};
after(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

test("no sidecar reads as store none; hits are counted per card with the latest day", async () => {
  const dir = tmp();
  assert.equal(readUsage(dir, "2026-12-02").store, "none");
  await recordHits(dir, ["a.md", "b.md"], "2026-12-01");
  await recordHits(dir, ["a.md"], "2026-12-02");
  const u = readUsage(dir, "2026-12-02");
  assert.equal(u.store, "tsv");
  assert.deepEqual(u.cards.get("a.md"), { access_count: 2, last_access_day: "2026-12-02" });
  assert.deepEqual(u.cards.get("b.md"), { access_count: 1, last_access_day: "2026-12-01" });
});

test("a fold changes nothing a reader sees, and a second fold does not double count", async () => {
  const dir = tmp();
  for (let i = 0; i < 5; i++) await recordHits(dir, ["a.md", "c.md"], "2026-12-02");
  const before = readUsage(dir, "2026-12-02");
  assert.equal(foldUsage(dir, "2026-12-02"), true);
  assert.deepEqual(readUsage(dir, "2026-12-02").cards, before.cards);
  assert.equal(foldUsage(dir, "2026-12-02"), true);
  assert.deepEqual(readUsage(dir, "2026-12-02").cards.get("a.md"), { access_count: 5, last_access_day: "2026-12-02" });
  const snap = parseSnapshot(fs.readFileSync(path.join(dir, ".memctl", "usage.tsv"), "utf8"));
  assert.equal(snap.cards.get("c.md")!.access_count, 5);
});

test("a crash after renaming the log aside loses nothing (the folding file stays pending)", async () => {
  const dir = tmp();
  await recordHits(dir, ["a.md"], "2026-12-02");
  fs.renameSync(path.join(dir, ".memctl", "usage.log"), path.join(dir, ".memctl", `usage.${Date.now()}-1.folding`));
  assert.equal(readUsage(dir, "2026-12-02").cards.get("a.md")!.access_count, 1);
  foldUsage(dir, "2026-12-02");
  await recordHits(dir, ["a.md"], "2026-12-02");
  assert.equal(readUsage(dir, "2026-12-02").cards.get("a.md")!.access_count, 2);
});

test("counts halve once per 30 days; age buckets share one table", async () => {
  const dir = tmp();
  for (let i = 0; i < 8; i++) await recordHits(dir, ["a.md"], "2026-01-01");
  foldUsage(dir, "2026-01-01");
  assert.equal(readUsage(dir, "2026-03-05").cards.get("a.md")!.access_count, 2);
  assert.equal(ageBucket("2026-12-02", "2026-12-02").label, "<=1d");
  assert.equal(ageBucket("2026-11-20", "2026-12-02").label, "<=30d");
  assert.equal(ageBucket("2025-01-01", "2026-12-02").label, ">90d");
});

test("paths with a tab or newline are refused by the writer", async () => {
  const dir = tmp();
  const r = await recordHits(dir, ["ok.md", "bad\tname.md", "bad\nname.md"], "2026-12-02");
  assert.deepEqual(r.refused, ["bad\tname.md", "bad\nname.md"]);
  assert.deepEqual([...readUsage(dir, "2026-12-02").cards.keys()], ["ok.md"]);
});

test("an unreadable or corrupt sidecar reads as store error with no cards, never a throw", () => {
  const dir = tmp();
  fs.mkdirSync(path.join(dir, ".memctl"));
  fs.writeFileSync(path.join(dir, ".memctl", "usage.tsv"), "garbage\x00\x01\n");
  const u = readUsage(dir, "2026-12-02");
  assert.equal(u.store, "error");
  assert.equal(u.cards.size, 0);
  fs.rmSync(path.join(dir, ".memctl", "usage.tsv"));
  fs.mkdirSync(path.join(dir, ".memctl", "usage.tsv"));
  assert.equal(readUsage(dir, "2026-12-02").store, "error");
});

test("a torn pending line is reported as malformed, not counted", () => {
  const dir = tmp();
  fs.mkdirSync(path.join(dir, ".memctl"));
  fs.writeFileSync(path.join(dir, ".memctl", "usage.log"), "2026-12-02\ta.md\nnot-a-day\tb.md\n2026-12-0");
  const u = readUsage(dir, "2026-12-02");
  assert.equal(u.cards.get("a.md")!.access_count, 1);
  assert.equal(u.malformed, 1);
  assert.equal(u.cards.has("b.md"), false);
});

test("readUsage for only some cards (the hook's read) gives those cards the numbers of a full read", async () => {
  const dir = tmp();
  for (let i = 0; i < 6; i++) await recordHits(dir, ["a.md", `c${i % 3}.md`], "2026-01-01");
  foldUsage(dir, "2026-01-01");
  await recordHits(dir, ["a.md", "z.md"], "2026-03-10");
  for (const today of ["2026-03-10", "2026-06-01"]) {
    const full = readUsage(dir, today);
    const asked = ["a.md", "c0.md", "c1.md", "c2.md", "z.md", "missing.md"];
    const lazy = readUsage(dir, today, new Set(asked));
    assert.equal(lazy.store, "tsv");
    for (const card of asked) assert.deepEqual(lazy.cards.get(card), full.cards.get(card), `${card} on ${today}`);
  }
  assert.equal(readUsage(tmp(), "2026-03-10", new Set(["a.md"])).store, "none");
});

test("recordHitsSync: the caller's paths are written as given, in one line", async () => {
  const { recordHitsSync } = await import("../../../lib/usage/usage.js");
  const dir = tmp();
  const r = recordHitsSync(dir, ["a.md", "b/c.md"], "2026-12-02");
  assert.deepEqual([r.recorded, r.refused], [2, []]);
  assert.equal(fs.readFileSync(path.join(dir, ".memctl", "usage.log"), "utf8"), "2026-12-02\ta.md\tb/c.md\n");
  assert.deepEqual(readUsage(dir, "2026-12-02").cards.get("b/c.md"), { access_count: 1, last_access_day: "2026-12-02" });
});

test("a fold never takes the store lock from a live writer, however old that lock looks, and folds once it is free", async (t) => {
  const dir = tmp();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await recordHits(dir, ["a.md"], "2026-12-02", { foldAtBytes: Number.MAX_SAFE_INTEGER });
  const release = await acquireStoreLock(dir);
  try {
    // A live writer (this process) whose lock has not been touched for two minutes: past the old fold lock's
    // 60 s take-over age, seen by a fold whose clock agrees.
    const old = new Date(Date.now() - 120_000);
    fs.utimesSync(path.join(dir, ".memctl", "lock"), old, old);
    assert.equal(
      foldUsage(dir, "2026-12-02", () => Date.now() + 120_000),
      false,
    );
    assert.equal(fs.existsSync(path.join(dir, ".memctl", "usage.tsv")), false, "nothing folded under a live writer's lock");
  } finally {
    release();
  }
  assert.equal(foldUsage(dir, "2026-12-02"), true);
  assert.deepEqual(readUsage(dir, "2026-12-02").cards.get("a.md"), { access_count: 1, last_access_day: "2026-12-02" });
});
