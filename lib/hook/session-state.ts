// Per-session memory of what the hook already injected (.memctl/sessions.log), so a session never pays twice
// for a line its host still holds in the conversation. Append-only records, one write each, so concurrent hooks
// never lose one another's updates; compacted now and then by a rename that keeps appends made meanwhile.
// Every fault is the caller's cue to inject as without deduplication: this state never blocks a prompt.
import fs from "node:fs";
import { close, fstat, lstatIfExists, readAt, readRegular, writeAll } from "../store/checked-fs.js";
import { encodeUtf8, utf8Text } from "../core/bytes.js";
import { ONE_SHOT_JS_MAX, sha256Hex } from "../core/sha256.js";
import { lineKey } from "../core/line-key.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { openAppend, realDir, replaceFile } from "../store/safe-write.js";
import { tryStoreLock } from "../store/lock.js";

export const SESSIONS_FILE = "sessions.log";
/** A record older than this no longer counts: a session idle for half a day starts afresh. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** The same prompt in the same session within this window is a second wiring of the hook, not the user. */
export const DUPLICATE_WINDOW_MS = 10_000;
/** Past this size the log is compacted (about 200 prompts); past READ_CAP it is not read at all. */
export const COMPACT_AT_BYTES = 64 * 1024;
const READ_CAP = 1024 * 1024;
/** What a compaction keeps: the most recently active sessions, each with its most recent lines. */
export const MAX_SESSIONS = 32;
export const MAX_LINES_PER_SESSION = 512;
/** The lock (lib/store/lock.ts, by name) one compactor of the sessions log holds. */
export const SESSIONS_LOCK = "sessions-lock";

/**
 * A short key for a text: the first 16 hex digits of its SHA-256 (session ids and prompts are never stored). A
 * prompt is hashed once a process, so node:crypto loads only for one past ONE_SHOT_JS_MAX.
 */
export function shortHash(text: string): string {
  return sha256Hex(text, ONE_SHOT_JS_MAX).slice(0, 16);
}

/**
 * A session's keys in the log. Its id is hashed with this user's secret (lib/store/session-secret.ts), so a record
 * planted in the log names no session. A printed line is its 64-bit key (lib/core/line-key.ts, which the rank cache
 * stores) with its card's file spelled out: a line crafted to share another's key is another card's, so it never
 * stands for the owner's line (hashing each candidate with the secret instead cost a cold hook milliseconds).
 */
export interface SessionKeys {
  session: string;
  line(line: { text: string; file: string; key?: string }): string;
}

export function sessionKeys(secret: string, host: string, sessionId: string): SessionKeys {
  // The host too: two hosts sending one id (a copied payload) hold two conversations, and neither may hide the other's lines.
  const input = `${secret}\u0000${host}\u0000${sessionId}`;
  return {
    session: shortHash(input),
    line: (l) => `${l.key ?? lineKey(l.text)}/${encodeURIComponent(l.file)}`,
  };
}

/** This hook run's view of its session: what was already shown, and whether another wiring already runs this prompt. */
export interface SessionView {
  memoryDir: string;
  file: string;
  keys: SessionKeys;
  session: string;
  promptHash: string;
  nowMs: number;
  /** Keys of lines injected earlier in this session (since its last reset, within the TTL). */
  seen: Set<string>;
  /** An earlier run of the same prompt in this session within DUPLICATE_WINDOW_MS (another wiring). */
  duplicate: boolean;
}

export function sessionsFile(memoryDir: string): string {
  return joinPath(memoryDir, STATE_DIR, SESSIONS_FILE);
}

/**
 * Claims this prompt for the session (one append) and reads the session's state back (one read): the claim goes
 * first, so of two wirings running the same prompt at once exactly one sees no earlier claim. Throws on any fault.
 */
export function beginSession(memoryDir: string, keys: SessionKeys, prompt: string, nowMs: number): SessionView {
  const file = joinPath(realDir(memoryDir, STATE_DIR), SESSIONS_FILE);
  const session = keys.session;
  const promptHash = shortHash(prompt);
  const nonce = `${process.pid.toString(36)}.${Math.floor(Math.random() * 0x7fffffff).toString(36)}`;
  appendRecord(file, `${nowMs}\t${session}\tc\t${promptHash} ${nonce}\n`);
  const { seen, duplicate } = readSession(readRegular(file, READ_CAP, { nofollow: true }).bytes, session, promptHash, nonce, nowMs);
  return { memoryDir, file, keys, session, promptHash, nowMs, seen, duplicate };
}

