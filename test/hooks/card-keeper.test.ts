// The freshness keeper keeps the card cache too (lib/rank-cache/keeper.ts, lib/store/card-cache-check.ts checkCardCache):
// real `memctl hook session-start`, `list` and `search` processes on a store above the full-check size (lowered by
// MEMCTL_FULL_CHECK_MAX). Session start starts the keeper, which records a check of the card cache about every
// second and reads an in-place hand edit (of cards, or of a MEMORY.md line) into its delta with no command running;
// every command 2 s after the edit shows it. Each test kills and awaits its keepers before its store goes.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { KEEPER_LOCK } from "../../lib/rank-cache/keeper.js";
import { CARD_CACHE } from "../../lib/store/card-cache.js";
import { CARD_CHECK } from "../../lib/store/full-check.js";
import { withTrustedCardCache } from "../../lib/store/card-cache-trusted.js";
import { processAlive } from "../../lib/store/lock.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { keeperHolder, keeperPids, stopKeepers, waitFor } from "../support/keepers.js";
import { editInPlace, sleep } from "../support/card-cache-fixture.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const FULL_CHECK_MAX = 10;
const cards = Array.from({ length: 40 }, (_, i) => {
  const n = String(i).padStart(3, "0");
  return { file: `feedback_k${n}.md`, title: `Card k${n}`, hook: `note number k${n} about the build`, topics: ["build"] };
});

/** A store of 40 cards at rest, above the lowered full-check size, and the real CLI on it. */
async function keptStore(t: TestContext, env: Record<string, string> = {}) {
  const s = sandbox(cards);
  ageStore(s.memory);
  await sleep(250); // ageStore's utimes moved every ctime: past the caches' racy window
  const cliEnv = {
    PATH: process.env.PATH,
    HOME: s.home,
    MEMCTL_MEMORY_DIR: s.memory,
    MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml"),
    MEMCTL_FULL_CHECK_MAX: String(FULL_CHECK_MAX),
    ...env,
  };
  t.after(async () => {
    await stopKeepers(s.home);
    s.cleanup();
  });
  let session = 0;
  const run = async (args: string[], input = "") => {
    const r = await runBounded([CLI, ...args], input, cliEnv, s.repo, 30_000);
    assert.equal(r.code, 0, r.stdout);
    return r.stdout;
  };
  return {
    s,
    sessionStart: () => run(["hook", "session-start", "--host", "generic"], JSON.stringify({ session_id: `c-${session++}`, cwd: s.repo })),
    list: async () =>
      Object.fromEntries((JSON.parse(await run(["list", "--json"])) as { cards: { file: string; description: string }[] }).cards.map((c) => [c.file, c.description])),
    search: async (q: string) => (JSON.parse(await run(["search", q, "--in", "cards", "--json"])) as { results: { id: string }[] }).results.map((h) => h.id),
    holder: () => keeperHolder(s.memory),
  };
}

/** Whether the card cache reads trusted now: a recorded check of this very file, under VERIFIED_FOR_MS old. */
const readsTrusted = (memory: string) => withTrustedCardCache(memory, { nowMs: Date.now(), fullCheckMax: FULL_CHECK_MAX }, () => true) === true;

/**
 * Waits for the keeper's check of what a write finished at `doneAt` left, and for it to be read trusted. Times are
 * taken after a write, never before it: a round that starts while a `save` is still writing checks the store before
 * the save, and its check is rightly not trusted after it. A loaded machine may also run a round more than
 * VERIFIED_FOR_MS after the last one, so the two are polled together rather than read once.
 */
const keeperSettles = (memory: string, doneAt: number, what: string) =>
  waitFor(() => checkAt(memory) > doneAt && readsTrusted(memory), 20_000, `the keeper's check recorded after ${what}, read trusted`);

const checkAt = (memory: string) => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(memory, ".memctl", CARD_CHECK), "utf8")) as { at: number }).at;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
};

