// lib/store/io.ts
import { writeBytes } from "./checked-fs.js";
import { readStreamBounded } from "./bounded-input.js";
import { encodeUtf8 } from "../core/bytes.js";
function processIo(sinks) {
  return {
    stdout: sinks?.stdout ?? process.stdout,
    stderr: sinks?.stderr ?? process.stderr,
    readStdin: () => readAll(process.stdin),
    // A stream, so the deadline also ends a wait on a pipe held open in silence (the per-prompt entry reads fd 0
    // synchronously instead, for speed: lib/hook/entry/user-prompt-submit.ts).
    readInput: (bounds) => readStreamBounded(process.stdin, bounds),
    env: process.env,
    // Read when asked: the hook works from its payload's cwd, and process.cwd() compiles a wrapper first.
    get cwd() {
      return process.cwd();
    },
    home: process.env.HOME || homedir(),
    now: () => /* @__PURE__ */ new Date(),
    // A getter: process.stdin is created only when a command asks (the per-prompt hook never does).
    get ask() {
      return process.stdin.isTTY && process.stdout.isTTY ? askTerminal : void 0;
    }
  };
}
function childEnv(io) {
  return { ...io.env, HOME: io.home };
}
async function askTerminal(question) {
  const readline = process.getBuiltinModule("node:readline/promises");
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const closed = new Promise((resolve) => rl.once("close", () => resolve(void 0)));
  try {
    return await Promise.race([rl.question(question), closed]);
  } finally {
    rl.close();
  }
}
async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
var BufferSink = class {
  constructor() {
    this.text = "";
    this.isTTY = false;
  }
  write(chunk) {
    if (typeof chunk !== "string") this.text += (this.decoder ??= new TextDecoder("utf-8", { ignoreBOM: true })).decode(chunk, { stream: true });
    else this.text += (this.decoder?.decode() ?? "") + chunk;
    return true;
  }
};
var pause = new Int32Array(new SharedArrayBuffer(4));
function writeAtOffset(fd, bytes, offset) {
  return writeBytes(fd, bytes, offset, bytes.length - offset);
}
function fdSink(fd, patienceMs = 2e3, write = writeAtOffset) {
  return {
    write(chunk) {
      const bytes = typeof chunk === "string" ? encodeUtf8(chunk) : chunk;
      let offset = 0;
      let waited = 0;
      while (offset < bytes.length) {
        try {
          offset += write(fd, bytes, offset);
        } catch (err) {
          if (err.code !== "EAGAIN" || waited >= patienceMs) throw err;
          Atomics.wait(pause, 0, 0, 1);
          waited++;
        }
      }
      return true;
    }
  };
}
function homedir() {
  return process.getBuiltinModule("node:os").homedir();
}
export {
  BufferSink,
  childEnv,
  fdSink,
  processIo,
  readAll
};
