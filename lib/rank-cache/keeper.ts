// The freshness keeper (docs/internals.md, "Freshness"): above FULL_CHECK_MAX entries a prompt trusts a full check
// made less than VERIFIED_FOR_MS before it, and otherwise stats every card itself (100,000 stats: seconds on a
// loaded machine). The keeper is one background process per store that makes that check about every second, so a
// prompt always finds a recent one. Its check is a load with checkAllCards — the prompt's own code path: the
// same fingerprint rule, a change folded into the delta by refresh.ts (or a rebuild past deltaMax), and the check's
// start recorded as the delta's (or the cache's) mtime, which is what a prompt trusts. The same pass checks the
// card cache (lib/store/card-cache-check.ts: every card, the ones MEMORY.md does not link too) and, while it still matches,
// records its check in .memctl/card-check, so session start, `list` and `search` trust it as a prompt does; a change
// is left to the next command to read (rewriting that cache here cost ~1 GB and the prompts' window at 100,000 cards),
// but for what a small delta settles: a moved directory, a hand edit of MEMORY.md, a few cards edited (card-cache-settle.ts).
// It writes nothing else: never a card or MEMORY.md, only those files under .memctl/ (and never a first card cache:
// a store no command has listed has none to keep).
//
// Its stats come from a watch over the card directories (lib/store/card-watch.ts): a card's stamp is kept until an
// event names it, so a round stats only what changed, and a round with no event since one that found every card
// through the watch stats none (each cache's check is told it checks what it checked last). The rank cache's check
// is also told which cards events named since its last full one, so a round after a save re-checks and folds that
// card, not every entry. Where the watch cannot vouch, every card is stat'ed, and every FULL_ROUND_MS they are
// whatever it says.
//
// It also answers prompts (keeper-ask.ts), at any size (below FULL_CHECK_MAX a prompt would stat every card, above it
// trust a check up to 2 s behind it): while the watch holds every card, a prompt asks (a file in .memctl/keeper-ask/) which cards may differ from
// the rank cache the last round found true; the keeper settles its watch and names them, so the prompt stats those.
// Answers and rounds take turns (one at a time), so an answer never sees a round's state half made; once the rank
// cache's check is done, the card cache's pass (which no answer reads) runs beside them.
//
// One per store: it holds the lock `.memctl/keeper` (lib/store/lock.ts: a dead holder on this host is replaced at
// once, a live one never). Prompts renew it by setting its owner file's mtime (lib/hook/keeper.ts), or by a question
// it answers; it exits after idleMs without either, when the store or its .memctl/ disappears, when its lock is no longer its own, or when the
// store has shrunk to where every prompt checks every card anyway.
import fs from "node:fs";
import { exists, lstatIfExists, stat } from "../store/checked-fs.js";
import { lockHolder, tryStoreLock } from "../store/lock.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { systemCode } from "../core/errors.js";
import { loadRankable, type RankableStore } from "./load.js";
import { escapesStore } from "./stamps.js";
import { checkCardCache, type StampCheck } from "../store/card-cache-check.js";
import { fullCheckMaxFrom, type CardStamps } from "../store/full-check.js";
import { cacheIdentity } from "../store/card-cache-open.js";
import { watchCards, type CardWatch } from "../store/card-watch.js";
import { journalMark } from "../store/write-journal.js";
import { sameNumbers } from "../store/index-links.js";
import { KEEPER_LOCK, KEEPER_LOCK_STALE_MS, keeperMinFrom, OLD_KEEPER_SOCKET } from "./keeper-lock.js";
import { encodeAnswer, serveAnswers, type AnswerServer } from "./keeper-ask.js";

export { KEEPER_LOCK, KEEPER_LOCK_STALE_MS };

/** A check starts this long after the previous one started (or at once when that one took longer). */
export const KEEPER_INTERVAL_MS = 1_000;
/**
 * A round stats every card at least this often, whatever the watch says: the bound on a change the kernel never
 * reports (a write through mmap; lib/store/card-watch.ts).
 */
