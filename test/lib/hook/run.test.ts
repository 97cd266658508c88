// The hook's one bounded wait (stdin read as a stream): the work's result when it comes in time, the late
// callback when it does not, and no timer left to hold the process open either way.
import assert from "node:assert/strict";
import { test } from "node:test";
import { withDeadline } from "../../../lib/hook/run.js";

test("withDeadline: work that finishes in time gives its result and never calls onLate", async () => {
  let late = 0;
  assert.equal(await withDeadline(Promise.resolve("payload"), 50, () => late++), "payload");
  await new Promise((resolve) => setTimeout(resolve, 80));
  assert.equal(late, 0);
});

test("withDeadline: work that never finishes calls onLate once the time has passed", async () => {
  const started = Date.now();
  const lateAt = await new Promise<number>((resolve) => {
    void withDeadline(new Promise<never>(() => {}), 60, () => resolve(Date.now()));
    // The deadline's timer is unref'd: this one keeps the test alive meanwhile.
    setTimeout(() => resolve(-1), 2_000);
  });
  assert.ok(lateAt - started >= 55, `called after ${lateAt - started} ms`);
});

test("withDeadline: a rejection passes through, and onLate is not called after it", async () => {
  let late = 0;
  await assert.rejects(
    withDeadline(Promise.reject(new Error("stdin closed")), 50, () => late++),
    /stdin closed/,
  );
  await new Promise((resolve) => setTimeout(resolve, 80));
  assert.equal(late, 0);
});
