// The card cache's delta (lib/store/card-delta.ts): after any sequence of saves, removals, hand edits of cards and of
// MEMORY.md, torn, garbage and planted delta files and a writer killed between its writes, `list --json`, `search`
// and session start print exactly what they print on a copy of the store whose caches were built from scratch. Real
// stores above a lowered full-check size (so a delta is written and a recent check trusted), the real CLI in process
// with a clock that steps past or stays inside the 2 s window, the real write journal, real SIGKILLs.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CARD_CACHE } from "../../../lib/store/card-cache.js";
import { CARD_DELTA, encodeCardDelta, readCardDelta } from "../../../lib/store/card-delta.js";
import { mergeOrder } from "../../../lib/store/card-delta-order.js";
import { CARD_CHECK } from "../../../lib/store/full-check.js";
import { checkCardCache } from "../../../lib/store/card-cache-check.js";
import { cacheIdentity } from "../../../lib/store/card-cache-open.js";
import { withTrustedCardCache } from "../../../lib/store/card-cache-trusted.js";
import { journalMark } from "../../../lib/store/write-journal.js";
import { handCard, sleep } from "../../support/card-cache-fixture.js";
import { CLI, memctl, spawnEnv, type World } from "../../support/fixture.js";
import { baseStamp, MAX, ok, random, same, state, store, tick } from "../../support/card-delta-fixture.js";