export const FULL_ROUND_MS = 30_000;
/** The keeper exits after this long without a prompt. */
export const KEEPER_IDLE_MS = 10 * 60_000;

export interface KeeperSettings {
  idleMs: number;
  intervalMs: number;
  fullCheckMax: number;
  /** A store of this many entries and cards or fewer has no keeper (default fullCheckMax; keeper-lock.ts KEEPER_MIN). */
  keeperMin?: number;
}

export interface KeeperOptions extends KeeperSettings {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** A check that failed for another reason than the store going away: reported, and the keeper goes on. */
  onError?: (err: unknown) => void;
  /** Called once the lock is taken. */
  onStart?: () => void;
  /** false: no watch, every round stats every card (as where the watch cannot vouch: lib/store/card-watch.ts). */
  watch?: boolean;
}

/** Why a keeper stopped (or never started: "busy", another holds the lock; "gone", no store). */
export type KeeperExit = "idle" | "gone" | "taken" | "small" | "busy";

/**
 * The settings from the environment: MEMCTL_FULL_CHECK_MAX (shared with the hook: tests and benchmarks lower it)
 * and MEMCTL_KEEPER_IDLE_MS. An absent or invalid value means the default.
 */
export function keeperSettings(env: Record<string, string | undefined>): KeeperSettings {
  return {
    idleMs: positive(env.MEMCTL_KEEPER_IDLE_MS) ?? KEEPER_IDLE_MS,
    intervalMs: KEEPER_INTERVAL_MS,
    fullCheckMax: fullCheckMaxFrom(env),
    keeperMin: keeperMinFrom(env),
  };
}

