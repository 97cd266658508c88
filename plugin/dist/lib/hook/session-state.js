// lib/hook/session-state.ts
import fs from "node:fs";
import { close, fstat, lstatIfExists, readAt, readRegular, writeAll } from "../store/checked-fs.js";
import { encodeUtf8, utf8Text } from "../core/bytes.js";
import { ONE_SHOT_JS_MAX, sha256Hex } from "../core/sha256.js";
import { lineKey } from "../core/line-key.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { openAppend, realDir, replaceFile } from "../store/safe-write.js";
import { tryStoreLock } from "../store/lock.js";
var SESSIONS_FILE = "sessions.log";
var SESSION_TTL_MS = 12 * 60 * 60 * 1e3;
var DUPLICATE_WINDOW_MS = 1e4;
var COMPACT_AT_BYTES = 64 * 1024;
var READ_CAP = 1024 * 1024;
var MAX_SESSIONS = 32;
var MAX_LINES_PER_SESSION = 512;
var SESSIONS_LOCK = "sessions-lock";
function shortHash(text) {
  return sha256Hex(text, ONE_SHOT_JS_MAX).slice(0, 16);
}
function sessionKeys(secret, host, sessionId) {
  const input = `${secret}\0${host}\0${sessionId}`;
  return {
    session: shortHash(input),
    line: (l) => `${l.key ?? lineKey(l.text)}/${encodeURIComponent(l.file)}`
  };
}
function sessionsFile(memoryDir) {
  return joinPath(memoryDir, STATE_DIR, SESSIONS_FILE);
}
function beginSession(memoryDir, keys, prompt, nowMs) {
  const file = joinPath(realDir(memoryDir, STATE_DIR), SESSIONS_FILE);
  const session = keys.session;
  const promptHash = shortHash(prompt);
  const nonce = `${process.pid.toString(36)}.${Math.floor(Math.random() * 2147483647).toString(36)}`;
  appendRecord(file, `${nowMs}	${session}	c	${promptHash} ${nonce}
`);
  const { seen, duplicate } = readSession(readRegular(file, READ_CAP, { nofollow: true }).bytes, session, promptHash, nonce, nowMs);
  return { memoryDir, file, keys, session, promptHash, nowMs, seen, duplicate };
}
function recordShown(view, keys) {
  if (keys.length === 0) return;
  const size = appendRecord(view.file, `${view.nowMs}	${view.session}	s	${keys.join(" ")}
`);
  if (size > COMPACT_AT_BYTES) compactSessions(view.memoryDir, view.nowMs);
}
function forgetSession(memoryDir, keys, nowMs, reason = "reset") {
  const file = joinPath(realDir(memoryDir, STATE_DIR), SESSIONS_FILE);
  appendRecord(file, `${nowMs}	${keys.session}	r	${reason.replace(/\s+/g, "-")}
`);
}
function markShown(memoryDir, keys, lines, nowMs) {
  if (lines.length === 0) return;
  const file = joinPath(realDir(memoryDir, STATE_DIR), SESSIONS_FILE);
  appendRecord(file, `${nowMs}	${keys.session}	s	${lines.map(keys.line).join(" ")}
`);
}
function* records(bytes) {
  const text = utf8Text(bytes);
  let start = 0;
  for (; ; ) {
    const end = text.indexOf("\n", start);
    if (end < 0) return;
    const rec = parseRecord(text.slice(start, end));
    start = end + 1;
    if (rec) yield rec;
  }
}
function parseRecord(line) {
  const parts = line.split("	");
  if (parts.length !== 4) return void 0;
  const t = Number(parts[0]);
  if (!Number.isFinite(t) || !/^[0-9a-f]{16}$/.test(parts[1])) return void 0;
  return { t, session: parts[1], kind: parts[2], data: parts[3] };
}
function* sessionRecords(bytes, session) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const needle = `	${session}	`;
  let from = 0;
  for (; ; ) {
    const at = buf.indexOf(needle, from, "latin1");
    if (at < 0) return;
    const start = buf.lastIndexOf(10, at) + 1;
    const end = buf.indexOf(10, at);
    if (end < 0) return;
    const rec = parseRecord(utf8Text(bytes.subarray(start, end)));
    if (rec) yield rec;
    from = end + 1;
  }
}
function readSession(bytes, session, promptHash, nonce, nowMs) {
  let seen = /* @__PURE__ */ new Set();
  let duplicate = false;
  let ownClaimSeen = false;
  for (const r of sessionRecords(bytes, session)) {
    if (r.session !== session) continue;
    if (r.kind === "r") {
      seen = /* @__PURE__ */ new Set();
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
  return { seen, duplicate: duplicate && ownClaimSeen };
}
function appendRecord(file, line) {
  const data = encodeUtf8(line);
  for (let attempt = 0; ; attempt++) {
    const fd = openAppend(file);
    try {
      writeAll(fd, data);
      const mine = fstat(fd);
      const now = lstatIfExists(file);
      if (attempt >= 3 || now !== void 0 && now.ino === mine.ino) return mine.size;
    } finally {
      close(fd);
    }
  }
}
function compactSessions(memoryDir, nowMs) {
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
function readFrom(fd, position) {
  const size = fstat(fd).size;
  if (size <= position) return new Uint8Array(0);
  const buf = new Uint8Array(size - position);
  let length = 0;
  while (length < buf.length) {
    const n = readAt(fd, buf, length, buf.length - length, position + length);
    if (n === 0) break;
    length += n;
  }
  const lastNewline = buf.subarray(0, length).lastIndexOf(10);
  return buf.subarray(0, lastNewline + 1);
}
function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
function compactText(bytes, nowMs) {
  const sessions = /* @__PURE__ */ new Map();
  for (const r of records(bytes)) {
    if (r.kind === "r") {
      sessions.delete(r.session);
      continue;
    }
    if (nowMs - r.t > SESSION_TTL_MS) continue;
    let s = sessions.get(r.session);
    if (!s) sessions.set(r.session, s = { last: r.t, lines: /* @__PURE__ */ new Map(), claims: [] });
    s.last = Math.max(s.last, r.t);
    if (r.kind === "s") {
      for (const k of r.data.split(" ")) if (k) s.lines.set(k, r.t);
    }
    if (r.kind === "c" && nowMs - r.t <= DUPLICATE_WINDOW_MS) s.claims.push(r);
  }
  const kept = [...sessions.entries()].sort((x, y) => y[1].last - x[1].last).slice(0, MAX_SESSIONS);
  let out = "";
  for (const [session, s] of kept) {
    const lines = [...s.lines.entries()].sort((x, y) => x[1] - y[1]).slice(-MAX_LINES_PER_SESSION);
    for (let i = 0; i < lines.length; i += 64) {
      const chunk = lines.slice(i, i + 64);
      out += `${chunk[chunk.length - 1][1]}	${session}	s	${chunk.map(([k]) => k).join(" ")}
`;
    }
    for (const c of s.claims) out += `${c.t}	${session}	c	${c.data}
`;
  }
  return out;
}
export {
  COMPACT_AT_BYTES,
  DUPLICATE_WINDOW_MS,
  MAX_LINES_PER_SESSION,
  MAX_SESSIONS,
  SESSIONS_FILE,
  SESSIONS_LOCK,
  SESSION_TTL_MS,
  beginSession,
  compactSessions,
  compactText,
  forgetSession,
  markShown,
  recordShown,
  sessionKeys,
  sessionsFile,
  shortHash
};
