// lib/store/bounded-input.ts
import fs from "node:fs";
import { monotonicMs } from "./monotonic.js";
var CHUNK = 64 * 1024;
async function readInputBounded(fd, stream, bounds) {
  const started = monotonicMs();
  const progress = { chunks: [], seen: 0 };
  let buffer = Buffer.allocUnsafe(CHUNK);
  for (; ; ) {
    let n;
    try {
      n = fs.readSync(fd, buffer, 0, buffer.length, null);
    } catch {
      return readStreamBounded(stream(), bounds, started, progress);
    }
    if (n === 0) return finish(progress, bounds, true);
    if (keep(progress, buffer.subarray(0, n), bounds)) buffer = Buffer.allocUnsafe(CHUNK);
    if (monotonicMs() - started >= bounds.deadlineMs) return finish(progress, bounds, false);
  }
}
function readStreamBounded(stream, bounds, started = monotonicMs(), progress = { chunks: [], seen: 0 }) {
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
    const timer = setTimeout(() => settle(false), Math.max(0, bounds.deadlineMs - (monotonicMs() - started)));
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
export {
  readInputBounded,
  readStreamBounded
};
