import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  encodeUtf8,
  writeBytes
} from "./core-bytes.mjs";
import "./runtime.mjs";

// lib/store/bounded-input.ts
var CHUNK = 64 * 1024;
function readStreamBounded(stream, bounds, started = performance.now(), progress = { chunks: [], seen: 0 }) {
  return new Promise((resolve) => {
    let done = false;
    const settle = (ended) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.removeListener("data", onData);
      stream.removeListener("end", onEnd);
      stream.removeListener("error", onEnd);
      if (!ended) stream.destroy?.();
      resolve(finish(progress, bounds, ended));
    };
    const onData = (chunk) => void keep(progress, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk), bounds);
    const onEnd = () => settle(true);
    const timer = setTimeout(() => settle(false), Math.max(0, bounds.deadlineMs - (performance.now() - started)));
    timer.unref();
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onEnd);
  });
}
function keep(progress, chunk, bounds) {
  progress.seen += chunk.length;
  if (progress.seen <= bounds.maxBytes) {
    progress.chunks.push(chunk);
    return true;
  }
  progress.chunks.length = 0;
  return false;
}
function finish(progress, bounds, ended) {
  if (progress.seen > bounds.maxBytes) return { status: "over", seen: progress.seen, ended };
  if (!ended) return { status: "late", seen: progress.seen };
  const { chunks } = progress;
  return { status: "read", bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) };
}

// lib/store/io.ts
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
  fdSink,
  processIo,
  readAll
};
