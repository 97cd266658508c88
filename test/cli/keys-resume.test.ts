import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parseCard } from "../../lib/core/card.js";
import { readHistory } from "../../lib/store/history.js";
import { handWrittenCards } from "../support/compact-fixture.js";
import { CLI, makeWorld, memctl, spawnEnv, type World } from "../support/fixture.js";
import { KEYS_STAND_IN, modelScript, recallConfig } from "../support/keys-fixture.js";

// A backfill is stopped (SIGKILL, SIGINT) in the middle and run again: it finishes, every card written once,
// whole, never torn. Runs the built CLI (npm run build first) as a real process a signal can reach.

const CARDS = 12;

/** A stand-in model that takes 150 ms per card, so a run can be stopped between its cards. */
const SLOW_STAND_IN = `setTimeout(() => {${KEYS_STAND_IN}}, 150);`;

/**
 * The backfill, with a TMPDIR of the world's own (removed with it): each model call runs in an empty directory made
 * there, which a SIGKILLed memctl can never remove; the tests say what it leaves.
 */
function start(w: World): { child: ReturnType<typeof spawn>; done: Promise<{ code: number | null; stdout: string }> } {
  fs.mkdirSync(tmpOf(w), { recursive: true });
  const child = spawn(process.execPath, [CLI, "keys", "--backfill"], { cwd: w.repo, env: { ...spawnEnv(w), TMPDIR: tmpOf(w) }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
  child.stderr!.resume();
  const done = new Promise<{ code: number | null; stdout: string }>((resolve) => child.on("close", (code) => resolve({ code, stdout })));
  return { child, done };
}

const tmpOf = (w: World) => path.join(w.root, "tmp");

/** The model's own writes: a hand-written card's bytes are first recorded as an `adopt` revision (by the same caller), which is not one. */
function modelWrites(w: World): number {
  return readHistory(w.mem).entries.filter((e) => e.actor === "model:slow" && e.op !== "adopt").length;
}

async function until(check: () => boolean, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every card has whole keys, written by the model exactly once, and the store has no unfinished write. */
async function assertFinishedOnce(w: World): Promise<void> {
  const entries = readHistory(w.mem).entries.filter((e) => e.actor === "model:slow" && e.op !== "adopt");
  assert.deepEqual(entries.map((e) => e.card).sort(), Array.from({ length: CARDS }, (_, i) => `project_topic-${i + 1}.md`).sort());
  for (let i = 1; i <= CARDS; i++) {
    const card = parseCard(fs.readFileSync(path.join(w.mem, `project_topic-${i}.md`), "utf8"));
    assert.deepEqual(card.errors, []);
    assert.equal(card.meta.recall?.length, 10, `topic-${i}`);
    assert.equal(card.meta.recall?.[0], `why does topic-${i} keep failing`);
  }
  const doctor = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.deepEqual([doctor.unreadable_cards, doctor.cards_bad_fields], [[], []]);
}

test("a backfill killed with SIGKILL mid-run resumes on the next run and finishes without duplicate or torn writes", async () => {
  const w = makeWorld();
  handWrittenCards(w, CARDS);
  recallConfig(w, [modelScript(w, "slow", SLOW_STAND_IN)]);
  const run = start(w);
  await until(() => modelWrites(w) >= 4);
  run.child.kill("SIGKILL");
  await run.done;
  const first = modelWrites(w);
  assert.ok(first < CARDS, `${first} cards were written before the kill`);
  // At most the empty directory of the model call the kill interrupted (nothing in the process can remove it then).
  const left = fs.readdirSync(tmpOf(w));
  assert.ok(left.length <= 1 && left.every((d) => /^memctl-model-/.test(d)), `left in TMPDIR: ${left.join(", ")}`);
  const jobsAfterKill = JSON.parse((await memctl(w, ["jobs", "--json"])).stdout).jobs;
  assert.deepEqual(
    jobsAfterKill.map((j: { status: string; retryable: boolean }) => [j.status, j.retryable]),
    [["stuck", true]],
  );

  const again = await memctl(w, ["keys", "--backfill", "--json"]);
  assert.equal(again.code, 0, again.stderr);
  const out = JSON.parse(again.stdout);
  assert.equal(out.written + first, CARDS);
  await assertFinishedOnce(w);
  const jobs = JSON.parse((await memctl(w, ["jobs", "--json"])).stdout).jobs;
  assert.deepEqual(
    jobs.map((j: { id: string; status: string; attempts: number }) => [j.id, j.status, j.attempts]),
    [[jobsAfterKill[0].id, "done", 2]],
  );
});

test("SIGINT stops a backfill after the card in progress (exit 130, the job retryable); a rerun resumes it", async () => {
  const w = makeWorld();
  handWrittenCards(w, CARDS);
  recallConfig(w, [modelScript(w, "slow", SLOW_STAND_IN)]);
  const run = start(w);
  await until(() => modelWrites(w) >= 2);
  run.child.kill("SIGINT");
  const { code, stdout } = await run.done;
  assert.equal(code, 130);
  assert.deepEqual(fs.readdirSync(tmpOf(w)), [], "an interrupt lets the model call in progress finish and remove its directory");
  assert.match(stdout, /^interrupted: wrote keys for \d+ of 12 cards\n {2}rerun memctl keys --backfill to resume\n$/);
  const written = modelWrites(w);
  assert.equal(Number(/wrote keys for (\d+)/.exec(stdout)![1]), written);
  const jobs = JSON.parse((await memctl(w, ["jobs", "--json"])).stdout).jobs;
  assert.deepEqual([jobs[0].status, jobs[0].retryable], ["failed", true]);
  assert.match(jobs[0].last_error, /^interrupted after \d+ of 12 cards; rerun memctl keys --backfill to resume$/);
  const again = await memctl(w, ["keys", "--backfill"]);
  assert.equal(again.code, 0, again.stderr);
  await assertFinishedOnce(w);
});