test("after each save, rm, hand edit and damaged delta in a random sequence, list, search and session start print what a rebuild prints", async (t) => {
  const w = await store(t);
  const rnd = random(Number(process.env.MEMCTL_TEST_SEED ?? 32));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const cards = () => fs.readdirSync(w.mem).filter((f) => f.startsWith("project_"));
  const index = path.join(w.mem, "MEMORY.md");
  // MEMORY.md's lines changed by hand, its line breaks kept as they are (LF or CRLF).
  const editIndex = (change: (lines: string[], entries: number[]) => void) => {
    const text = fs.readFileSync(index, "utf8");
    const lines = text.split(/\r?\n/);
    change(
      lines,
      lines.flatMap((l, i) => (l.startsWith("- [") ? [i] : [])),
    );
    fs.writeFileSync(index, lines.join(text.includes("\r\n") ? "\r\n" : "\n"));
  };
  let n = 0;
  let deltas = 0;
  const ops: [string, () => Promise<void> | void][] = [
    ["save an update", () => ok(w, ["save", pick(cards()).replace(/^project_|\.md$/g, ""), "-t", "project", "-d", `described again ${n}, deploy`])],
    ["save a new card", () => ok(w, ["save", `fresh${n}`, "-t", "project", "-d", `a new card ${n} on the migration`])],
    ["save the card a line links", () => ok(w, ["save", "later", "-t", "project", "-d", `now written ${n}`])],
    ["rm", () => ok(w, ["rm", pick(cards()).replace(/\.md$/, "")])],
    ["a hand edit of a card", () => fs.appendFileSync(path.join(w.mem, pick(cards())), `More deploy words ${n}.\n`)],
    [
      "a card pinned by hand",
      () => {
        const file = path.join(w.mem, pick(cards()));
        fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("priority: normal", "priority: always"));
      },
    ],
    ["a card written by hand", () => fs.writeFileSync(path.join(w.mem, `project_hand${n}.md`), handCard(`hand${n}`, "by hand, deploy", "Written in an editor."))],
    ["a card deleted by hand", () => fs.rmSync(path.join(w.mem, pick(cards())))],
    [
      "a hand edit of an index line",
      () => {
        const file = path.join(w.mem, "MEMORY.md");
        fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/card number (\d+)/, `card NUMBER $1 (${n})`));
      },
    ],
    ["a line added to MEMORY.md by hand", () => editIndex((ls) => ls.splice(Math.floor(rnd() * ls.length), 0, `- [added ${n}](${pick(cards())}) — added by hand ${n}, deploy`))],
    ["a line removed from MEMORY.md by hand", () => editIndex((ls, entries) => entries.length > 0 && ls.splice(pick(entries), 1))],
    ["a line moved in MEMORY.md by hand", () => editIndex((ls, entries) => entries.length > 0 && ls.splice(Math.floor(rnd() * ls.length), 0, ...ls.splice(pick(entries), 1)))],
    [
      "a line of MEMORY.md relinked by hand",
      () =>
        editIndex((ls, entries) => {
          const i = pick(entries.length > 0 ? entries : [0]);
          ls[i] = ls[i]!.replace(/\]\([^)]*\)/, `](${pick([...cards(), "project_nowhere.md"])})`);
        }),
    ],
    ["MEMORY.md touched", () => fs.utimesSync(index, new Date(), new Date())],
    [
      "MEMORY.md's line breaks made CRLF, or LF again",
      () => {
        const text = fs.readFileSync(index, "utf8");
        fs.writeFileSync(index, text.includes("\r\n") ? text.replaceAll("\r\n", "\n") : text.replaceAll("\n", "\r\n"));
      },
    ],
    [
      "a fence in MEMORY.md opened around lines, or taken out",
      () => editIndex((ls) => (ls.some((l) => l.startsWith("```")) ? ls.splice(0, ls.length, ...ls.filter((l) => !l.startsWith("```"))) : ls.splice(2, 0, "```"))),
    ],
    [
      "a torn delta",
      () => {
        const file = state(w, CARD_DELTA);
        if (fs.existsSync(file)) fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
      },
    ],
    ["a garbage delta", () => fs.writeFileSync(state(w, CARD_DELTA), Buffer.from(Array.from({ length: 300 }, () => Math.floor(rnd() * 256))))],
    ["a delta left by a writer killed before its rename", () => fs.writeFileSync(state(w, `${CARD_DELTA}.999999.tmp`), "memctl-card-cache 8 delta 1\n{")],
    // The keeper's round as it runs between calls: it may write a delta of its own (the directories' new mtimes).
    ["the keeper's round", async () => void (await keeperRound(w, tick(1).getTime()))],
  ];
  // A hand edit (of MEMORY.md or of cards) the keeper's round meets before any command: it may take the edit into a
  // delta of its own and record its check (lib/store/card-cache-settle.ts), which the next calls then trust. Drawn
  // from every hand edit, and more often from those it takes (no line relinked, no fence; a save or rm no command
  // has read yet, a card written or deleted by hand).
  const byHand = ops.filter(([what]) => /MEMORY\.md|index line|by hand|hand edit of a card/.test(what));
  const taken = ops.filter(([what]) =>
    /^(save an update|save a new card|save the card a line links|rm|a card written by hand|a card deleted by hand|a hand edit of an index line|a hand edit of a card|a card pinned by hand|MEMORY\.md touched|a line moved in MEMORY\.md by hand)$/.test(
      what,
    ),
  );
  assert.equal(taken.length, 11);
  let settled = 0;
  const afterHandEdit = (edits: typeof ops) => async () => {
    await pick(edits)[1]();
    await sleep(150); // past the racy window by the machine's clock, whose mtimes the round's clock must not trail
    const r = await keeperRound(w, tick(Math.max(1, Date.now() - tick(0).getTime())).getTime());
    if (r.outcome === "verified" && r.recorded) settled++;
  };
  ops.push(["the keeper's round after a hand edit", afterHandEdit(byHand)]);
  for (let i = 0; i < 3; i++) ops.push(["the keeper's round after a hand edit it can take", afterHandEdit(taken)]);
  for (; n < 40; n++) {
    const [what, op] = n < 4 ? ops[n]! : pick(ops);
    // A hand edit is seen by every call 2 s after it: the clock steps past the last check before the call.
    await op();
    await same(w, `step ${n}, ${what}`, what.startsWith("save") || what === "rm" || what.startsWith("the keeper") ? tick(1) : tick(3000));
    if (fs.existsSync(state(w, CARD_DELTA)) && readCardDelta(w.mem, baseStamp(w))) deltas++;
  }
  assert.ok(deltas >= 10, `a delta was in force after ${deltas} of 40 steps`);
  assert.ok(settled >= 1, `the keeper's round settled ${settled} hand edits`);
});

test("a save writes a delta, not the card-cache file; past the edits' bound the next write folds it into a new card-cache file", async (t) => {
  const w = await store(t);
  const base = fs.statSync(state(w, CARD_CACHE));
  await ok(w, ["save", "c03", "-d", "card three, saved"]);
  const after = await same(w, "one save", tick(1));
  assert.match(after.list, /card three, saved/);
  assert.equal(fs.statSync(state(w, CARD_CACHE)).ino, base.ino, "the card-cache file is not rewritten");
  const delta = readCardDelta(w.mem, baseStamp(w))!;
  assert.deepEqual(
    delta.records.map((r) => r.file),
    ["project_c03.md"],
  );
  assert.equal(delta.edits.length, 1, "the save's index edit, for the links and the view");
  // 64 more saves: the 65th edit is past DELTA_MAX_EDITS, so a write folds the delta.
  for (let i = 0; i < 64; i++) {
    await ok(w, ["save", `c0${i % 10}`, "-d", `saved again ${i}`]);
    await memctl(w, ["list", "--json"], { now: tick(1) });
  }
  assert.notEqual(fs.statSync(state(w, CARD_CACHE)).ino, base.ino, "folded into a new card-cache file");
  await same(w, "after the fold", tick(1));
});

