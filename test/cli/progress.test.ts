// Long work shows one self-overwriting progress line on stderr when it is a terminal, and nothing otherwise.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { main } from "../../lib/cli/main.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { configure, handWrittenCards, script } from "../support/compact-fixture.js";
import { makeWorld, type World } from "../support/fixture.js";

/** Runs memctl in-process; `tty` marks stderr a terminal; the clock moves a second per reading (slow work, quickly). */
async function run(w: World, argv: string[], tty: boolean): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new BufferSink();
  const stderr = new BufferSink();
  stderr.isTTY = tty;
  let t = Date.parse("2026-12-02T09:40:00.000Z");
  const io: Io = { stdout, stderr, env: w.env, cwd: w.repo, home: w.home, now: () => new Date((t += 1000)) };
  const code = await main(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const world = (t: { after(fn: () => void): void }) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  return w;
};

test("doctor: the steps of a long audit on a terminal, ended by a newline; off a terminal stderr stays empty", async (t) => {
  const w = world(t);
  handWrittenCards(w, 40);
  const quiet = await run(w, ["doctor"], false);
  assert.equal(quiet.stderr, "");
  const loud = await run(w, ["doctor"], true);
  assert.match(loud.stderr, /\rmemctl doctor: checking 40 cards…\x1b\[K\n$/, "the last step, finished with a newline");
  assert.match(loud.stderr, /\rmemctl doctor: measuring what every prompt injects…/);
  assert.equal(loud.stdout, quiet.stdout, "the report itself is the same");
});

test("doctor: work that ends within half a second draws nothing, even on a terminal", async (t) => {
  const w = world(t);
  handWrittenCards(w, 3);
  const stderr = new BufferSink();
  stderr.isTTY = true;
  const now = new Date("2026-12-02T09:40:00.000Z");
  const io: Io = { stdout: new BufferSink(), stderr, env: w.env, cwd: w.repo, home: w.home, now: () => now };
  await main(["doctor"], io);
  assert.equal(stderr.text, "");
});

test("compact with a model: a line counts the seconds while the command runs, on a terminal only", async (t) => {
  const w = world(t);
  handWrittenCards(w, 30);
  configure(w, [script(w, "slow.sh", `cat >/dev/null; sleep 1.2; echo "Decisions per topic: ${Array.from({ length: 30 }, (_, i) => `topic-${i + 1}`).join(" ")}"`)]);
  const quiet = await run(w, ["compact", "--json"], false);
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.doesNotMatch(quiet.stderr, /\r|waiting for the model/);
  const loud = await run(w, ["compact", "--json"], true);
  assert.equal(loud.code, 0, loud.stderr);
  assert.match(loud.stderr, /\rmemctl compact: waiting for the model: \d+s \(timeout 120s\)\x1b\[K/);
  assert.match(loud.stderr, /waiting for the model: [^\n]*\x1b\[K\n/, "the line ends with a newline before anything else is said");
});
