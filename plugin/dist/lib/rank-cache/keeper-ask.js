// lib/rank-cache/keeper-ask.ts
import fs from "node:fs";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { close, fstat, lstatIfExists, readFullyAt, writeBytes } from "../store/checked-fs.js";
import { escapesStore } from "./stamps.js";
var KEEPER_ASK = "keeper-ask";
var ANSWER_MAX_CARDS = 2e3;
var NAME_MAX_BYTES = 4096;
var ANSWER_MAX_BYTES = 64 * 1024 + ANSWER_MAX_CARDS * 256;
var POLL_MS = 1;
function keeperAskDir(memoryDir) {
  return joinPath(memoryDir, STATE_DIR, KEEPER_ASK);
}
function encodeAnswer(answer) {
  if (!answer || answer.cards.size > ANSWER_MAX_CARDS) return '{"v":1}\n';
  return `${JSON.stringify({ v: 1, checked: answer.checked, cards: [...answer.cards] })}
`;
}
function parseAnswer(text) {
  let a;
  try {
    a = JSON.parse(text);
  } catch {
    return void 0;
  }
  if (typeof a !== "object" || a === null) return void 0;
  const { v, checked, cards } = a;
  if (v !== 1 || typeof checked !== "string" || checked.length === 0 || !Array.isArray(cards) || cards.length > ANSWER_MAX_CARDS) return void 0;
  for (const c of cards) if (typeof c !== "string" || c.length === 0 || c.length > NAME_MAX_BYTES || c.includes("\0") || escapesStore(c)) return void 0;
  return { checked, cards: new Set(cards) };
}
function askKeeper(memoryDir, timeoutMs) {
  const dir = keeperAskDir(memoryDir);
  let file;
  let fd;
  try {
    const st = lstatIfExists(dir);
    if (!st?.isDirectory() || st.uid !== process.getuid?.()) return void 0;
    file = joinPath(dir, `${process.pid}.${Math.random().toString(36).slice(2)}`);
    const c = fs.constants;
    fd = fs.openSync(file, c.O_RDWR | c.O_CREAT | c.O_EXCL | (c.O_NOFOLLOW ?? 0), 384);
  } catch {
    return void 0;
  }
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const look = () => {
      let text;
      let done = false;
      try {
        const size = fstat(fd).size;
        if (size > ANSWER_MAX_BYTES) done = true;
        else if (size > 0) {
          const read = readFullyAt(fd, 0, size).toString("utf8");
          if (read.endsWith("\n")) [text, done] = [read, true];
        }
      } catch {
        done = true;
      }
      if (!done && Date.now() < deadline) return void setTimeout(look, POLL_MS);
      const answer = text === void 0 ? void 0 : parseAnswer(text);
      try {
        close(fd);
        if (!answer) fs.rmSync(file, { force: true });
      } catch {
      }
      resolve(answer);
    };
    setTimeout(look, 0);
  });
}
function serveAnswers(memoryDir, answer, onError) {
  const dir = keeperAskDir(memoryDir);
  const uid = process.getuid?.();
  let watcher;
  let ino;
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { mode: 448 });
    ino = fs.lstatSync(dir).ino;
    const busy = /* @__PURE__ */ new Set();
    watcher = fs.watch(dir, { persistent: false }, (_event, name) => {
      if (typeof name !== "string" || busy.has(name) || !asked(joinPath(dir, name), uid)) return;
      busy.add(name);
      answer().then((text) => reply(joinPath(dir, name), text, uid)).catch(onError).finally(() => busy.delete(name));
    });
  } catch (err) {
    onError(err);
    return Promise.resolve(void 0);
  }
  let closed = false;
  const stop = () => {
    if (closed) return;
    closed = true;
    watcher.close();
    try {
      if (fs.lstatSync(dir, { throwIfNoEntry: false })?.ino === ino) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
    }
  };
  watcher.on("error", (err) => {
    onError(err);
    stop();
  });
  return Promise.resolve({ close: stop });
}
function asked(file, uid) {
  try {
    const st = lstatIfExists(file);
    return st !== void 0 && st.isFile() && st.size === 0 && st.nlink === 1 && st.uid === uid;
  } catch {
    return false;
  }
}
function reply(file, text, uid) {
  const c = fs.constants;
  let fd;
  try {
    fd = fs.openSync(file, c.O_WRONLY | (c.O_NOFOLLOW ?? 0) | (c.O_NONBLOCK ?? 0));
  } catch {
    return;
  }
  try {
    const st = fstat(fd);
    if (!st.isFile() || st.size !== 0 || st.nlink !== 1 || st.uid !== uid) return;
    const bytes = Buffer.from(text, "utf8");
    for (let at = 0; at < bytes.length; ) at += writeBytes(fd, bytes, at, bytes.length - at);
    fs.rmSync(file, { force: true });
  } finally {
    close(fd);
  }
}
export {
  ANSWER_MAX_CARDS,
  KEEPER_ASK,
  askKeeper,
  encodeAnswer,
  keeperAskDir,
  parseAnswer,
  serveAnswers
};
