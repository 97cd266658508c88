// lib/rank-cache/keeper-socket.ts
import fs from "node:fs";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { lstatIfExists } from "../store/checked-fs.js";
import { escapesStore } from "./stamps.js";
var KEEPER_SOCKET = "keeper.sock";
var SOCKET_PATH_MAX = 107;
var ANSWER_MAX_CARDS = 2e3;
var NAME_MAX_BYTES = 4096;
var ANSWER_MAX_BYTES = 64 * 1024 + ANSWER_MAX_CARDS * 256;
function keeperSocketPath(memoryDir) {
  const file = joinPath(memoryDir, STATE_DIR, KEEPER_SOCKET);
  return Buffer.byteLength(file) <= SOCKET_PATH_MAX ? file : void 0;
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
  const file = keeperSocketPath(memoryDir);
  if (!file) return void 0;
  let st;
  try {
    st = lstatIfExists(file);
  } catch {
    return void 0;
  }
  if (!st?.isSocket() || st.uid !== process.getuid?.()) return void 0;
  const { createConnection } = process.getBuiltinModule("node:net");
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let done = false;
    const finish = (answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(void 0), timeoutMs);
    const socket = createConnection(file);
    socket.on("data", (chunk) => {
      size += chunk.length;
      if (size > ANSWER_MAX_BYTES) finish(void 0);
      else chunks.push(chunk);
    });
    socket.on("end", () => finish(parseAnswer(Buffer.concat(chunks).toString("utf8"))));
    socket.on("error", () => finish(void 0));
  });
}
function serveAnswers(memoryDir, answer, onError) {
  const file = keeperSocketPath(memoryDir);
  if (!file) return Promise.resolve(void 0);
  const { createServer } = process.getBuiltinModule("node:net");
  return new Promise((resolve) => {
    try {
      const st = lstatIfExists(file);
      if (st && !st.isDirectory()) fs.rmSync(file, { force: true });
    } catch (err) {
      onError(err);
      return resolve(void 0);
    }
    const server = createServer((socket) => {
      socket.on("error", () => socket.destroy());
      answer().then(
        (text) => socket.end(text),
        (err) => {
          onError(err);
          socket.destroy();
        }
      );
    });
    server.once("error", (err) => {
      onError(err);
      resolve(void 0);
    });
    server.listen(file, () => {
      let ino;
      try {
        fs.chmodSync(file, 384);
        ino = lstatIfExists(file)?.ino;
      } catch (err) {
        onError(err);
      }
      server.unref();
      resolve({
        close() {
          server.close();
          try {
            if (ino !== void 0 && lstatIfExists(file)?.ino === ino) fs.rmSync(file, { force: true });
          } catch {
          }
        }
      });
    });
  });
}
export {
  ANSWER_MAX_CARDS,
  KEEPER_SOCKET,
  SOCKET_PATH_MAX,
  askKeeper,
  encodeAnswer,
  keeperSocketPath,
  parseAnswer,
  serveAnswers
};
