import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";
import { compactFile, handWrittenCards } from "../support/compact-fixture.js";

// Doctor owns the size diagnosis (seed 000 rule 4): it measures the same assembled body compact quotes and
// recommends "memctl compact" only when a compact is behind the records — never for a current one.

const doctor = async (w: ReturnType<typeof makeWorld>) => JSON.parse((await memctl(w, ["doctor", "--json"])).stdout).injection;

test("doctor and stats quote the numbers compact quotes: the assembled body with and without the compact", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  const before = await doctor(w);
  assert.deepEqual([before.compact.present, before.compact.status, before.compact.inject_bytes_with], [false, "absent", null]);
  const made = JSON.parse((await memctl(w, ["compact", "--mechanical", "--json"])).stdout);
  const inj = await doctor(w);
  assert.equal(inj.index_inject_bytes, made.bytes_without);
  assert.equal(inj.compact.inject_bytes_without, made.bytes_without);
  assert.equal(inj.compact.inject_bytes_with, made.bytes_with);
  assert.equal(inj.injected_bytes, made.bytes_with, "what the whole-index view injects now is the assembled body");
  assert.deepEqual([inj.compact.current, inj.compact.records_since, inj.compact.generator, inj.compact.records_covered], [true, 0, "mechanical", 60]);
  const stats = JSON.parse((await memctl(w, ["stats", "--json"])).stdout);
  assert.deepEqual([stats.index_inject_bytes, stats.compact_inject_bytes, stats.compact_current], [made.bytes_without, made.bytes_with, true]);
  const show = JSON.parse((await memctl(w, ["compact", "--show", "--json"])).stdout);
  assert.deepEqual([show.bytes_with, show.bytes_without], [made.bytes_with, made.bytes_without]);
});

test("over warn_bytes: a current compact → curate or raise warn_bytes (never recompact); behind the records → run memctl compact", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  assert.equal((await memctl(w, ["compact", "--mechanical"])).code, 0);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[doctor]\nwarn_bytes = 1000\n");
  const current = await doctor(w);
  assert.equal(current.over_warn, true);
  assert.equal(current.cause, "index-over-warn");
  assert.doesNotMatch(current.remedy, /memctl compact/);
  assert.match(current.remedy, /the compact is current and the index with it would still inject \d+ bytes \(\d+ without it; warn_bytes 1000\): curate it/);
  assert.match(current.remedy, /raise \[doctor\] warn_bytes/);
  const human = await memctl(w, ["doctor"]);
  assert.equal(human.code, 0, "size is a warning, never an error");
  assert.match(human.stdout, /compact +[\d,]+ B .*current, mechanical, 2026-12-02/);

  await memctl(w, ["save", "late", "-t", "feedback", "-d", "written after the compact"]);
  await memctl(w, ["rm", "topic-4"]);
  const behind = await doctor(w);
  assert.equal(behind.cause, "compact-behind");
  assert.deepEqual([behind.compact.current, behind.compact.records_since], [false, 2]);
  assert.match(behind.remedy, /the compact at \.memctl\/compact\.json is behind the records \(2 record\(s\) changed since it was made\): run "memctl compact"/);
  assert.match((await memctl(w, ["doctor"])).stdout, /compact +[\d,]+ B .*behind: 2 record\(s\) since/);

  assert.equal((await memctl(w, ["compact", "--mechanical"])).code, 0);
  assert.equal((await doctor(w)).cause, "index-over-warn", "recompacting makes it current again; the remedy goes back to curating");
  fs.unlinkSync(compactFile(w));
  // Issue 18: with no compact at all, a first one that would shrink what session start injects is suggested.
  const none = await doctor(w);
  assert.deepEqual([none.compact.present, none.cause], [false, "no-compact"]);
  assert.ok(none.compact.inject_bytes_first_compact < none.index_inject_bytes);
  assert.match(none.remedy, /no compact yet, and a first one would shrink what session start injects from \d+ to \d+ bytes \(warn_bytes 1000\): run "memctl compact"/);
});

test("no compact and one would not shrink the index: the remedy stays curate, never compact", async () => {
  const w = makeWorld();
  handWrittenCards(w, 3);
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[doctor]\nwarn_bytes = 100\n");
  const none = await doctor(w);
  assert.deepEqual([none.compact.present, none.over_warn, none.cause], [false, true, "index-over-warn"]);
  assert.doesNotMatch(none.remedy, /memctl compact/);
});

test("doctor's size warning quotes what session start injects: with a compact its assembled body, not the whole index", async () => {
  const w = makeWorld();
  handWrittenCards(w, 70);
  assert.equal((await memctl(w, ["compact", "--mechanical"])).code, 0);
  const inj = await doctor(w);
  assert.ok(inj.injected_bytes < inj.index_inject_bytes && inj.injected_bytes > 4096);
  const fmt = (n: number) => n.toLocaleString("en-US");
  const out = (await memctl(w, ["doctor"])).stdout;
  assert.match(
    out,
    new RegExp(`injected size +session start injects ${fmt(inj.injected_bytes)} B with the compact \\(whole index ${fmt(inj.index_inject_bytes)} B\\), over warn_bytes 4,096 B`),
  );
  fs.unlinkSync(compactFile(w));
  assert.match((await memctl(w, ["doctor"])).stdout, new RegExp(`injected size +session start injects the whole index, ${fmt(inj.index_inject_bytes)} B, over warn_bytes 4,096 B`));
});
