// The freshness keeper (lib/rank-cache/keeper.ts, lib/hook/keeper.ts): real hook processes start it for a store
// above the full-check size (lowered by MEMCTL_FULL_CHECK_MAX), it folds an in-place edit into the rank cache
// with no prompt checking every card, and it exits when idle, when the store goes, or when killed and replaced.
// Every keeper a test starts is named in the hook log; each test kills and awaits them all before its store goes.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { loadRankable, RANK_DELTA } from "../../lib/rank-cache/load.js";
import { KEEPER_LOCK } from "../../lib/rank-cache/keeper.js";
import { keepStoreFresh } from "../../lib/hook/keeper.js";
import { processAlive } from "../../lib/store/lock.js";
import { ageStore, cardText, REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { keeperHolder, keeperLogLines, keeperPids, stopKeepers, waitFor } from "../support/keepers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const FULL_CHECK_MAX = 10;
const cards = Array.from({ length: 40 }, (_, i) => {
  const n = String(i).padStart(3, "0");
  return { file: `feedback_k${n}.md`, title: `Card k${n}`, hook: `note number k${n} about the build`, topics: ["build"] };
});

/** A store of 40 cards (above the lowered full-check size) at rest, and a prompt through the real hook. */
function keeperStore(t: TestContext, env: Record<string, string> = {}) {
  const s = sandbox(cards);
  ageStore(s.memory);
  const hookEnv = {
    PATH: process.env.PATH,
    HOME: s.home,
    MEMCTL_MEMORY_DIR: s.memory,
    MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml"),
    MEMCTL_FULL_CHECK_MAX: String(FULL_CHECK_MAX),
    ...env,
  };
  const keeperLines = () => keeperLogLines(s.home);
  t.after(async () => {
    await stopKeepers(s.home);
    s.cleanup();
  });
  let session = 0;
  const prompt = async (text: string) => {
    const r = await runBounded([HOOK, "--host", "generic"], JSON.stringify({ session_id: `k-${session++}`, cwd: s.repo, prompt: text }), hookEnv, s.repo, 30_000);
    assert.equal(r.code, 0, r.stdout);
    assert.doesNotMatch(r.stdout, /UNAVAILABLE/);
    return r.stdout;
  };
  return { s, prompt, keeperLines, pids: () => keeperPids(s.home), holder: () => keeperHolder(s.memory) };
}

/** The keeper holding the store's lock, once it is alive and has logged its start (it takes the lock first). */
const liveKeeper = async (k: ReturnType<typeof keeperStore>) => {
  await waitFor(() => k.holder() !== undefined && processAlive(k.holder()!) && k.pids().includes(k.holder()!), 10_000, "a keeper holding the lock");
  return k.holder()!;
};

test("above the full-check size the hook starts one keeper, which folds an in-place edit with no prompt checking every card", async (t) => {
  const k = keeperStore(t);
  await k.prompt("the build"); // builds the rank cache, then starts the keeper
  const pid = await liveKeeper(k);
  assert.deepEqual(k.pids(), [pid]);
  // Its checks are recorded as the cache's mtime, which moves about every second with no prompt.
  const cacheFile = path.join(k.s.memory, ".memctl", "rank-cache.bin");
  const before = fs.statSync(cacheFile).mtimeMs;
  await waitFor(() => fs.statSync(cacheFile).mtimeMs > before, 20_000, "a keeper check recorded");
  // So a prompt long after the last prompt (past the 2 s window a prompt's own check would give) still trusts a
  // recent check: it stats no card but those it prints (verified: false). Without a keeper it would check every card.
  await new Promise((r) => setTimeout(r, 2_500));
  // The load reads the keeper's latest check, made since: waited for, as a loaded machine may space its rounds out.
  const slept = Date.now();
  await waitFor(() => fs.statSync(cacheFile).mtimeMs >= slept, 20_000, "a keeper check after the prompt's window");
  const later = await loadRankable(k.s.memory, { nowMs: Date.now(), fullCheckMax: FULL_CHECK_MAX, writeCache: false });
  assert.equal(later.cache, "fresh");
  assert.equal(later.verified, false);

  // An editor's in-place save: same inode, the directory untouched.
  const edited = cards[23]!;
  const file = path.join(k.s.memory, edited.file);
  const editedAt = Date.now();
  fs.writeFileSync(file, cardText({ ...edited, topics: ["build", "zanzibar"] }));
  const stamp = fs.statSync(file);
  // The keeper folds it into the delta, its check started after the edit: no prompt ran meanwhile.
  const delta = path.join(k.s.memory, ".memctl", RANK_DELTA);
  await waitFor(
    () => fs.existsSync(delta) && fs.statSync(delta).mtimeMs >= editedAt && fs.readFileSync(delta, "utf8").includes(`[${stamp.mtimeMs},${stamp.size},${stamp.ctimeMs}]`),
    5_000,
    "the edit folded by the keeper",
  );
  // A prompt now trusts the keeper's check (verified: false means it stat'ed no card but what it prints) and sees the edit.
  const trusted = await loadRankable(k.s.memory, { nowMs: Date.now(), fullCheckMax: FULL_CHECK_MAX, writeCache: false });
  assert.equal(trusted.verified, false);
  assert.equal(trusted.cache, "fresh");
  assert.match(await k.prompt("zanzibar"), /feedback_k023\.md/);
  // Prompts keep the keeper (renewed, or their question answered: the idle test below); none starts a second one (a
  // started keeper logs "started", a losing one "exited (busy)").
  await k.prompt("the build");
  assert.equal(k.holder(), pid);
  assert.deepEqual(k.pids(), [pid]);
  assert.equal(k.keeperLines().filter((l) => l.endsWith(": started")).length, 1);
});

test("memctl's own write is in the very next prompt's block, and the write journal records it", async (t) => {
  const k = keeperStore(t);
  await k.prompt("the build");
  await liveKeeper(k);
  const env = { PATH: process.env.PATH, HOME: k.s.home, MEMCTL_MEMORY_DIR: k.s.memory, MEMCTL_CONFIG_FILE: path.join(k.s.home, "c.toml") };
  const cli = path.join(REPO_ROOT, "dist", "cli.js");
  const saved = await runBounded([cli, "save", "feedback_k031", "-t", "feedback", "-d", "the wombat migration runs at noon"], "", env, k.s.repo, 30_000);
  assert.equal(saved.code, 0, saved.stdout);
  assert.match(await k.prompt("wombat migration"), /feedback_k031\.md\) — the wombat migration runs at noon/);
  assert.match(fs.readFileSync(path.join(k.s.memory, ".memctl", "writes.jsonl"), "utf8"), /"c":\["feedback_k031\.md"\]/);
});

