// Session start's kept lines carried forward as a log over the kept file (lib/hook/overview-log.ts), through real
// processes: after a save, a hand edit of MEMORY.md or of a card, an rm and a new card, the first trusted start
// writes a small sealed log naming the cache in force and leaves the kept file (19 MB at 100,000 cards) as it was;
// it and the next start print what a start checking every card prints. A log or kept file changed on disk is not
// printed from, and past its share of the kept file the carry keeps the whole lines again.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { waitFor } from "../support/keepers.js";
import { changeAndStart, cli, freshCheck, keptStore, logOf, named, settle } from "../support/kept-store.js";

test("after a save, a hand edit of MEMORY.md or of a card, an rm and a new card, the first trusted start keeps a log and leaves the kept file as it was", async (t) => {
  const k = await keptStore(t);
  await settle(k);
  const kept = { ino: fs.statSync(k.kept).ino, cache: named(k.kept) };
  const index = path.join(k.s.memory, "MEMORY.md");
  const card = path.join(k.s.memory, "feedback_s011.md");
  const changes: [string, () => Promise<void>, RegExp?][] = [
    ["a save", () => cli(k, "save", "s010", "-d", "note number s010 SAVED"), /s010 SAVED/],
    ["a hand edit of MEMORY.md", async () => fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("number s021 about", "number s021 BY HAND about")), /s021 BY HAND/],
    ["a hand edit of a card", async () => fs.writeFileSync(card, fs.readFileSync(card, "utf8").replace("topics:", "topics:\n  - handedited"))],
    ["an rm", () => cli(k, "rm", "s012")],
    ["a new card", () => cli(k, "save", "wombat", "-t", "feedback", "-d", "the wombat NEW CARD note"), /wombat NEW CARD/],
  ];
  for (const [what, change, expect] of changes) {
    const out = await changeAndStart(k, what, change, logOf(k));
    assert.equal(fs.statSync(k.kept).ino, kept.ino, `${what}: the kept file not written again`);
    assert.equal(named(k.kept), kept.cache, `${what}: the kept file still names the cache it was made for`);
    if (expect) assert.match(out, expect, what);
    assert.ok(!out.includes("feedback_s012.md") || what !== "an rm", "the removed card's line is gone");
    assert.equal(await k.start("codex"), out, `${what}: the next start prints the lines the log names`);
    assert.equal(out, await k.start("codex", true), `${what}: as a start checking every card`);
  }
});

test("a log or kept file changed on disk is not printed from: the start prints what a start checking every card prints", async (t) => {
  const k = await keptStore(t);
  await settle(k);
  await changeAndStart(k, "a save", () => cli(k, "save", "s010", "-d", "note number s010 SAVED"), logOf(k));
  const log = fs.readFileSync(logOf(k), "latin1");
  const keptBytes = fs.readFileSync(k.kept, "latin1");
  assert.ok(log.includes("s010 SAVED"), "the saved line is the log's own");
  const headOf = (text: string) => JSON.parse(text.slice(0, text.indexOf("\n"))) as { facts: { runs: number[] } };
  const runs = headOf(log).facts.runs;
  // The first run one byte shorter: a torn line if it were printed.
  const shorter = log.replace(`"runs":[${runs.join(",")}]`, `"runs":[${[runs[0], runs[1]! - 1, ...runs.slice(2)].join(",")}]`);
  assert.notEqual(shorter, log);
  const planted: [string, string, string, string][] = [
    ["the log's own line", logOf(k), log.replace("s010 SAVED", "s010 PLNTD"), "PLNTD"],
    ["the log's runs", logOf(k), shorter, ""],
    ["the kept file's lines", k.kept, keptBytes.replace("note number s020 about", "note number XXXX about"), "XXXX"],
  ];
  for (const [what, file, bytes, marker] of planted) {
    fs.writeFileSync(logOf(k), log, "latin1");
    fs.writeFileSync(k.kept, keptBytes, "latin1");
    fs.writeFileSync(file, bytes, "latin1");
    await waitFor(() => freshCheck(k.s.memory), 10_000, "a fresh check");
    const out = await k.start("codex");
    assert.match(out, /s010 SAVED/, what);
    if (marker) assert.ok(!out.includes(marker), `${what}: not printed`);
    assert.equal(out, await k.start("codex", true), `${what}: as a start checking every card`);
  }
});

test("past its share of the kept file a carry keeps the whole lines again, and every start prints what a full check prints", async (t) => {
  const k = await keptStore(t);
  await settle(k);
  const index = path.join(k.s.memory, "MEMORY.md");
  // Every other line made 1 KB longer by hand: more bytes than a log carries (LOG_MIN_BYTES in a store this small).
  const edit = async () => {
    const lines = fs.readFileSync(index, "utf8").split("\n");
    const long = ` about the WHOLE build${" and more".repeat(112)}`;
    fs.writeFileSync(index, lines.map((l, i) => (i % 2 === 0 ? l.replace(" about the build", long) : l)).join("\n"));
  };
  const out = await changeAndStart(k, "most lines edited", edit, k.kept);
  assert.match(out, /about the WHOLE build/);
  assert.equal(await k.start("codex"), out, "the next start prints the lines kept whole");
  assert.equal(out, await k.start("codex", true), "as a start checking every card");
});