/** Records the lines this run injected (one append); compacts the log when it has grown past COMPACT_AT_BYTES. */
export function recordShown(view: SessionView, keys: readonly string[]): void {
  if (keys.length === 0) return;
  const size = appendRecord(view.file, `${view.nowMs}\t${view.session}\ts\t${keys.join(" ")}\n`);
  if (size > COMPACT_AT_BYTES) compactSessions(view.memoryDir, view.nowMs);
}

/**
 * The session starts afresh (the host compacted or cleared the conversation, so earlier blocks are gone from it):
 * lines shown before are injected again when relevant. Throws on a fault (the caller reports it).
 */
export function forgetSession(memoryDir: string, keys: SessionKeys, nowMs: number, reason = "reset"): void {
  const file = joinPath(realDir(memoryDir, STATE_DIR), SESSIONS_FILE);
  appendRecord(file, `${nowMs}\t${keys.session}\tr\t${reason.replace(/\s+/g, "-")}\n`);
}

/**
 * Marks printed lines as shown in a session without a prompt (the session-start block injects pinned cards and
 * an overview): the per-prompt hook then does not send them again. `lines` are the lines exactly as printed, with their cards.
 */
export function markShown(memoryDir: string, keys: SessionKeys, lines: readonly { text: string; file: string }[], nowMs: number): void {
  if (lines.length === 0) return;
  const file = joinPath(realDir(memoryDir, STATE_DIR), SESSIONS_FILE);
  appendRecord(file, `${nowMs}\t${keys.session}\ts\t${lines.map(keys.line).join(" ")}\n`);
}

interface Rec {
  t: number;
  session: string;
  kind: string;
  data: string;
}

function* records(bytes: Uint8Array): Generator<Rec> {
  const text = utf8Text(bytes);
  let start = 0;
  for (;;) {
    const end = text.indexOf("\n", start);
    // A last line without its newline is being written (or was torn by a crash): skipped.
    if (end < 0) return;
    const rec = parseRecord(text.slice(start, end));
    start = end + 1;
    if (rec) yield rec;
  }
}

function parseRecord(line: string): Rec | undefined {
  const parts = line.split("\t");
  if (parts.length !== 4) return undefined;
  const t = Number(parts[0]);
  if (!Number.isFinite(t) || !/^[0-9a-f]{16}$/.test(parts[1]!)) return undefined;
  return { t, session: parts[1]!, kind: parts[2]!, data: parts[3]! };
}

/**
 * The records of one session, in file order. Only lines naming it are decoded: the log holds up to 32 other
 * sessions, and decoding all of it on every prompt was most of what the hook's session state allocated.
 */
function* sessionRecords(bytes: Uint8Array, session: string): Generator<Rec> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const needle = `\t${session}\t`;
  let from = 0;
  for (;;) {
    const at = buf.indexOf(needle, from, "latin1");
    if (at < 0) return;
    const start = buf.lastIndexOf(10, at) + 1;
    const end = buf.indexOf(10, at);
    // A last line without its newline is being written (or was torn by a crash): skipped.
    if (end < 0) return;
    const rec = parseRecord(utf8Text(bytes.subarray(start, end)));
    if (rec) yield rec;
    from = end + 1;
  }
}

function readSession(bytes: Uint8Array, session: string, promptHash: string, nonce: string, nowMs: number) {
  let seen = new Set<string>();
  let duplicate = false;
  let ownClaimSeen = false;
  for (const r of sessionRecords(bytes, session)) {
    if (r.session !== session) continue;
    // A reset empties what the conversation holds, not the claims: a second wiring's SessionStart(compact)
    // after the first one's reset is still the same event run twice.
    if (r.kind === "r") {
      seen = new Set();
      continue;
    }
    if (nowMs - r.t > SESSION_TTL_MS) continue;
    if (r.kind === "s") {
      for (const k of r.data.split(" ")) if (k) seen.add(k);
    } else if (r.kind === "c") {
      const [hash, by] = r.data.split(" ");
      if (by === nonce) ownClaimSeen = true;
      else if (!ownClaimSeen && hash === promptHash && Math.abs(nowMs - r.t) <= DUPLICATE_WINDOW_MS) duplicate = true;
    }
  }
  // Our own claim must be in the file we just read; if it is not, the read raced a compaction: no verdict on duplicates.
  return { seen, duplicate: duplicate && ownClaimSeen };
}

