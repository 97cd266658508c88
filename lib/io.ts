import os from "node:os";

/** A writable text sink; process streams and test buffers both fit. */
export interface TextSink {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Everything a command may touch outside its arguments, injected so tests never see the real machine. */
export interface Io {
  stdout: TextSink;
  stderr: TextSink;
  /** Reads all of standard input; absent when there is none to read. */
  readStdin?: () => Promise<Buffer>;
  env: Record<string, string | undefined>;
  cwd: string;
  home: string;
  now: () => Date;
}

/** The real process's IO, built at call time (never at import time). */
export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin: () => readAll(process.stdin),
    env: process.env,
    cwd: process.cwd(),
    home: process.env.HOME || os.homedir(),
    now: () => new Date(),
  };
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
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}
