// test/support/bounded-run.ts bounds a child for the tests that guard against hangs and runaways. On CI's loaded
// 2 cores a working command spends most of its wall time waiting for a core, so a wall bound of seconds killed a
// healthy doctor (8.3 s of wall time for ~2 s of CPU). A runaway is caught by its CPU time; only a blocked child
// is caught by wall time, and a hang is minutes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runBounded } from "../support/bounded-run.js";

const env = { PATH: process.env.PATH };

test("a child that waits longer than its CPU budget, using little CPU (a loaded machine's wait for a core), is not killed", async () => {
  const waits = "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500); process.stdout.write('done')";
  const r = await runBounded(["-e", waits], "", env, process.cwd(), 1_000);
  assert.deepEqual([r.code, r.signal, r.stdout], [0, null, "done"], JSON.stringify(r));
  assert.ok(r.ms >= 1_500, `${r.ms} ms`);
});

test("a runaway is killed once it has used its CPU budget, and says so", async () => {
  const r = await runBounded(["-e", "for (;;) {}"], "", env, process.cwd(), 300, undefined, 600_000);
  assert.deepEqual([r.signal, r.killedFor], ["SIGKILL", "cpu"], JSON.stringify(r));
  assert.ok(r.cpuMs >= 300, `${r.cpuMs} ms of CPU`);
});

test("a child blocked past the wall bound (a read that never ends) is killed, and says so", async () => {
  const r = await runBounded(["-e", "setInterval(() => {}, 1000)"], "", env, process.cwd(), 60_000, undefined, 1_000);
  assert.deepEqual([r.signal, r.killedFor], ["SIGKILL", "wall"], JSON.stringify(r));
  assert.ok(r.cpuMs < 1_000, `${r.cpuMs} ms of CPU`);
});