test("session start starts the keeper, which checks the card cache every second; it reads in-place edits into a delta and records its check, and every command 2 s later shows the edit", async (t) => {
  const k = await keptStore(t);
  const first = await k.sessionStart(); // builds the card cache itself (no check to trust yet), then starts a keeper
  assert.match(first, /feedback_k000\.md/);
  await waitFor(() => k.holder() !== undefined && processAlive(k.holder()!) && keeperPids(k.s.home).includes(k.holder()!), 10_000, "a keeper started by session start");
  assert.deepEqual(keeperPids(k.s.home), [k.holder()]);
  // Its checks of the card cache are recorded, about every second, with no command running.
  const recorded = checkAt(k.s.memory);
  await waitFor(() => checkAt(k.s.memory) > recorded, 20_000, "a card-cache check recorded by the keeper");

  // Editors' saves in place, size kept and mtime put back: only the ctime tells.
  const editedAt = Date.now();
  editInPlace(path.join(k.s.memory, "feedback_k007.md"), "note number k007 about the build", "note number k007 about the WOMBA");
  editInPlace(path.join(k.s.memory, "feedback_k031.md"), "priority: normal", "priority: always");
  // The keeper reads the two cards into the card cache's delta (not a rewrite of the cache file) and records its
  // check, so the next command trusts it instead of checking every card (before: no check until a command ran).
  // A round comes about every second; how long a command trusts its check is lib/store/full-check.ts's rule.
  const cache = path.join(k.s.memory, ".memctl", CARD_CACHE);
  await keeperSettles(k.s.memory, Date.now(), "the edits");
  assert.ok(fs.statSync(cache).mtimeMs < editedAt, "the keeper did not rewrite the card cache");
  assert.equal((await k.list())["feedback_k007.md"], "note number k007 about the WOMBA");
  assert.deepEqual(await k.search("womba"), ["feedback_k007.md"]);
  // Pinned by the edit: session start prints its line ahead of the index.
  const started = await k.sessionStart();
  assert.ok(started.indexOf("feedback_k031.md") < started.indexOf("feedback_k000.md"), started.slice(0, 800));
  // Still the one keeper, renewed by the session starts, and its checks are still recorded.
  assert.deepEqual(keeperPids(k.s.home), [k.holder()]);
  const rewritten = Date.now();
  await waitFor(() => checkAt(k.s.memory) > rewritten - 5, 20_000, "the keeper's check of the rewritten cache");
});

test("after a hand edit of one MEMORY.md line the keeper records its check of the card cache, so the next session start reads it trusted and prints the edit as a start that checks every card", async (t) => {
  const k = await keptStore(t);
  await k.sessionStart();
  await waitFor(() => k.holder() !== undefined && processAlive(k.holder()!), 10_000, "a keeper");
  const recorded = checkAt(k.s.memory);
  await waitFor(() => checkAt(k.s.memory) > recorded, 20_000, "a card-cache check recorded by the keeper");
  // An editor's save in place: one line's text, its link kept.
  const index = path.join(k.s.memory, "MEMORY.md");
  fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("note number k012 about the build", "note number k012 EDITED BY HAND"));
  // Before, the keeper only verified: it found MEMORY.md changed and recorded nothing until a command read the edit.
  // Read trusted: no card stat'ed, nothing decoded whole.
  await keeperSettles(k.s.memory, Date.now(), "the hand edit");
  const started = await k.sessionStart();
  assert.match(started, /note number k012 EDITED BY HAND/);
  const checking = await runBounded(
    [CLI, "hook", "session-start", "--host", "generic"],
    JSON.stringify({ session_id: "c-checking", cwd: k.s.repo }),
    { PATH: process.env.PATH, HOME: k.s.home, MEMCTL_MEMORY_DIR: k.s.memory, MEMCTL_CONFIG_FILE: path.join(k.s.home, "c.toml"), MEMCTL_FULL_CHECK_MAX: "1000" },
    k.s.repo,
    30_000,
  );
  assert.equal(started, checking.stdout);
});