test("the keeper exits after its idle time without a prompt, and prompts keep it alive until then", async (t) => {
  // Prompts a second apart until well past the idle time since the keeper started, timed from its start, not
  // counted: on a loaded machine each prompt's own start-up adds to the gap, which must stay under the idle time.
  const IDLE_MS = 5_000;
  const k = keeperStore(t, { MEMCTL_KEEPER_IDLE_MS: String(IDLE_MS) });
  await k.prompt("the build");
  const pid = await liveKeeper(k);
  const started = Date.now();
  while (Date.now() - started < IDLE_MS * 1.5) {
    await new Promise((r) => setTimeout(r, 1_000));
    await k.prompt("the build");
  }
  assert.ok(processAlive(pid), "kept by each prompt (renewed or answered), past its idle time since it started");
  await waitFor(() => !processAlive(pid), IDLE_MS + 20_000, "the idle keeper's exit");
  assert.equal(fs.existsSync(path.join(k.s.memory, ".memctl", KEEPER_LOCK)), false, "its lock released");
  assert.ok(k.keeperLines().some((l) => l.endsWith(`keeper ${pid} for ${k.s.memory}: exited (idle)`)));
});

test("the keeper exits when its .memctl/ or its store is removed, and makes neither again", async (t) => {
  const k = keeperStore(t);
  const state = path.join(k.s.memory, ".memctl");
  await k.prompt("the build");
  const first = await liveKeeper(k);
  // Retried as `rm -rf` would be: the keeper may be writing its cache while the folder goes (ENOTEMPTY at load 25).
  fs.rmSync(state, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
  await waitFor(() => !processAlive(first), 20_000, "the keeper's exit");
  assert.equal(fs.existsSync(state), false);
  await k.prompt("the build");
  const second = await liveKeeper(k);
  assert.notEqual(second, first);
  const moved = `${k.s.memory}.moved`; // gone from where the keeper looks, in one step
  fs.renameSync(k.s.memory, moved);
  t.after(() => fs.rmSync(moved, { recursive: true, force: true }));
  await waitFor(() => !processAlive(second), 20_000, "the keeper's exit");
  assert.equal(fs.existsSync(k.s.memory), false);
  for (const pid of [first, second])
    assert.ok(
      k.keeperLines().some((l) => new RegExp(`keeper ${pid} for .*: exited \\((gone|taken)\\)$`).test(l)),
      k.keeperLines().join("\n"),
    );
});

test("a keeper whose whole tree (home and store) is removed exits and makes none of it again, not even its log", async (t) => {
  const k = keeperStore(t);
  await k.prompt("the build");
  const pid = await liveKeeper(k);
  // As `rm -rf` would, retried: the keeper may be writing its cache while the tree goes (ENOTEMPTY on a loaded CI).
  fs.rmSync(k.s.root, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
  await waitFor(() => !processAlive(pid), 20_000, "the keeper's exit");
  // Its last words ("exited (gone)") went to a log under the removed home: writing them there would make it again.
  assert.equal(fs.existsSync(k.s.root), false);
});

test("a SIGKILLed keeper is replaced by the next prompt", async (t) => {
  const k = keeperStore(t);
  await k.prompt("the build");
  const first = await liveKeeper(k);
  process.kill(first, "SIGKILL");
  await waitFor(() => !processAlive(first), 20_000, "the killed keeper gone");
  await k.prompt("the build");
  await waitFor(() => k.holder() !== undefined && k.holder() !== first && processAlive(k.holder()!) && k.pids().includes(k.holder()!), 10_000, "a new keeper");
  assert.deepEqual(k.pids().sort(), [first, k.holder()!].sort());
});

test("no keeper with [hook] keeper = false, nor for a store at or below the full-check size", async (t) => {
  const off = keeperStore(t);
  fs.writeFileSync(path.join(off.s.home, "c.toml"), "[hook]\nkeeper = false\n");
  const small = keeperStore(t, { MEMCTL_FULL_CHECK_MAX: String(cards.length) });
  for (const k of [off, small]) {
    assert.match(await k.prompt("the build"), /feedback_k0/);
    await k.prompt("the build");
  }
  await new Promise((r) => setTimeout(r, 1_000)); // a keeper, had one been started, takes its lock in ~100 ms
  for (const k of [off, small]) {
    assert.equal(fs.existsSync(path.join(k.s.memory, ".memctl", KEEPER_LOCK)), false);
    assert.deepEqual(k.keeperLines(), []);
  }
});

test("a keeper that cannot start, or finds no usable store, exits at once; the prompt's side never waits for it", async (t) => {
  const s = sandbox(cards);
  t.after(() => s.cleanup());
  ageStore(s.memory);
  fs.mkdirSync(path.join(s.memory, ".memctl"));
  const logged: string[] = [];
  const started = keepStoreFresh(s.memory, path.join(s.root, "no-such-keeper.cjs"), { env: { PATH: process.env.PATH }, home: s.home, now: () => new Date() }, (m) =>
    logged.push(m),
  );
  assert.equal(started.status, "started");
  const pid = (started as { pid: number }).pid;
  await waitFor(() => !processAlive(pid), 20_000, "the failed start's exit");
  assert.equal(fs.existsSync(path.join(s.memory, ".memctl", KEEPER_LOCK)), false);
  assert.deepEqual(logged, [`keeper ${pid} for ${s.memory}: spawned`]);
  logged.length = 0;
  // An unusable store for a keeper (its state path a file): the prompt side still returns; the keeper exits at once.
  fs.rmSync(path.join(s.memory, ".memctl"), { recursive: true });
  fs.writeFileSync(path.join(s.memory, ".memctl"), "");
  const failed = keepStoreFresh(
    s.memory,
    path.join(REPO_ROOT, "dist", "hooks", "keeper.cjs"),
    { env: { PATH: process.env.PATH, HOME: s.home }, home: s.home, now: () => new Date() },
    (m) => logged.push(m),
  );
  assert.equal(failed.status, "started");
  await waitFor(() => !processAlive((failed as { pid: number }).pid), 20_000, "the keeper refusing the store");
  assert.ok(fs.statSync(path.join(s.memory, ".memctl")).isFile(), "nothing made in its place");
  assert.deepEqual(logged, [`keeper ${(failed as { pid: number }).pid} for ${s.memory}: spawned`]);
});

test("another machine's keeper (a shared disk) is renewed while it beats and replaced once it stops; no .memctl/, no keeper", async (t) => {
  const s = sandbox(cards);
  const spawned: number[] = [];
  t.after(async () => {
    for (const pid of spawned) if (processAlive(pid)) process.kill(pid, "SIGKILL");
    await waitFor(() => spawned.every((pid) => !processAlive(pid)), 20_000, "the spawned keeper gone");
    await stopKeepers(s.home);
    s.cleanup();
  });
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_FULL_CHECK_MAX: String(FULL_CHECK_MAX) };
  const script = path.join(REPO_ROOT, "dist", "hooks", "keeper.cjs");
  const logged: string[] = [];
  const io = { env, home: s.home, now: () => new Date() };
  assert.deepEqual(
    keepStoreFresh(s.memory, script, io, (m) => logged.push(m)),
    { status: "skipped" },
  );
  const lock = path.join(s.memory, ".memctl", KEEPER_LOCK);
  fs.mkdirSync(lock, { recursive: true });
  fs.writeFileSync(path.join(lock, "owner"), JSON.stringify({ pid: 2 ** 22 + 7, host: "another-machine", token: "t" }));
  assert.deepEqual(
    keepStoreFresh(s.memory, script, io, (m) => logged.push(m)),
    { status: "renewed" },
  );
  const past = new Date(Date.now() - 10_000); // past KEEPER_LOCK_STALE_MS without a heartbeat
  fs.utimesSync(lock, past, past);
  ageStore(s.memory);
  const started = keepStoreFresh(s.memory, script, io, (m) => logged.push(m));
  assert.equal(started.status, "started");
  const pid = (started as { pid: number }).pid;
  spawned.push(pid);
  await waitFor(() => keeperHolder(s.memory) === pid, 10_000, "the new keeper holding the lock it broke");
  assert.deepEqual(logged, [`keeper ${pid} for ${s.memory}: spawned`]);
});

test("a keeper started for an injected home logs under that home, even with no HOME in the injected env", async (t) => {
  const s = sandbox(cards);
  let pid: number | undefined;
  t.after(async () => {
    if (pid !== undefined && processAlive(pid)) process.kill(pid, "SIGKILL");
    await stopKeepers(s.home);
    s.cleanup();
  });
  ageStore(s.memory);
  fs.mkdirSync(path.join(s.memory, ".memctl"));
  const io = { env: { PATH: process.env.PATH }, home: s.home, now: () => new Date() };
  const started = keepStoreFresh(s.memory, path.join(REPO_ROOT, "dist", "hooks", "keeper.cjs"), io, () => undefined);
  assert.equal(started.status, "started");
  pid = (started as { pid: number }).pid;
  await waitFor(() => keeperPids(s.home).includes(pid!), 10_000, "the keeper's start logged under the injected home");
});
