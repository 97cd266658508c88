import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import type { MemctlError } from "../../../lib/core/errors.js";
import { acquireStoreLock, tryStoreLock, withStoreLock } from "../../../lib/store/lock.js";
import { scratchDir } from "../../support/scratch.js";

const tempStore = () => scratchDir("memctl-lock-");

test("critical sections never overlap", async () => {
  const dir = tempStore();
  let inside = 0;
  let maxInside = 0;
  let counter = 0;
  await Promise.all(
    Array.from({ length: 30 }, () =>
      withStoreLock(dir, async () => {
        inside++;
        maxInside = Math.max(maxInside, inside);
        const read = counter;
        await new Promise((r) => setTimeout(r, 1));
        counter = read + 1;
        inside--;
      }),
    ),
  );
  assert.equal(counter, 30);
  assert.equal(maxInside, 1);
  assert.equal(fs.existsSync(path.join(dir, ".memctl", "lock")), false, "released");
});

test("a held lock makes another writer fail with E_LOCK_TIMEOUT after the timeout", async () => {
  const dir = tempStore();
  const release = await acquireStoreLock(dir);
  try {
    await assert.rejects(acquireStoreLock(dir, { timeoutMs: 150 }), (e: MemctlError) => e.code === "E_LOCK_TIMEOUT");
  } finally {
    release();
  }
  (await acquireStoreLock(dir, { timeoutMs: 150 }))();
});

test("a lock left by a killed process (dead pid on this host) is broken at once", async () => {
  const dir = tempStore();
  const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
  fs.mkdirSync(path.join(dir, ".memctl", "lock"), { recursive: true });
  fs.writeFileSync(path.join(dir, ".memctl", "lock", "owner"), JSON.stringify({ pid: dead, host: os.hostname(), token: "gone" }));
  // No time to wait: the first attempt, made before any deadline is looked at, must break it (not a wall-clock
  // bound, which a loaded machine stretches).
  (await acquireStoreLock(dir, { timeoutMs: 0 }))();
});

test("a live owner's lock is not broken", async () => {
  const dir = tempStore();
  fs.mkdirSync(path.join(dir, ".memctl", "lock"), { recursive: true });
  fs.writeFileSync(path.join(dir, ".memctl", "lock", "owner"), JSON.stringify({ pid: process.pid, host: os.hostname(), token: "someone-else" }));
  await assert.rejects(acquireStoreLock(dir, { timeoutMs: 100 }), (e: MemctlError) => e.code === "E_LOCK_TIMEOUT");
});

test("a symlinked .memctl is refused", async () => {
  const dir = tempStore();
  fs.symlinkSync(tempStore(), path.join(dir, ".memctl"));
  await assert.rejects(acquireStoreLock(dir), (e: MemctlError) => e.code === "E_PATH_ESCAPE");
});

test("another host's lock is broken only once it is older than staleMs", async () => {
  const dir = tempStore();
  const lock = path.join(dir, ".memctl", "lock");
  fs.mkdirSync(lock, { recursive: true });
  fs.writeFileSync(path.join(lock, "owner"), JSON.stringify({ pid: 1, host: "some-other-host", token: "remote" }));
  await assert.rejects(acquireStoreLock(dir, { timeoutMs: 100, staleMs: 60_000 }), (e: MemctlError) => e.code === "E_LOCK_TIMEOUT");
  const old = new Date(Date.now() - 120_000);
  fs.utimesSync(lock, old, old);
  (await acquireStoreLock(dir, { timeoutMs: 500, staleMs: 60_000 }))();
});

test("tryStoreLock takes a free lock at once and returns undefined, without waiting, while another holds it", async (t) => {
  const dir = tempStore();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const held = tryStoreLock(dir);
  assert.ok(held);
  assert.equal(held.stillHeld(), true);
  assert.equal(tryStoreLock(dir), undefined);
  await assert.rejects(acquireStoreLock(dir, { timeoutMs: 100 }), (e: MemctlError) => e.code === "E_LOCK_TIMEOUT");
  held.release();
  const again = tryStoreLock(dir);
  assert.ok(again, "free again after release");
  again.release();
  assert.equal(fs.existsSync(path.join(dir, ".memctl", "lock")), false);
});
