// The first session start after a change proves the cache from its delta's records alone when the sealed kept lines
// say what an earlier trusted read of the same card-cache file proved (lib/store/card-cache-carried.ts), through
// real processes: after a save, a hand edit of MEMORY.md or of a card, an rm and a new card, it reads no more of the
// store than the start after it (which prints the kept lines), not the card cache's 72 bytes of numbers a card; and
// every start prints what a start checking every card prints, also when pins change, a card comes and goes between
// kept files, a card is edited by hand right after a save, or the kept file's claim is edited (then it is not used).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runBounded } from "../support/bounded-run.js";
import { waitFor } from "../support/keepers.js";
import { cards, changeAndStart, checkAt, cli, CLI, freshCheck, keptStore, logOf, settle } from "../support/kept-store.js";

const IO = "/proc/self/io";
const NUMBERS_PER_CARD = 72;
type Kept = Awaited<ReturnType<typeof keptStore>>;

/** A start as the host runs it, and the bytes it read (the kernel's count, /proc/self/io at exit). */
async function readingStart(k: Kept, session: number): Promise<{ out: string; read: number }> {
  const counted = path.join(k.s.root, "rchar");
  const preload = path.join(k.s.root, "rchar.cjs");
  fs.writeFileSync(
    preload,
    `process.on("exit", () => { const fs = require("node:fs"); fs.writeFileSync(${JSON.stringify(counted)}, /^rchar: (\\d+)$/m.exec(fs.readFileSync(${JSON.stringify(IO)}, "utf8"))[1]); });`,
  );
  const input = JSON.stringify({ session_id: `c-${session}`, cwd: k.s.repo, source: "startup" });
  const r = await runBounded(["--require", preload, CLI, "hook", "session-start", "--host", "codex"], input, k.env(10), k.s.repo, 30_000);
  assert.equal(r.code, 0, r.stdout);
  return { out: r.stdout, read: Number(fs.readFileSync(counted, "utf8")) };
}

const many = Array.from({ length: 3000 }, (_, i) => ({
  ...cards[i % cards.length]!,
  file: `feedback_m${String(i).padStart(4, "0")}.md`,
  title: `Card m${i}`,
  hook: `note m${i} about the build`,
}));

test("after each change the first trusted start reads the delta's records, not every card's numbers, and prints what a full check prints", {
  skip: !fs.existsSync(IO),
}, async (t) => {
  const k = await keptStore(t, many);
  await settle(k);
  const numbers = many.length * NUMBERS_PER_CARD;
  const index = path.join(k.s.memory, "MEMORY.md");
  const card = path.join(k.s.memory, "feedback_m0011.md");
  let session = 0;
  const changes: [string, () => Promise<void>][] = [
    ["a save", () => cli(k, "save", "m0010", "-d", "note m10 SAVED")],
    ["a hand edit of MEMORY.md", async () => fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("note m21 about", "note m21 BY HAND about"))],
    ["a hand edit of a card", async () => fs.writeFileSync(card, fs.readFileSync(card, "utf8").replace("topics:", "topics:\n  - handedited"))],
    ["an rm", () => cli(k, "rm", "m0012")],
    ["a new card", () => cli(k, "save", "wombat", "-t", "feedback", "-d", "the wombat NEW CARD note")],
  ];
  for (const [what, change] of changes) {
    let first = { out: "", read: 0 };
    await changeAndStart(k, what, change, logOf(k), async () => (first = await readingStart(k, session++)).out);
    const next = await readingStart(k, session++);
    assert.equal(next.out, first.out, `${what}: the next start prints the same`);
    assert.equal(first.out, await k.start("codex", true), `${what}: as a start checking every card`);
    // The same kept file read by both; the first also reads the delta and the cache's head, not its numbers.
    t.diagnostic(`${what}: the first start read ${first.read} bytes, the next ${next.read}`);
    assert.ok(first.read - next.read < numbers / 2, `${what}: read ${first.read - next.read} bytes more than the next start (numbers: ${numbers})`);
  }
  // The kept file's claim edited: its seal no longer holds, so it is not carried and the start reads every record.
  const kept = fs.readFileSync(k.kept, "latin1");
  const claim = /"racyFrom":(\d+(\.\d+)?)/.exec(kept);
  assert.ok(claim, "the kept file holds its read's bound");
  fs.writeFileSync(k.kept, kept.replace(claim[0], `"racyFrom":${Math.floor(Number(claim[1])) + 1}`), "latin1");
  await cli(k, "save", "m0030", "-d", "note m30 SAVED");
  await waitFor(() => freshCheck(k.s.memory), 10_000, "a fresh check after the save");
  const edited = await readingStart(k, session++);
  assert.match(edited.out, /m30 SAVED/);
  assert.equal(edited.out, await k.start("codex", true), "an edited claim: as a start checking every card");
  assert.ok(edited.read > numbers, `an edited claim: the start read every record (${edited.read} bytes)`);
});

test("pins changed, a card added and removed between kept files, a hand edit right after a save: each start prints what a full check prints", async (t) => {
  const k = await keptStore(t);
  await settle(k);
  // A change, then a start once the keeper has checked the store after it (a check begun before a hand edit may
  // stand for the store for VERIFIED_FOR_MS, by design), the next start and a start checking every card.
  const same = async (what: string, change: () => unknown) => {
    await change();
    const after = Date.now();
    await waitFor(() => checkAt(k.s.memory) > after && freshCheck(k.s.memory), 10_000, `a fresh check after ${what}`);
    const out = await k.start("codex");
    assert.equal(await k.start("codex"), out, `${what}: the next start prints the same`);
    assert.equal(out, await k.start("codex", true), `${what}: as a start checking every card`);
    return out;
  };
  const edit = (file: string, from: string, to: string) => {
    const at = path.join(k.s.memory, file);
    fs.writeFileSync(at, fs.readFileSync(at, "utf8").replace(from, to));
  };
  assert.match(await same("a new card", () => cli(k, "save", "wombat", "-t", "feedback", "-d", "the wombat NEW CARD note")), /wombat NEW CARD/);
  // A pin added by hand: the lines are made again and kept whole, naming the new card among the delta's.
  const pinned = await same("a card pinned by hand", () => edit("feedback_s001.md", "priority: normal", "priority: always"));
  assert.ok(pinned.indexOf("s001") < pinned.indexOf("s000"), "the pinned card's line comes first");
  assert.ok(!(await same("the new card removed", () => cli(k, "rm", "wombat"))).includes("wombat NEW CARD"));
  await same("a pin removed by hand", () => edit("feedback_s004.md", "priority: always", "priority: normal"));
  assert.ok(!(await same("a card superseded by hand", () => edit("feedback_s006.md", "status: active", "status: superseded"))).includes("s006 about"));
  const saved = () => cli(k, "save", "s010", "-d", "note number s010 SAVED");
  assert.match(
    await same("a hand edit right after a save", async () => {
      await saved();
      edit("feedback_s011.md", "topics:", "topics:\n  - rightafter");
    }),
    /s010 SAVED/,
  );
});
