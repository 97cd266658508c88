// The per-session state and the why log stay small: capped sessions and lines, expiry, a bounded log.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  beginSession,
  compactText,
  COMPACT_AT_BYTES,
  forgetSession,
  markShown,
  MAX_LINES_PER_SESSION,
  MAX_SESSIONS,
  recordShown,
  SESSION_TTL_MS,
  SESSIONS_LOCK,
  sessionKeys,
  sessionsFile,
} from "../../../lib/hook/session-state.js";
import { tryStoreLock } from "../../../lib/store/lock.js";
import { appendWhy, readWhy, WHY_CAP_BYTES, whyFile, type WhyRecord } from "../../../lib/store/why-log.js";
import { tempDir } from "../../helpers.js";

const T0 = Date.parse("2026-12-02T10:00:00Z");
const k = (session: string) => sessionKeys("5e".repeat(32), "claude", session);
const keys = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => (prefix + i.toString(16)).padStart(16, "0").slice(-16));

test("a session remembers its lines; another session and a reset do not see them; records expire after the TTL", (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const a = beginSession(dir, k("A"), "first prompt", T0);
  assert.equal(a.seen.size, 0);
  recordShown(a, ["00000000000000aa", "00000000000000bb"]);
  assert.deepEqual([...beginSession(dir, k("A"), "second", T0 + 60_000).seen].sort(), ["00000000000000aa", "00000000000000bb"]);
  assert.equal(beginSession(dir, k("B"), "second", T0 + 60_000).seen.size, 0);
  assert.equal(beginSession(dir, k("A"), "third", T0 + SESSION_TTL_MS + 1).seen.size, 0);
  forgetSession(dir, k("A"), T0 + 120_000);
  assert.equal(beginSession(dir, k("A"), "fourth", T0 + 130_000).seen.size, 0);
});

test("the same prompt within the window is a duplicate; later it is not", (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  assert.equal(beginSession(dir, k("A"), "p", T0).duplicate, false);
  assert.equal(beginSession(dir, k("A"), "p", T0 + 2_000).duplicate, true);
  assert.equal(beginSession(dir, k("B"), "p", T0 + 2_000).duplicate, false);
  assert.equal(beginSession(dir, k("A"), "p", T0 + 60_000).duplicate, false);
});

test("compaction keeps the newest MAX_SESSIONS sessions and MAX_LINES_PER_SESSION lines each, and drops expired ones", () => {
  let log = "";
  for (let s = 0; s < MAX_SESSIONS + 10; s++) {
    const session = s.toString(16).padStart(16, "0");
    log += `${T0 + s}\t${session}\ts\t${keys(MAX_LINES_PER_SESSION + 50, `${s}x`).join(" ")}\n`;
  }
  log += `${T0 - SESSION_TTL_MS - 1}\t${"e".repeat(16)}\ts\t${"1".repeat(16)}\n`;
  const out = compactText(Buffer.from(log), T0 + 1_000);
  const sessions = new Map<string, number>();
  for (const line of out.trim().split("\n")) {
    const [, session, kind, data] = line.split("\t");
    assert.equal(kind, "s");
    sessions.set(session!, (sessions.get(session!) ?? 0) + data!.split(" ").length);
  }
  assert.equal(sessions.size, MAX_SESSIONS);
  assert.ok(!sessions.has("e".repeat(16)));
  assert.ok(!sessions.has("0".repeat(16)), "the oldest session was kept");
  for (const n of sessions.values()) assert.equal(n, MAX_LINES_PER_SESSION);
});