/**
 * One record in one write. If the log was replaced (compacted) between our open and our write, the record went
 * to the old file, which the compactor may already have read: it is appended again to the new one (records are
 * idempotent). Returns the log's size after the write.
 */
function appendRecord(file: string, line: string): number {
  const data = encodeUtf8(line);
  for (let attempt = 0; ; attempt++) {
    const fd = openAppend(file);
    try {
      writeAll(fd, data);
      const mine = fstat(fd);
      const now = lstatIfExists(file);
      if (attempt >= 3 || (now !== undefined && now.ino === mine.ino)) return mine.size;
    } finally {
      close(fd);
    }
  }
}

/**
 * Rewrites the log to the live state: expired records, sessions beyond MAX_SESSIONS and state before a reset
 * dropped. One compactor at a time (the store's one lock primitive under its own name, skipped when taken: a hook
 * never waits, and a holder that died is taken over at once). Appends made while it runs are
 * carried over: what was appended to the old file after it was read is copied after the rename, and writers
 * that still wrote to the old file after that re-append themselves (appendRecord).
 */
export function compactSessions(memoryDir: string, nowMs: number): void {
  const file = sessionsFile(memoryDir);
  const held = tryStoreLock(memoryDir, { name: SESSIONS_LOCK });
  if (!held) return;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    try {
      const first = readFrom(fd, 0);
      const compacted = encodeUtf8(compactText(first, nowMs));
      const second = readFrom(fd, first.length);
      replaceFile(file, concat(compacted, second), `${file}.${process.pid}.tmp`);
      const late = readFrom(fd, first.length + second.length);
      if (late.length > 0) appendRecord(file, utf8Text(late));
    } finally {
      close(fd);
    }
  } finally {
    held.release();
  }
}

function readFrom(fd: number, position: number): Uint8Array {
  const size = fstat(fd).size;
  if (size <= position) return new Uint8Array(0);
  const buf = new Uint8Array(size - position);
  let length = 0;
  while (length < buf.length) {
    const n = readAt(fd, buf, length, buf.length - length, position + length);
    if (n === 0) break;
    length += n;
  }
  // Only whole lines: a record being written is left for the next read.
  const lastNewline = buf.subarray(0, length).lastIndexOf(10);
  return buf.subarray(0, lastNewline + 1);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The live state as records: per session its latest claims in the window and one record of its newest lines. */
export function compactText(bytes: Uint8Array, nowMs: number): string {
  const sessions = new Map<string, { last: number; lines: Map<string, number>; claims: Rec[] }>();
  for (const r of records(bytes)) {
    if (r.kind === "r") {
      sessions.delete(r.session);
      continue;
    }
    if (nowMs - r.t > SESSION_TTL_MS) continue;
    let s = sessions.get(r.session);
    if (!s) sessions.set(r.session, (s = { last: r.t, lines: new Map(), claims: [] }));
    s.last = Math.max(s.last, r.t);
    if (r.kind === "s") for (const k of r.data.split(" ")) if (k) s.lines.set(k, r.t);
    if (r.kind === "c" && nowMs - r.t <= DUPLICATE_WINDOW_MS) s.claims.push(r);
  }
  const kept = [...sessions.entries()].sort((x, y) => y[1].last - x[1].last).slice(0, MAX_SESSIONS);
  let out = "";
  for (const [session, s] of kept) {
    const lines = [...s.lines.entries()].sort((x, y) => x[1] - y[1]).slice(-MAX_LINES_PER_SESSION);
    for (let i = 0; i < lines.length; i += 64) {
      const chunk = lines.slice(i, i + 64);
      out += `${chunk[chunk.length - 1]![1]}\t${session}\ts\t${chunk.map(([k]) => k).join(" ")}\n`;
    }
    for (const c of s.claims) out += `${c.t}\t${session}\tc\t${c.data}\n`;
  }
  return out;
}