/** The keeper's round over the card cache at `nowMs` (its stamps map, the journal's end taken first), and the check it left. */
async function keeperRound(w: World, nowMs: number) {
  const r = await checkCardCache(w.mem, { nowMs, fullCheckMax: Number(MAX) }, new Map(), { mark: journalMark(w.mem) });
  const file = state(w, CARD_CHECK);
  const check = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { cache: number[]; at: number }) : undefined;
  return { outcome: r?.outcome, recorded: check?.at === nowMs && JSON.stringify(check.cache) === JSON.stringify(cacheIdentity(w.mem)) };
}

test("the keeper's round after a save verifies the delta from one listing, so the next starts are trusted; a card made by hand before the save is not masked", async (t) => {
  const w = await store(t);
  await ok(w, ["save", "c03", "-d", "card three, saved"]);
  await sleep(150); // a reader a moment after the save: MEMORY.md's stamp is not in the racy window of the delta it writes
  await memctl(w, ["list", "--json"], { now: tick(1) }); // the save's first reader writes the delta
  await sleep(150); // past the racy window of the delta just written
  // The save moved the store directory (its card and MEMORY.md renamed in); the delta keeps the directory as recorded.
  const at = tick(1).getTime();
  assert.deepEqual(await keeperRound(w, at), { outcome: "verified", recorded: true });
  assert.equal(
    withTrustedCardCache(w.mem, { nowMs: at + 500, fullCheckMax: Number(MAX) }, () => true),
    true,
    "a trusted read takes the cache the round verified",
  );
  await same(w, "after the keeper's round", tick(1));

  // A card made by hand just before a save: the save's directory move masks it from the journaled listing, so the
  // round lists the store and finds it: read into the delta (card-cache-settle.ts), it is in every trusted call.
  const masked = await store(t);
  fs.writeFileSync(path.join(masked.mem, "project_byhand.md"), handCard("byhand", "MADE BY HAND", "Before the save."));
  await ok(masked, ["save", "c04", "-d", "card four, saved"]);
  await sleep(150);
  await memctl(masked, ["list", "--json"], { now: tick(1) });
  await sleep(150);
  fs.rmSync(state(masked, CARD_CHECK));
  assert.deepEqual(await keeperRound(masked, tick(1).getTime()), { outcome: "verified", recorded: true });
  assert.ok(
    readCardDelta(masked.mem, baseStamp(masked))?.records.some((r) => r.file === "project_byhand.md"),
    "the card made by hand is in the delta",
  );
  assert.match((await same(masked, "the masked card", tick(1))).list, /MADE BY HAND/);
});

