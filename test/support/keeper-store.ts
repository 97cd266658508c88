// The store the keeper's in-process tests run over (test/lib/rank-cache/keeper.test.ts), and the count of card
// stats they assert per round.
import fs from "node:fs";
import { loadRankable } from "../../lib/rank-cache/load.js";
import { readCardCatalog } from "../../lib/store/card-cache.js";
import { ageStore, sandbox, type CardSpec } from "../helpers.js";

type TestContext = { after: (fn: () => void) => void; mock: { method: (o: object, name: string, fn: (...a: never[]) => unknown) => unknown } };

/**
 * `cards` in a sandbox removed after the test, aged an hour, with a rank cache built. `cardCache`: also a card
 * cache, written past the racy window of the ageing's utimes (which moved every ctime): one written within it would
 * not be trusted to match until a command rewrote it, and the keeper only verifies.
 */
export async function keptStore(t: TestContext, cards: CardSpec[], options: { cardCache?: boolean } = {}) {
  const s = sandbox(cards);
  t.after(() => s.cleanup());
  ageStore(s.memory);
  await loadRankable(s.memory, { nowMs: Date.now() });
  if (options.cardCache) {
    await new Promise((r) => setTimeout(r, 250));
    await readCardCatalog(s.memory);
  }
  return s;
}

/** Calls `seen` with each card file (feedback_N.md) that `names` stat, whichever cache asks: fs is the one module both reach it through. */
export function onCardStat(t: TestContext, seen: (file: string) => void, names: readonly ("statSync" | "lstatSync")[] = ["statSync", "lstatSync"]): void {
  for (const name of names) {
    const real = fs[name] as (...a: unknown[]) => unknown;
    t.mock.method(fs, name, (p: fs.PathLike, ...rest: unknown[]) => {
      if (/\/feedback_\d+\.md$/.test(String(p))) seen(String(p));
      return real(p, ...rest);
    });
  }
}
