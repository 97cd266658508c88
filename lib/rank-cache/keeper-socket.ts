// A prompt's question to the store's freshness keeper (docs/internals.md, "Freshness"): "which cards may differ
// from the rank cache you last found true?" Up to FULL_CHECK_MAX entries a prompt otherwise stats every card (~4 µs
// each in the hook: ~40 ms at 10,000). The keeper's watch (lib/store/card-watch.ts) knows which changed, but only
// once it has read the events queued before the prompt: the question is asked over a Unix socket after the prompt
// started, and the keeper settles its watch before it answers, so a change made before the prompt is in the answer.
//
// The answer is untrusted input (any process of this uid can listen there): it is read only from a socket this uid
// owns, within ANSWER_MAX_BYTES and a timeout, and every name must be a relative path inside the store. It can only
// narrow a check of the very cache it names (its `checked` identity, lib/rank-cache/delta.ts); MEMORY.md and the
// directories are stat'ed by the prompt as before. No answer of that shape, for any reason, means: stat every card.
import fs from "node:fs";
import type net from "node:net";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { lstatIfExists } from "../store/checked-fs.js";
import { escapesStore } from "./stamps.js";

/** Beside the keeper's lock under .memctl/ (not inside it: the lock directory is removed whole when it is broken). */
export const KEEPER_SOCKET = "keeper.sock";
/** sun_path holds 108 bytes with its NUL on Linux: a longer path is never bound, so a prompt does not ask. */
export const SOCKET_PATH_MAX = 107;
/** More cards changed than this: the keeper says so instead of naming them, and the prompt stats every card. */
export const ANSWER_MAX_CARDS = 2_000;
/** A name is a store-relative path; the longest a Linux path can be. */
const NAME_MAX_BYTES = 4_096;
const ANSWER_MAX_BYTES = 64 * 1024 + ANSWER_MAX_CARDS * 256;

/** What an answer vouches for: every card that can differ from the cache identified by `checked` is in `cards`. */
export interface ChangedSince {
  checked: string;
  cards: ReadonlySet<string>;
}

/** The keeper's socket path, or undefined when it is too long to bind. */
export function keeperSocketPath(memoryDir: string): string | undefined {
  const file = joinPath(memoryDir, STATE_DIR, KEEPER_SOCKET);
  return Buffer.byteLength(file) <= SOCKET_PATH_MAX ? file : undefined;
}

/** The bytes a keeper sends: what it vouches for, or (undefined) that it cannot say. */
export function encodeAnswer(answer: ChangedSince | undefined): string {
  if (!answer || answer.cards.size > ANSWER_MAX_CARDS) return '{"v":1}\n';
  return `${JSON.stringify({ v: 1, checked: answer.checked, cards: [...answer.cards] })}\n`;
}

/** An answer as sent, or undefined for anything else (junk, another version, too long, a name outside the store). */
export function parseAnswer(text: string): ChangedSince | undefined {
  let a: unknown;
  try {
    a = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof a !== "object" || a === null) return undefined;
  const { v, checked, cards } = a as { v?: unknown; checked?: unknown; cards?: unknown };
  if (v !== 1 || typeof checked !== "string" || checked.length === 0 || !Array.isArray(cards) || cards.length > ANSWER_MAX_CARDS) return undefined;
  for (const c of cards) if (typeof c !== "string" || c.length === 0 || c.length > NAME_MAX_BYTES || c.includes("\0") || escapesStore(c)) return undefined;
  return { checked, cards: new Set(cards as string[]) };
}

/**
 * Asks the store's keeper, or returns undefined at once when no socket of this uid is there (no keeper, a planted
 * file or link, a path too long). The promise resolves undefined on no answer within `timeoutMs` (a stopped keeper's
 * socket still accepts), a refused connection (a killed keeper's socket file), or junk. Never rejects.
 */
export function askKeeper(memoryDir: string, timeoutMs: number): Promise<ChangedSince | undefined> | undefined {
  const file = keeperSocketPath(memoryDir);
  if (!file) return undefined;
  let st: fs.Stats | undefined;
  try {
    st = lstatIfExists(file) as fs.Stats | undefined;
  } catch {
    return undefined;
  }
  if (!st?.isSocket() || st.uid !== process.getuid?.()) return undefined;
  // Loaded here: a prompt with no keeper to ask never pays for node:net (~1.7 ms).
  const { createConnection } = process.getBuiltinModule("node:net") as typeof net;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (answer: ChangedSince | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const socket = createConnection(file);
    socket.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > ANSWER_MAX_BYTES) finish(undefined);
      else chunks.push(chunk);
    });
    socket.on("end", () => finish(parseAnswer(Buffer.concat(chunks).toString("utf8"))));
    socket.on("error", () => finish(undefined));
  });
}

/** The keeper's listening socket: close() stops it and removes its file. */
export interface AnswerServer {
  close(): void;
}

/**
 * Listens at the store's socket path, answering each connection with `answer()` (which settles the keeper's watch
 * first). Whatever is at the path is removed first: the keeper holds the store's keeper lock, so the path is its.
 * Resolves undefined when it cannot listen (the prompts then stat every card, as without a keeper).
 */
export function serveAnswers(memoryDir: string, answer: () => Promise<string>, onError: (err: unknown) => void): Promise<AnswerServer | undefined> {
  const file = keeperSocketPath(memoryDir);
  if (!file) return Promise.resolve(undefined);
  const { createServer } = process.getBuiltinModule("node:net") as typeof net;
  return new Promise((resolve) => {
    try {
      const st = lstatIfExists(file);
      if (st && !st.isDirectory()) fs.rmSync(file, { force: true });
    } catch (err) {
      onError(err);
      return resolve(undefined);
    }
    const server = createServer((socket) => {
      socket.on("error", () => socket.destroy());
      answer().then(
        (text) => socket.end(text),
        (err: unknown) => {
          onError(err);
          socket.destroy();
        },
      );
    });
    server.once("error", (err) => {
      onError(err);
      resolve(undefined);
    });
    server.listen(file, () => {
      let ino: number | undefined;
      try {
        fs.chmodSync(file, 0o600); // this uid's prompts only
        ino = lstatIfExists(file)?.ino;
      } catch (err) {
        onError(err);
      }
      server.unref(); // the keeper's loop decides when it exits
      resolve({
        close() {
          // libuv unlinks the path as it closes; removed here too in case it did not, while it is still ours.
          server.close();
          try {
            if (ino !== undefined && lstatIfExists(file)?.ino === ino) fs.rmSync(file, { force: true });
          } catch {
            // gone with the store
          }
        },
      });
    });
  });
}