function positive(v: string | undefined): number | undefined {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Keeps the store's rank cache checked until one of KeeperExit's reasons; the lock is released on the way out. */
export async function keepFresh(memoryDir: string, options: KeeperOptions): Promise<KeeperExit> {
  // Never creates the state directory (taking the lock would): a store without one has never had a prompt.
  if (!exists(joinPath(memoryDir, STATE_DIR))) return "gone";
  const held = tryStoreLock(memoryDir, { name: KEEPER_LOCK, staleMs: KEEPER_LOCK_STALE_MS });
  if (!held) return "busy";
  let watch: CardWatch | undefined;
  let server: AnswerServer | undefined;
  try {
    options.onStart?.();
    // The lock is ours, so an older build's socket there is a dead keeper's: left, prompts would never renew this one.
    fs.rmSync(joinPath(memoryDir, STATE_DIR, OLD_KEEPER_SOCKET), { force: true });
    const started = options.now();
    // Made after the lock is ours, closed before it is released; its first round stats every card.
    watch = options.watch === false ? undefined : watchCards(memoryDir);
    let fullAt = Number.NEGATIVE_INFINITY;
    let sawEveryCard = false;
    let lastCards: StampCheck | undefined;
    let lastChecked: string | undefined;
    // Every name an event gave since the load that found every card as `lastChecked` recorded them: with the watch
    // vouching for every card in between, the only cards that can differ (undefined: it cannot say).
    let changedSince: Set<string> | undefined;
    // Rounds and answers take turns: each runs alone, whatever it awaits.
    let turn: Promise<unknown> = Promise.resolve();
    const alone = <T>(fn: () => Promise<T>): Promise<T> => {
      const run = turn.then(fn);
      turn = run.catch(() => undefined);
      return run;
    };
    // What a prompt may skip: the cards not named since the last round found every card as `lastChecked` recorded
    // them, while the watch held every card (nothing else vouches for a card no event can name).
    // A question is a prompt: the prompt it answered leaves the owner file alone (lib/hook/run.ts), so it counts here.
    let lastAsked = Number.NEGATIVE_INFINITY;
    const answer = () => {
      lastAsked = options.now();
      return alone(async () => {
        if (!watch || !sawEveryCard || lastChecked === undefined || changedSince === undefined) return encodeAnswer(undefined);
        const pending = await watch.pending();
        return encodeAnswer(pending.unsure ? undefined : { checked: lastChecked, cards: new Set([...changedSince, ...pending.names]) });
      });
    };
    let serving = false;
    let serveFailed = false;
    for (;;) {
      const at = options.now();
      if (!exists(joinPath(memoryDir, STATE_DIR))) return "gone";
      if (!held.stillHeld()) return "taken";
      if (at - Math.max(lastPrompt(memoryDir, started), lastAsked) >= options.idleMs) return "idle";
      // The round's state between its two parts (the rank cache's check, then the card cache's when the watch vouches).
      let round: { mark: ReturnType<typeof journalMark>; stats: CardStamps; asBefore: boolean; vouched: boolean; store?: RankableStore } | undefined;
      const failed = (err: unknown): KeeperExit | undefined => {
        if (systemCode(err) === "ENOENT") return "gone"; // MEMORY.md (or the store) removed
        options.onError?.(err);
        // Its settle may have taken names it never added: no answer vouches for anything until a round completes.
        [lastChecked, changedSince, sawEveryCard] = [undefined, undefined, false];
        return undefined;
      };
      const rankCheck = (r: NonNullable<typeof round>) =>
        loadRankable(memoryDir, {
          nowMs: at,
          checkAllCards: true,
          fullCheckMax: options.fullCheckMax,
          createStateDir: false,
          stats: r.stats,
          journal: r.mark,
          changedSince: r.vouched ? { checked: lastChecked!, cards: changedSince! } : undefined,
        }).then((store) => {
          if (store.checked !== undefined) [lastChecked, changedSince] = [store.checked, new Set()];
          // A load that wrote nothing (a source too recent) leaves the files as lastChecked's: the names go on adding up.
          else if (!r.vouched) [lastChecked, changedSince] = [undefined, undefined];
          return store;
        });
      const first = await alone(async (): Promise<KeeperExit | undefined> => {
        try {
          // The journal's end before the watched stamps are settled: a journaled write they may not show yet is after
          // it, and every reader re-checks it (lib/store/card-cache-check.ts, Round).
          const mark = journalMark(memoryDir);
          const settled = watch ? await watch.settle() : "unsure";
          if (settled === "unsure" || at - fullAt >= FULL_ROUND_MS) {
            watch?.forget();
            fullAt = at;
          }
          // One stat a card for both caches, and none for a card the watch vouches for: the card cache's pass (every
          // card, linked or not) hands its stats to the rank cache's. Both checks are recorded as made at `at`.
          const stats: CardStamps = watch?.stamps ?? new Map();
          const asBefore = settled === "quiet" && sawEveryCard && at !== fullAt;
          // A round after a save checks the save's card, not 100,000 (lib/rank-cache/patch.ts).
          const vouched = settled !== "unsure" && sawEveryCard && at !== fullAt && lastChecked !== undefined && changedSince !== undefined;
          if (vouched) for (const name of watch?.changed ?? []) changedSince!.add(name);
          round = { mark, stats, asBefore, vouched };
          // With the watch vouching for every card the rank cache's check needs none of the card cache's stats: it
          // goes first, in this turn, so a prompt's question waits for it and not for the card cache's pass (every
          // card's name read after a write: 0.1-0.8 s of CPU at 100,000 cards, bench/README.md, h/after100k).
          if (asBefore || vouched) round.store = await rankCheck(round);
        } catch (err) {
          round = undefined;
          return failed(err);
        }
        return undefined;
      });
      if (first) return first;
      // Questions asked meanwhile are answered first (a turn after theirs), then the card cache's pass runs beside any
      // later question (it changes nothing an answer reads); without the rank cache's check done, in one turn as before.
      if (round?.store) await alone(async () => undefined);
      const exit = await (round?.store ? (fn: () => Promise<KeeperExit | undefined>) => fn() : alone)(async (): Promise<KeeperExit | undefined> => {
        if (!round) return undefined;
        try {
          const { mark, stats, asBefore, vouched } = round;
          // A cache file found changed stays so (a stamp never comes back: the ctime moved), so nothing is recorded for
          // it again, and its pass — every card's name read — is skipped while the watch holds every card; the cards
          // events named are stat'ed for the watch instead, as that pass would have. After a save the pass runs once:
          // it settles the save into a delta (card-cache-settle.ts), or finds it "changed" and is skipped from then on.
          const cacheNow = cacheIdentity(memoryDir);
          const sameCache = lastCards !== undefined && cacheNow !== undefined && sameNumbers(lastCards.cache, cacheNow);
          const stale = sameCache && lastCards!.outcome === "changed" && (asBefore || vouched);
          if (stale && !asBefore) restamp(memoryDir, stats, watch?.changed);
          const cards: StampCheck | undefined = stale
            ? { ...lastCards!, outcome: "changed" }
            : await checkCardCache(memoryDir, { nowMs: at, fullCheckMax: options.fullCheckMax }, stats, {
                mark,
                ...(asBefore && lastCards?.outcome === "verified" ? { cardsAsBefore: lastCards.cache } : {}),
              });
          const store = round.store ?? (await rankCheck(round));
          // Prompts ask at any size: above fullCheckMax the answer replaces the 2 s window a prompt would trust, so an
          // edit made right before it is in its block (and holding every card's stamp keeps quiet rounds cheap).
          serving = watch !== undefined;
          // With no card cache nothing else hands the watch its stamps: the linked cards it holds none of are stamped.
          if (serving && cards === undefined && !watch!.sawEveryCard()) restamp(memoryDir, stats, unheld(store.index, stats));
          // A round that looked every card up in the watch, with no event since: the next quiet round reads no card.
          sawEveryCard = watch?.sawEveryCard() ?? false;
          lastCards = cards;
          const min = options.keeperMin ?? options.fullCheckMax;
          if (store.entryCount <= min && (cards?.cards ?? 0) <= min) return "small";
        } catch (err) {
          return failed(err);
        }
        return undefined;
      });
      if (exit) return exit;
      if (serving && !server && !serveFailed) {
        server = await serveAnswers(memoryDir, answer, (err) => options.onError?.(err));
        serveFailed = server === undefined;
      } else if (!serving && server) {
        server.close();
        server = undefined;
      }
      await options.sleep(Math.max(0, at + options.intervalMs - options.now()));
    }
  } finally {
    server?.close();
    watch?.close();
    held.release();
  }
}

/** Each named card's lstat handed to the watch (its stamp is dropped when an event names it). */
function restamp(memoryDir: string, stats: CardStamps, names: Iterable<string> | undefined): void {
  for (const name of names ?? []) {
    const st = lstatIfExists(joinPath(memoryDir, name));
    if (st?.isFile()) stats.set(name, [st.mtimeMs, st.size, st.ctimeMs, st.nlink]);
  }
}

/** The linked cards the watch holds no stamp for (Map's own has: the watch's get counts a miss). */
function unheld(index: { size: number; file(id: number): string }, stats: CardStamps): string[] {
  const out: string[] = [];
  for (let id = 0; id < index.size; id++) {
    const file = index.file(id);
    if (!escapesStore(file) && !Map.prototype.has.call(stats, file)) out.push(file);
  }
  return out;
}

/** The last prompt's time: the owner file's mtime, which every prompt sets (not before the keeper started). */
function lastPrompt(memoryDir: string, started: number): number {
  const holder = lockHolder(memoryDir, KEEPER_LOCK);
  if (!holder) return started;
  try {
    return Math.max(started, stat(holder.ownerFile).mtimeMs);
  } catch {
    return started;
  }
}
