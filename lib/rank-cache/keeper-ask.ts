// A prompt's question to the store's freshness keeper (docs/internals.md, "Freshness"): "which cards may differ
// from the rank cache you last found true?" Up to FULL_CHECK_MAX entries a prompt otherwise stats every card (~4 µs
// each in the hook: ~40 ms at 10,000); above, it trusts a full check up to 2 s old, which misses a later edit. The keeper's watch (lib/store/card-watch.ts) knows which changed, but only
// once it has read the events queued before the prompt: the question is asked after the prompt started, and the
// keeper settles its watch before it answers, so a change made before the prompt is in the answer.
//
// The question is a file, not a socket: the prompt creates an empty file of its own in .memctl/keeper-ask/, which
// the keeper watches through the same inotify queue as its cards (so the request's event comes after every change
// made before it); the keeper writes its answer into that file and removes the name, and the prompt reads the answer
// through the descriptor it created the file with. A socket cost every asking prompt node:net and its streams
// (~16 M instructions, ~4 ms of CPU at 10,000 cards: bench/history/2026-12.md, h/warm10k); this is an open, an fstat and a read.
//
// The answer is untrusted input (any process of this uid can write there): it is read only from the file the prompt
// itself created (O_EXCL, 0600) in a directory this uid owns, within ANSWER_MAX_BYTES and a timeout, and every name
// must be a relative path inside the store. It can only narrow a check of the very cache it names (its `checked`
// identity, lib/rank-cache/delta.ts); MEMORY.md and the directories are stat'ed by the prompt as before. No answer of
// that shape, for any reason, means: stat every card.
import fs from "node:fs";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { close, fstat, lstatIfExists, readFullyAt, writeBytes } from "../store/checked-fs.js";
import { escapesStore } from "./stamps.js";

/** The keeper's question directory under .memctl/ (made by a serving keeper, removed when it stops serving). */
export const KEEPER_ASK = "keeper-ask";
/** More cards changed than this: the keeper says so instead of naming them, and the prompt stats every card. */
export const ANSWER_MAX_CARDS = 2_000;
/** A name is a store-relative path; the longest a Linux path can be. */
const NAME_MAX_BYTES = 4_096;
const ANSWER_MAX_BYTES = 64 * 1024 + ANSWER_MAX_CARDS * 256;
/** How often a prompt looks for its answer once it needs it (the keeper has usually answered by then). */
const POLL_MS = 1;

/** What an answer vouches for: every card that can differ from the cache identified by `checked` is in `cards`. */
export interface ChangedSince {
  checked: string;
  cards: ReadonlySet<string>;
}

/** The keeper's question directory. */
export function keeperAskDir(memoryDir: string): string {
  return joinPath(memoryDir, STATE_DIR, KEEPER_ASK);
}

/** The bytes a keeper sends: what it vouches for, or (undefined) that it cannot say. Ends with its only line break. */
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
 * Asks the store's keeper, or returns undefined at once when no question directory of this uid is there (no keeper
 * serving, a planted file or link). The promise resolves undefined on no whole answer within `timeoutMs` (a stopped
 * or killed keeper), or junk; it looks for the answer only when the event loop next turns (the hook: when it needs
 * it). Never rejects.
 */