test("the state file stays bounded over thousands of prompts in many sessions", (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  let largest = 0;
  for (let i = 0; i < 3000; i++) {
    const view = beginSession(dir, k(`session-${i % 50}`), `prompt ${i}`, T0 + i * 1000);
    recordShown(view, keys(12, `${i}y`));
    largest = Math.max(largest, fs.statSync(sessionsFile(dir)).size);
  }
  // Compaction runs past COMPACT_AT_BYTES; what it keeps (32 sessions × ≤512 lines) may itself exceed that, never much more.
  const bound = COMPACT_AT_BYTES + MAX_SESSIONS * MAX_LINES_PER_SESSION * 17 + 4096;
  assert.ok(largest <= bound, `${largest} > ${bound}`);
  assert.ok(fs.readdirSync(path.dirname(sessionsFile(dir))).every((n) => !n.includes(".tmp") && !n.endsWith(".lock")));
});

test("a compactor holding the sessions lock is never raced by another, however old its lock looks; a dead holder is taken over", (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const grow = (from: number) => {
    for (let i = from; fs.statSync(sessionsFile(dir)).size <= COMPACT_AT_BYTES; i++) recordShown(beginSession(dir, k(`s${i % 40}`), `p${i}`, T0 + i), keys(40, `${i}z`));
  };
  beginSession(dir, k("s"), "p", T0);
  // A live holder on this host (another hook mid-compaction), its lock's mtime a minute old: nothing breaks it.
  const held = tryStoreLock(dir, { name: SESSIONS_LOCK });
  assert.ok(held);
  const old = new Date(Date.now() - 60_000);
  fs.utimesSync(path.join(dir, ".memctl", SESSIONS_LOCK), old, old);
  grow(0);
  const before = fs.readFileSync(sessionsFile(dir));
  recordShown(beginSession(dir, k("late"), "p", T0 + 99_999), keys(1, "late"));
  assert.ok(fs.readFileSync(sessionsFile(dir)).length > before.length, "no second compactor ran while the lock was held");
  held.release();
  recordShown(beginSession(dir, k("later"), "p", T0 + 100_000), keys(1, "later"));
  assert.ok(fs.statSync(sessionsFile(dir)).size < before.length, "compaction runs once the lock is free");
});

test("the why log is bounded: past its cap it rotates to why.1.jsonl, and the two together stay under twice the cap", (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const record = (i: number): WhyRecord => ({
    at: new Date(T0 + i).toISOString(),
    host: "claude",
    session: "s",
    prompt_hash: i.toString(16).padStart(16, "0"),
    status: "injected",
    bytes: 900,
    budget: { max_bytes: 1500, max_entries: 10 },
    lines: Array.from({ length: 8 }, (_, j) => ({ file: `project_card_${j}.md`, rule: "relevant: deploi(title)", score: 1.5, bytes: 90 })),
  });
  const one = JSON.stringify(record(0)).length + 1;
  for (let i = 0; i < Math.ceil((5 * WHY_CAP_BYTES) / one); i++) appendWhy(dir, record(i));
  const state = path.dirname(whyFile(dir));
  const total = fs.readdirSync(state).reduce((sum, n) => sum + fs.statSync(path.join(state, n)).size, 0);
  assert.ok(total <= 2 * WHY_CAP_BYTES + one, `${total} bytes`);
  const last = readWhy(dir, 3);
  assert.equal(last.length, 3);
  assert.equal(last[2]!.prompt_hash, (Math.ceil((5 * WHY_CAP_BYTES) / one) - 1).toString(16).padStart(16, "0"));
});

test("markShown: lines a session-start block printed count as shown for the session's prompts", (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const owner = { text: "- [Owner](user_owner.md) — wants short answers", file: "user_owner.md" };
  markShown(dir, k("A"), [owner], T0);
  assert.ok(beginSession(dir, k("A"), "first prompt", T0 + 1000).seen.has(k("A").line(owner)));
  // The same text under another card is another line: a key made to collide never stands for the owner's.
  assert.equal(beginSession(dir, k("A"), "second prompt", T0 + 2000).seen.has(k("A").line({ ...owner, file: "project_other.md" })), false);
  assert.equal(beginSession(dir, k("B"), "first prompt", T0 + 1000).seen.size, 0);
});
