// What the freshness keeper (lib/rank-cache/keeper.ts) knows of its cards between two rounds without stat-ing them:
// the stamps of the cards it stat'ed since it started watching their directories (fs.watch: Linux's inotify), each
// dropped the moment an event names it. A round then stats only the cards an event named, instead of 100,000.
//
// What inotify reports, and what it does not (each checked by test/lib/store/card-watch.test.ts):
//   - a card written in place, by rename, created, deleted, its times or mode changed: an event naming it, queued by
//     the kernel before the writing call returns;
//   - a watched directory moved, replaced, deleted or its times changed: an event naming it in its parent, or an
//     event on its own watch (named as itself), or a directory now at that path that is not the one watched (a
//     parent replaced sends neither): each makes this round unsure;
//   - more than the kernel's queue holds (fs.inotify.max_queued_events) between two reads: the excess is dropped and
//     Node says nothing, but the queue is then read in one piece; a piece that large makes the round unsure;
//   - a write through mmap, and a change made by another machine to a network filesystem: never reported. The first
//     no editor does; for the second, only local filesystems are watched (statfs), anything else is stat'ed every
//     round as before. The keeper's full stat round, every FULL_ROUND_MS, bounds what is never reported.
// Unsure means: every stamp forgotten and every watch made again, before the round stats anything.
//
// settle() is the round's barrier: a change made before the call has its event read before it returns. The kernel
// queues the event before the change's call returns, and two turns of the event loop read the inotify descriptor
// (libuv's poll phase reads it to the end before the check phase runs setImmediate's callbacks).
import fs from "node:fs";
import { joinPath, STATE_DIR } from "./paths.js";
import type { CardStamps } from "./full-check.js";

/** Filesystems whose every change passes through this kernel: ext2-4, XFS, Btrfs, tmpfs, F2FS, ZFS, bcachefs, overlayfs. */
const LOCAL_FS = new Set([0xef53, 0x58465342, 0x9123683e, 0x01021994, 0xf2f52010, 0x2fc12fc1, 0xca451a4e, 0x794c7630]);
/** The kernel's queue; a read this large may have lost events after it. */
const QUEUE_FILE = "/proc/sys/fs/inotify/max_queued_events";
/** More names than this between two rounds: forget them all rather than hold them (a checkout of the whole store). */
const MAX_CHANGED = 10_000;

export type Settled = "quiet" | "changed" | "unsure";

export interface CardWatch {
  /**
   * Cards' stamps (or full-check.ts ABSENT: nothing at a linked card's path) as stat'ed while their directory was
   * watched, none named by an event since: a round's stats.
   */
  readonly stamps: CardStamps;
  /** Reads every event queued before the call: quiet (none since the last), changed (those cards forgotten) or unsure. */
  settle(): Promise<Settled>;
  /**
   * The same barrier without taking the events from the next settle: whether the watch is unsure so far, and the
   * names events gave since the last settle (the keeper's answer to a prompt: lib/rank-cache/keeper-ask.ts).
   */
  pending(): Promise<{ unsure: boolean; names: ReadonlySet<string> }>;
  /** Forgets every stamp: the next round stats every card (the keeper's periodic full round). */
  forget(): void;
  /** Since the last settle, every card looked for was held or has been kept since, and every stamp given was kept. */
  sawEveryCard(): boolean;
  /** The names the last settle's events gave (cards and other files), when it was not unsure; else undefined. */
  readonly changed: ReadonlySet<string> | undefined;
  close(): void;
}

interface Watched {
  watcher: fs.FSWatcher;
  dev: number;
  ino: number;
}