export function askKeeper(memoryDir: string, timeoutMs: number): Promise<ChangedSince | undefined> | undefined {
  const dir = keeperAskDir(memoryDir);
  let file: string;
  let fd: number;
  try {
    const st = lstatIfExists(dir) as fs.Stats | undefined;
    if (!st?.isDirectory() || st.uid !== process.getuid?.()) return undefined;
    // Unique among this host's live processes (the watch is local only); O_EXCL refuses anything already there.
    file = joinPath(dir, `${process.pid}.${Math.random().toString(36).slice(2)}`);
    const c = fs.constants;
    fd = fs.openSync(file, c.O_RDWR | c.O_CREAT | c.O_EXCL | (c.O_NOFOLLOW ?? 0), 0o600);
  } catch {
    return undefined;
  }
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const look = () => {
      let text: string | undefined;
      let done = false;
      try {
        const size = fstat(fd).size;
        if (size > ANSWER_MAX_BYTES) done = true;
        else if (size > 0) {
          const read = readFullyAt(fd, 0, size).toString("utf8");
          // Whole once it ends with its line break (JSON.stringify writes no other): else still being written.
          if (read.endsWith("\n")) [text, done] = [read, true];
        }
      } catch {
        done = true;
      }
      if (!done && Date.now() < deadline) return void setTimeout(look, POLL_MS);
      const answer = text === undefined ? undefined : parseAnswer(text);
      try {
        close(fd);
        // An answered question's name is removed by the keeper; one unanswered (or answered with junk) here.
        if (!answer) fs.rmSync(file, { force: true });
      } catch {
        // gone with the store
      }
      resolve(answer);
    };
    setTimeout(look, 0);
  });
}

/** The keeper's question directory, watched: close() stops answering and removes it. */
export interface AnswerServer {
  close(): void;
}

/**
 * Answers each question made in the store's question directory with `answer()` (which settles the keeper's watch
 * first). Whatever is at the path is removed first: the keeper holds the store's keeper lock, so the path is its (and
 * a question left by a prompt of a keeper that died is no one's). Resolves undefined when it cannot watch (the
 * prompts then stat every card, as without a keeper). The watch must share the card watch's inotify queue: it does,
 * since libuv keeps one inotify descriptor per event loop.
 */
export function serveAnswers(memoryDir: string, answer: () => Promise<string>, onError: (err: unknown) => void): Promise<AnswerServer | undefined> {
  const dir = keeperAskDir(memoryDir);
  const uid = process.getuid?.();
  let watcher: fs.FSWatcher;
  let ino: number;
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { mode: 0o700 });
    ino = fs.lstatSync(dir).ino;
    const busy = new Set<string>();
    // Every name's event: a question made (an empty file of this uid, one link), or one already answered or gone.
    watcher = fs.watch(dir, { persistent: false }, (_event, name) => {
      if (typeof name !== "string" || busy.has(name) || !asked(joinPath(dir, name), uid)) return;
      busy.add(name);
      answer()
        .then((text) => reply(joinPath(dir, name), text, uid))
        .catch(onError)
        .finally(() => busy.delete(name));
    });
  } catch (err) {
    onError(err);
    return Promise.resolve(undefined);
  }
  let closed = false;
  const stop = () => {
    if (closed) return;
    closed = true;
    watcher.close();
    try {
      if (fs.lstatSync(dir, { throwIfNoEntry: false })?.ino === ino) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // gone with the store
    }
  };
  watcher.on("error", (err) => {
    onError(err);
    stop(); // the prompts then wait for no answer: they find no directory and stat every card
  });
  return Promise.resolve({ close: stop });
}

/** An unanswered question: an empty regular file of this uid with one link (never a link, FIFO or another's file). */
function asked(file: string, uid: number | undefined): boolean {
  try {
    const st = lstatIfExists(file) as fs.Stats | undefined;
    return st !== undefined && st.isFile() && st.size === 0 && st.nlink === 1 && st.uid === uid;
  } catch {
    return false; // the directory went with the store
  }
}

/** Writes the answer into the question's file (checked again through the descriptor), then removes its name. */
function reply(file: string, text: string, uid: number | undefined): void {
  const c = fs.constants;
  let fd: number;
  try {
    fd = fs.openSync(file, c.O_WRONLY | (c.O_NOFOLLOW ?? 0) | (c.O_NONBLOCK ?? 0));
  } catch {
    return; // the prompt gave up and removed it
  }
  try {
    const st = fstat(fd) as fs.Stats;
    if (!st.isFile() || st.size !== 0 || st.nlink !== 1 || st.uid !== uid) return;
    const bytes = Buffer.from(text, "utf8");
    for (let at = 0; at < bytes.length; ) at += writeBytes(fd, bytes, at, bytes.length - at);
    fs.rmSync(file, { force: true });
  } finally {
    close(fd);
  }
}