test("after a real memctl save no command has read (an update, a new card) or an rm, the keeper settles it into the card cache's delta and records its check, so the next session start, list and search read it trusted and print what a start checking every card prints", async (t) => {
  const k = await keptStore(t);
  await k.sessionStart();
  await waitFor(() => k.holder() !== undefined && processAlive(k.holder()!), 10_000, "a keeper");
  const recorded = checkAt(k.s.memory);
  await waitFor(() => checkAt(k.s.memory) > recorded, 20_000, "a card-cache check recorded by the keeper");
  const env = { PATH: process.env.PATH, HOME: k.s.home, MEMCTL_MEMORY_DIR: k.s.memory, MEMCTL_CONFIG_FILE: path.join(k.s.home, "c.toml") };
  const checkingStart = async (id: string) =>
    (
      await runBounded(
        [CLI, "hook", "session-start", "--host", "generic"],
        JSON.stringify({ session_id: id, cwd: k.s.repo }),
        { ...env, MEMCTL_FULL_CHECK_MAX: "1000" },
        k.s.repo,
        30_000,
      )
    ).stdout;
  // An update of an existing card: its file and its line of MEMORY.md, journaled; no command reads them.
  assert.equal((await runBounded([CLI, "save", "feedback_k012", "-d", "note number k012 SAVED AGAIN"], "", env, k.s.repo, 30_000)).code, 0);
  // Before, the keeper skipped the card cache's pass after a save: no check until a command read the save.
  await keeperSettles(k.s.memory, Date.now(), "the save");
  const started = await k.sessionStart();
  assert.match(started, /note number k012 SAVED AGAIN/);
  assert.equal(started, await checkingStart("c-checking"));
  // A new card (its file created, a line appended to MEMORY.md) and an `rm` (its file gone, its line removed): the
  // keeper settles each into the delta too, so the next start, list and search read the cache trusted.
  for (const [what, args, file] of [
    ["a new card's save", ["save", "wombat", "-t", "project", "-d", "the wombat migration runs at noon"], "project_wombat.md"],
    ["an rm", ["rm", "feedback_k020"], "feedback_k020.md"],
  ] as const) {
    assert.equal((await runBounded([CLI, ...args], "", env, k.s.repo, 30_000)).code, 0, what);
    await keeperSettles(k.s.memory, Date.now(), what);
    const afterWrite = await k.sessionStart();
    assert.equal(afterWrite.includes(file), args[0] === "save", what);
    assert.equal(afterWrite, await checkingStart(`c-checking-${args[0]}`), what);
    assert.equal(file in (await k.list()), args[0] === "save", what);
    assert.deepEqual(await k.search(args[0] === "save" ? "wombat" : "k020"), args[0] === "save" ? [file] : [], what);
  }
});

test("memctl save and rm are seen by the next list and search while the keeper runs", async (t) => {
  const k = await keptStore(t);
  await k.sessionStart();
  await waitFor(() => k.holder() !== undefined && processAlive(k.holder()!), 10_000, "a keeper");
  await k.list(); // a card cache and a recent check to trust
  const cli = (args: string[]) =>
    runBounded([CLI, ...args], "", { PATH: process.env.PATH, HOME: k.s.home, MEMCTL_MEMORY_DIR: k.s.memory, MEMCTL_CONFIG_FILE: path.join(k.s.home, "c.toml") }, k.s.repo, 30_000);
  assert.equal((await cli(["save", "wombat", "-t", "project", "-d", "the wombat migration runs at noon"])).code, 0);
  assert.equal((await k.list())["project_wombat.md"], "the wombat migration runs at noon");
  assert.deepEqual(await k.search("wombat"), ["project_wombat.md"]);
  assert.equal((await cli(["rm", "wombat"])).code, 0);
  assert.equal("project_wombat.md" in (await k.list()), false);
  assert.deepEqual(await k.search("wombat"), []);
});

test("no keeper from session start at or below the full-check size, nor with [hook] keeper = false", async (t) => {
  const small = await keptStore(t, { MEMCTL_FULL_CHECK_MAX: String(cards.length) });
  const off = await keptStore(t);
  fs.writeFileSync(path.join(off.s.home, "c.toml"), "[hook]\nkeeper = false\n");
  for (const k of [small, off]) assert.match(await k.sessionStart(), /feedback_k000\.md/);
  await sleep(1_000); // a keeper, had one been started, takes its lock in ~100 ms
  for (const k of [small, off]) {
    assert.equal(fs.existsSync(path.join(k.s.memory, ".memctl", KEEPER_LOCK)), false);
    assert.deepEqual(keeperPids(k.s.home), []);
  }
});
