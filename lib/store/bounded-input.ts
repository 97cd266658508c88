// Standard input read under a size and a time bound. A hook's stdin is the host's payload, but a host (or
// anything wired as one) may send far more, or never close the pipe: unbounded, the hook grew to gigabytes
// and never exited. Here at most `maxBytes` are kept; anything past them is read and dropped (so a host writing
// a larger payload does not meet a closed pipe) until the input ends or the deadline passes.
import fs from "node:fs";
import { monotonicMs } from "./monotonic.js";

export interface InputBounds {
  /** Inputs larger than this are refused (their bytes are not kept). */
  maxBytes: number;
  /** Measured from the start of the read; past it the input is abandoned. */
  deadlineMs: number;
}

export type BoundedInput =
  | { status: "read"; bytes: Buffer }
  /** More than maxBytes arrived; `seen` counts what was read before the input ended or the deadline passed. */
  | { status: "over"; seen: number; ended: boolean }
  /** The input was still open at the deadline, within maxBytes. */
  | { status: "late"; seen: number };

const CHUNK = 64 * 1024;

/** What has been read so far, shared by the synchronous and the stream phase. */
interface Progress {
  chunks: Buffer[];
  seen: number;
}

/**
 * Reads `fd` synchronously while it gives bytes (hosts pipe the payload and close it; a stream costs a few ms
 * to start), switching to `stream()` when the descriptor cannot be read that way (a non-blocking pipe: EAGAIN).
 * The deadline is checked between reads: a pipe that stays open and silent blocks a synchronous read, which
 * only the stream phase can time out.
 */
export async function readInputBounded(fd: number, stream: () => NodeJS.ReadableStream, bounds: InputBounds): Promise<BoundedInput> {
  const started = monotonicMs();
  const progress: Progress = { chunks: [], seen: 0 };
  let buffer = Buffer.allocUnsafe(CHUNK);
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(fd, buffer, 0, buffer.length, null);
    } catch {
      return readStreamBounded(stream(), bounds, started, progress);
    }
    if (n === 0) return finish(progress, bounds, true);
    if (keep(progress, buffer.subarray(0, n), bounds)) buffer = Buffer.allocUnsafe(CHUNK); // a dropped chunk's buffer is reused
    if (monotonicMs() - started >= bounds.deadlineMs) return finish(progress, bounds, false);
  }
}

/** The stream phase: the same bounds, and a timer for the deadline; the stream is destroyed when abandoned. */
export function readStreamBounded(
  stream: NodeJS.ReadableStream,
  bounds: InputBounds,
  started = monotonicMs(),
  progress: Progress = { chunks: [], seen: 0 },
): Promise<BoundedInput> {
  return new Promise((resolve) => {
    let done = false;
    const settle = (ended: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.removeListener("data", onData);
      stream.removeListener("end", onEnd);
      stream.removeListener("error", onEnd);
      if (!ended) (stream as { destroy?: () => void }).destroy?.();
      resolve(finish(progress, bounds, ended));
    };
    const onData = (chunk: Buffer | string) => void keep(progress, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk), bounds);
    const onEnd = () => settle(true);
    // The timer never holds the process open by itself: the stream does while it is open.
    const timer = setTimeout(() => settle(false), Math.max(0, bounds.deadlineMs - (monotonicMs() - started)));
    timer.unref();
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onEnd);
  });
}

/** Counts `chunk` and keeps it while the input is within its bound; true when it was kept. */
function keep(progress: Progress, chunk: Buffer, bounds: InputBounds): boolean {
  progress.seen += chunk.length;
  if (progress.seen <= bounds.maxBytes) {
    progress.chunks.push(chunk);
    return true;
  }
  progress.chunks.length = 0; // refused: nothing of it is kept
  return false;
}

function finish(progress: Progress, bounds: InputBounds, ended: boolean): BoundedInput {
  if (progress.seen > bounds.maxBytes) return { status: "over", seen: progress.seen, ended };
  if (!ended) return { status: "late", seen: progress.seen };
  const { chunks } = progress;
  return { status: "read", bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) };
}
