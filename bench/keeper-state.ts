// The store's freshness keeper as a benchmark sees it: whether one answers prompts (lib/rank-cache/keeper-ask.ts),
// is only alive, or is absent; waiting for one to answer before the timed runs; stopping it before the store is removed.
import { askKeeper } from "../lib/rank-cache/keeper-ask.js";
import { KEEPER_LOCK } from "../lib/rank-cache/keeper-lock.js";
import { lockHolder, processAlive } from "../lib/store/lock.js";

export type KeeperState = "answering" | "alive, not answering" | "none";

export async function keeperState(memoryDir: string): Promise<KeeperState> {
  const holder = lockHolder(memoryDir, KEEPER_LOCK);
  if (!holder || !processAlive(holder.pid)) return "none";
  return (await askKeeper(memoryDir, 1_000)) ? "answering" : "alive, not answering";
}

/** Polls until the store's keeper answers (a keeper's first round at 10,000 cards stats every card), up to `ms`. */
export async function keeperAnswering(memoryDir: string, ms = 15_000): Promise<KeeperState> {
  const deadline = Date.now() + ms;
  for (;;) {
    const state = await keeperState(memoryDir);
    if (state === "answering" || Date.now() > deadline) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGKILLs the store's keeper, if one is alive (it would exit within a round of its store's removal anyway). */
export function stopKeeper(memoryDir: string): void {
  const holder = lockHolder(memoryDir, KEEPER_LOCK);
  if (holder && processAlive(holder.pid)) {
    try {
      process.kill(holder.pid, "SIGKILL");
    } catch {
      // exited meanwhile
    }
  }
}
