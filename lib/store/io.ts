import { writeBytes } from "./checked-fs.js";
import { readStreamBounded, type BoundedInput, type InputBounds } from "./bounded-input.js";
import { encodeUtf8 } from "../core/bytes.js";

/** A writable text sink; process streams and test buffers both fit. Bytes are UTF-8 (session start's overview comes as bytes). */
export interface TextSink {
  write(chunk: string | Uint8Array): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Everything a command may touch outside its arguments, injected so tests never see the real machine. */
export interface Io {
  stdout: TextSink;
  stderr: TextSink;
  /** Reads all of standard input; absent when there is none to read. */
  readStdin?: () => Promise<Buffer>;
  /** Reads standard input within a size and a time bound (lib/store/bounded-input.ts); hooks read through it. */
  readInput?: (bounds: InputBounds) => Promise<BoundedInput>;
  env: Record<string, string | undefined>;
  cwd: string;
  home: string;
  now: () => Date;
  /**
   * Asks the person at the terminal one question and resolves with the answer line (undefined at end of input).
   * Present only when standard input and output are both terminals; tests set it to act as one.
   */
  ask?: (question: string) => Promise<string | undefined>;
}

/** The real process's IO, built at call time (never at import time); `sinks` replaces the process streams. */
export function processIo(sinks?: Pick<Io, "stdout" | "stderr">): Io {
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
    now: () => new Date(),
    // A getter: process.stdin is created only when a command asks (the per-prompt hook never does).
    get ask() {
      return process.stdin.isTTY && process.stdout.isTTY ? askTerminal : undefined;
    },
  };
}

/**
 * The environment for a memctl process started on this io's behalf (keeper, detached capture or sync): its env with
 * this io's home as HOME, so the child's state and log land under the home the caller was given, not the real one.
 */
export function childEnv(io: Pick<Io, "env" | "home">): NodeJS.ProcessEnv {
  return { ...io.env, HOME: io.home };
}

/** One question on the terminal through node:readline (loaded only here). */
async function askTerminal(question: string): Promise<string | undefined> {
  const readline = process.getBuiltinModule("node:readline/promises") as typeof import("node:readline/promises");
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const closed = new Promise<undefined>((resolve) => rl.once("close", () => resolve(undefined)));
  try {
    return await Promise.race([rl.question(question), closed]);
  } finally {
    rl.close();
  }
}

/** Collects a readable stream into one buffer. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** An in-memory sink for tests and for commands that render before printing. */
export class BufferSink implements TextSink {
  text = "";
  isTTY = false;
  columns?: number;
  /** Bytes are decoded as a stream: a character split between two writes is not lost. */
  private decoder: TextDecoder | undefined;
  write(chunk: string | Uint8Array): boolean {
    if (typeof chunk !== "string") this.text += (this.decoder ??= new TextDecoder("utf-8", { ignoreBOM: true })).decode(chunk, { stream: true });
    else this.text += (this.decoder?.decode() ?? "") + chunk;
    return true;
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** The rest of `bytes` from `offset`, as one write at the file position. */
function writeAtOffset(fd: number, bytes: Uint8Array, offset: number): number {
  return writeBytes(fd, bytes, offset, bytes.length - offset);
}

/**
 * A sink writing synchronously to a file descriptor. The per-prompt hook prints one block and exits: creating
 * process.stdout (stream, socket or tty machinery) costs it ~2 ms, and a synchronous write is never cut short
 * by the exit. A non-blocking pipe that is full (EAGAIN) is retried for up to `patienceMs`.
 */
export function fdSink(fd: number, patienceMs = 2000, write: (fd: number, bytes: Uint8Array, offset: number) => number = writeAtOffset): TextSink {
  return {
    write(chunk: string | Uint8Array): boolean {
      const bytes = typeof chunk === "string" ? encodeUtf8(chunk) : chunk;
      let offset = 0;
      let waited = 0;
      while (offset < bytes.length) {
        try {
          offset += write(fd, bytes, offset);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "EAGAIN" || waited >= patienceMs) throw err;
          Atomics.wait(pause, 0, 0, 1);
          waited++;
        }
      }
      return true;
    },
  };
}

/**
 * The user's home directory from the OS, for when HOME is unset: node:os is loaded only then (the per-prompt
 * hook would otherwise load it on every start for nothing). process.getBuiltinModule is Node >= 20.16
 * (package.json engines).
 */
function homedir(): string {
  return (process.getBuiltinModule("node:os") as typeof import("node:os")).homedir();
}