/** A watch over `memoryDir`'s card directories, or undefined where events cannot vouch for a card (see above). */
export function watchCards(memoryDir: string): CardWatch | undefined {
  if (process.platform !== "linux") return undefined;
  let burstLimit: number;
  try {
    if (!LOCAL_FS.has(fs.statfsSync(memoryDir).type)) return undefined;
    const queue = Number(fs.readFileSync(QUEUE_FILE, "utf8"));
    if (!Number.isSafeInteger(queue) || queue < 2) return undefined;
    burstLimit = Math.min(1024, queue - 1);
  } catch {
    return undefined;
  }

  const watches = new Map<string, Watched>();
  const wanted = new Set<string>([""]);
  let unsure = true; // nothing is watched yet
  let changed = 0;
  // The names events gave since the last settle (at most MAX_CHANGED: past it the round is unsure anyway).
  let named = new Set<string>();
  let lastNamed: Set<string> | undefined;
  let burst = 0;
  // Cards looked for and not held (nor kept since), and stamps not kept, since the last settle: none, and the round
  // just made saw every card through its watch.
  const missed = new Set<string>();
  let refused = 0;
  type Stamp = readonly [number, number, number, number?];
  const stamps = new (class extends Map<string, Stamp> {
    override get(file: string) {
      const stamp = super.get(file);
      if (!stamp) missed.add(file);
      return stamp;
    }
    // Kept only for a card with one link, or none at all (full-check.ts ABSENT: its creation is an event), whose
    // directory is watched: a card whose directory is not watched yet is stat'ed again next round, after the watch
    // exists; one with several links, every round.
    override set(file: string, stamp: Stamp) {
      const dir = dirOf(file);
      if (watches.has(dir) && !unsure && (stamp[3] === 1 || stamp[3] === 0)) {
        super.set(file, stamp);
        missed.delete(file);
      } else {
        refused++;
        if (!watches.has(dir)) wanted.add(dir);
      }
      return this;
    }
  })();

  const onEvent = (rel: string, base: string, name: string | Buffer | null) => {
    if (burst++ === 0) setImmediate(() => (burst = 0));
    if (burst >= burstLimit) unsure = true;
    if (typeof name !== "string" || name === base) return void (unsure = true); // no name, or the directory itself
    if (rel === "" && name === STATE_DIR) return; // memctl's own state directory, no card
    const file = rel === "" ? name : `${rel}/${name}`;
    if (watches.has(file)) unsure = true; // a watched directory moved, replaced or removed
    stamps.delete(file);
    if (++changed > MAX_CHANGED) unsure = true;
    else named.add(file);
  };

  const arm = (rel: string): boolean => {
    const path = rel === "" ? memoryDir : joinPath(memoryDir, rel);
    try {
      const st = statDir(rel, path);
      if (!st?.isDirectory()) return false;
      const base = path.slice(path.lastIndexOf("/") + 1);
      const watcher = fs.watch(path, { persistent: false }, (_event, name) => onEvent(rel, base, name));
      watcher.on("error", () => {
        unsure = true;
      });
      watches.set(rel, { watcher, dev: st.dev, ino: st.ino });
      return true;
    } catch {
      return false; // gone, not ours to watch, or out of watches: its cards are stat'ed every round
    }
  };

  const closeAll = () => {
    for (const w of watches.values()) w.watcher.close();
    watches.clear();
  };

  /** Every watched directory still the one watched at its path (a parent replaced sends no event). */
  const sameDirs = () => {
    for (const [rel, w] of watches) {
      const st = statDir(rel, rel === "" ? memoryDir : joinPath(memoryDir, rel));
      if (!st?.isDirectory() || st.dev !== w.dev || st.ino !== w.ino) return false;
    }
    return true;
  };

  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  return {
    stamps,
    async settle() {
      await turn();
      await turn();
      let result: Settled = unsure || !sameDirs() ? "unsure" : changed > 0 ? "changed" : "quiet";
      if (result === "unsure") {
        for (const rel of watches.keys()) wanted.add(rel);
        closeAll();
        stamps.clear();
      }
      // New directories are watched before the round stats their cards.
      for (const rel of wanted) if (!watches.has(rel) && arm(rel) && result === "quiet") result = "changed";
      wanted.clear();
      lastNamed = result === "unsure" ? undefined : named;
      named = new Set();
      unsure = false;
      changed = 0;
      missed.clear();
      refused = 0;
      return result;
    },
    async pending() {
      await turn();
      await turn();
      return { unsure: unsure || !sameDirs(), names: new Set(named) };
    },
    sawEveryCard: () => missed.size === 0 && refused === 0 && !unsure,
    get changed() {
      return lastNamed;
    },
    forget() {
      stamps.clear();
    },
    close() {
      closeAll();
      stamps.clear();
    },
  };
}

/** The store itself may be reached through a link (its path is the user's); a directory inside it never is. */
function statDir(rel: string, path: string): fs.Stats | undefined {
  return rel === "" ? fs.statSync(path, { throwIfNoEntry: false }) : fs.lstatSync(path, { throwIfNoEntry: false });
}

function dirOf(file: string): string {
  const slash = file.lastIndexOf("/");
  return slash < 0 ? "" : file.slice(0, slash);
}