test("the keeper's round after a hand edit of MEMORY.md writes a delta of its line edits and records its check, so the next starts are trusted; a link moved is left to the next command", async (t) => {
  const w = await store(t);
  const index = path.join(w.mem, "MEMORY.md");
  const handEdit = (from: string | RegExp, to: string, renamed = false) => {
    const text = fs.readFileSync(index, "utf8").replace(from, to);
    if (!renamed) return fs.writeFileSync(index, text);
    // As an editor that writes a copy and renames it over: a new inode, and the store directory's mtime moves.
    fs.writeFileSync(`${index}.tmp`, text);
    fs.renameSync(`${index}.tmp`, index);
  };
  const trusted = (nowMs: number) => withTrustedCardCache(w.mem, { nowMs, fullCheckMax: Number(MAX) }, () => true) === true;
  // The round's clock, never behind the machine's (whose mtimes the racy window compares with).
  const roundAt = () => tick(Math.max(1, Date.now() - tick(0).getTime())).getTime();
  // One line's text (its link kept), then with a save's delta in force: each settled by the round, as a rebuild prints.
  for (const [what, from, to] of [
    ["a line's text", "card number 7", "card number 7, EDITED BY HAND"],
    ["a line added for a linked card", "- [c02]", "- [c02 again](project_c02.md) — a second line\n- [c02]"],
    ["a link to no card added", "# Memory\n", "# Memory\n\n- [gone](project_gone.md) — nowhere\n"],
    ["a line's text, the file renamed over", "card number 8", "card number 8, RENAMED OVER"],
  ] as const) {
    await ok(w, ["save", "c03", "-d", `card three, saved before ${what}`]);
    await same(w, `the save before ${what}`, tick(1));
    await sleep(150);
    handEdit(from, to, what.includes("renamed"));
    await sleep(150); // past the racy window by the machine's clock: the delta written next is not in the same tick
    const at = roundAt();
    assert.equal(trusted(at), false, `${what}: not trusted before the round`);
    assert.deepEqual(await keeperRound(w, at), { outcome: "verified", recorded: true }, what);
    assert.equal(trusted(at + 500), true, `${what}: a trusted read takes the cache the round verified`);
    assert.equal(readCardDelta(w.mem, baseStamp(w))?.records.length, 1, `${what}: the save's record kept, no other`);
    const seen = await same(w, `after the keeper's round over ${what}`, tick(1));
    assert.ok(seen.start.includes(to.split("\n")[0]!.replace(/^# Memory$/, "nowhere")), what);
  }
  // Cards edited in place (one pinned by it), with the save's delta in force: read into the delta by the round.
  for (const [what, edit] of [
    ["a card's body appended to", () => fs.appendFileSync(path.join(w.mem, "project_c06.md"), "More deploy words, EDITED IN PLACE.\n")],
    [
      "a card pinned and the saved one edited",
      () => {
        const pin = path.join(w.mem, "project_c09.md");
        fs.writeFileSync(pin, fs.readFileSync(pin, "utf8").replace("priority: normal", "priority: always"));
        fs.appendFileSync(path.join(w.mem, "project_c03.md"), "Saved, then EDITED IN PLACE.\n");
      },
    ],
  ] as const) {
    await sleep(150);
    edit();
    await sleep(150);
    const at = roundAt();
    assert.deepEqual(await keeperRound(w, at), { outcome: "verified", recorded: true }, what);
    assert.equal(trusted(at + 500), true, `${what}: a trusted read takes the cache the round verified`);
    const seen = await same(w, `after the keeper's round over ${what}`, tick(1));
    assert.match(seen.search + seen.list, /EDITED IN PLACE|c09/, what);
  }
  // A save no command has read yet (its card and its line of MEMORY.md, journaled): read into the delta by the round.
  await sleep(150);
  await ok(w, ["save", "c05", "-d", "card five, SAVED BEFORE THE ROUND"]);
  await sleep(150);
  const saved = roundAt();
  assert.deepEqual(await keeperRound(w, saved), { outcome: "verified", recorded: true }, "a save");
  assert.equal(trusted(saved + 500), true, "a save: a trusted read takes the cache the round verified");
  assert.match((await same(w, "after the keeper's round over a save", tick(1))).start, /SAVED BEFORE THE ROUND/);
  // A card's only line relinked to another card: its base record's `linked` flips, which the round leaves to the next
  // command (it records nothing). (A record the delta holds, c09 here, is relinked in the delta: card-settle-cards.)
  await sleep(150);
  handEdit("](project_c11.md)", "](project_c10.md)");
  await sleep(150);
  assert.deepEqual(await keeperRound(w, roundAt()), { outcome: "changed", recorded: false });
  await same(w, "a line relinked", tick(3000));
  // Too recent by the round's clock: nothing written, and "unsure" so the next round looks again.
  handEdit("card number 5", "card number 5, again");
  const before = fs.existsSync(state(w, CARD_DELTA)) ? fs.statSync(state(w, CARD_DELTA)).mtimeMs : 0;
  const round = await checkCardCache(w.mem, { nowMs: fs.statSync(index).mtimeMs + 50, fullCheckMax: Number(MAX) }, new Map(), { mark: journalMark(w.mem) });
  assert.equal(round?.outcome, "unsure");
  assert.equal(fs.existsSync(state(w, CARD_DELTA)) ? fs.statSync(state(w, CARD_DELTA)).mtimeMs : 0, before, "nothing written");
  await same(w, "the recent edit", tick(3000));
});

test("a planted delta (another base, a removed name the base lacks, a path out of the store, words in the base's section) is ignored whole", async (t) => {
  const w = await store(t);
  await ok(w, ["save", "c05", "-d", "card five, saved"]);
  await same(w, "the save", tick(1));
  const good = readCardDelta(w.mem, baseStamp(w))!;
  const outside = path.join(w.root, "outside.md");
  fs.writeFileSync(outside, handCard("outside", "OUTSIDE THE STORE", "Never read."));
  const plants: [string, Buffer][] = [
    ["another base", encodeCardDelta({ ...good, base: [1, 2, 3, 4] })],
    ["a removed name the base lacks", encodeCardDelta({ ...good, removed: ["project_nope.md"] })],
    ["a removed name it also changes", encodeCardDelta({ ...good, removed: ["project_c05.md"] })],
    ["a merged count that does not add up", encodeCardDelta({ ...good, cards: good.cards + 1 })],
    ["words placed in the base's own section", encodeCardDelta({ ...good, wordsAt: good.wordsAt.map(() => -1) })],
    ["another words file", encodeCardDelta({ ...good, head: { ...good.head, words: "planted" } })],
    ["records placed at other indexes of the base", encodeCardDelta({ ...good, places: good.places.map((p) => p ^ 1) })],
    ["edits the links cannot take", encodeCardDelta({ ...good, edits: [[1, 0, ["line\nbreak"]]] })],
    [
      "a path out of the store",
      encodeCardDelta({ ...good, records: good.records.map((r) => Object.assign(Object.create(Object.getPrototypeOf(r) as object) as typeof r, r, { file: "../outside.md" })) }),
    ],
  ];
  for (const [what, bytes] of plants) {
    fs.writeFileSync(state(w, CARD_DELTA), bytes);
    const seen = await same(w, what, tick(3000));
    assert.doesNotMatch(JSON.stringify(seen), /OUTSIDE THE STORE/, what);
    assert.match(seen.list, /card five, saved/, what);
  }
});

test("a delta fits its base exactly: mergeOrder places changed, added and removed names, and refuses what does not fit", () => {
  const base = ["a.md", "c.md", "e.md", "g.md"];
  const at = (i: number) => base[i]!;
  // b.md sorts before base 1, c.md replaces base 1, h.md goes after the last; e.md (base 2) is removed.
  const delta = { names: ["b.md", "c.md", "h.md"], places: [2, 3, 8], removed: ["e.md"], removedAt: [2] };
  const expected = [0, -1, -2, 3, -3];
  assert.deepEqual([...mergeOrder(base.length, at, delta, 5)!], expected, "proved against the names");
  assert.deepEqual([...mergeOrder(base.length, undefined, delta, 5)!], expected, "placed without the names");
  const refused = (what: string, d: Partial<typeof delta>, merged?: number, names: typeof at | undefined = at) =>
    assert.equal(mergeOrder(base.length, names, { ...delta, ...d }, merged), undefined, what);
  refused("removed but not in the base", { removed: ["x.md"] });
  refused("removed and changed", { removed: ["c.md"], removedAt: [1] });
  refused("removed and changed, without the names", { removed: ["c.md"], removedAt: [1] }, undefined, undefined);
  refused("a count that does not add up", {}, 4);
  refused("a record placed where its name does not sort", { places: [2, 3, 6] });
  refused("a record said to replace another name", { places: [3, 3, 8] });
  refused("places out of order, without the names", { places: [4, 3, 8] }, undefined, undefined);
  refused("a place past the base, without the names", { places: [2, 3, 10] }, undefined, undefined);
  refused("a removed index past the base, without the names", { removedAt: [4] }, undefined, undefined);
  refused("places missing", { places: [2, 3] }, undefined, undefined);
});

test("writers killed by SIGKILL at any point after saves leave caches whose answers are a rebuild's", async (t) => {
  const w = await store(t);
  const env = { ...spawnEnv(w), MEMCTL_FULL_CHECK_MAX: MAX };
  let killed = 0;
  for (let i = 0; i < 8; i++) {
    await ok(w, ["save", `c0${i}`, "-d", `killed run ${i}, deploy`]);
    if (i % 3 === 2) fs.appendFileSync(path.join(w.mem, `project_c1${i % 2}.md`), `Hand ${i}.\n`);
    const child = spawn(process.execPath, [CLI, i % 2 ? "list" : "search", ...(i % 2 ? ["--json"] : ["deploy"])], { env, cwd: w.repo, stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    // 10-97 ms: on a quiet machine a reader of 12 cards ends within ~100 ms, so longer waits killed too few (3 of 8).
    await sleep(10 + ((i * 29) % 100));
    child.kill("SIGKILL");
    if ((await exited) === "SIGKILL") killed++;
    await same(w, `killed after save ${i}`, tick(3000));
  }
  assert.ok(killed >= 4, `${killed} of 8 readers killed mid-run`);
});
