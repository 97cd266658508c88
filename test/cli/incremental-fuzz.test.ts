// A differential fuzzer of the incremental machinery (card-cache delta, hand-edit line keys, rank delta, run map,
// alignment): after each step of a seeded random sequence — hand edits of MEMORY.md of every awkward kind, in-place
// card edits that keep size and mtime, saves, removals, touches, keeper rounds, torn deltas, caches deleted — the
// prompt hook's block for several prompts, `list --json`, `search` and session start print exactly what a copy of
// the store with no cache prints. Real stores above a lowered full-check size, the real CLI in process.
// MEMCTL_FUZZ_SEED picks the first seed, MEMCTL_FUZZ_STEPS the steps per seed, MEMCTL_FUZZ_SEEDS how many seeds.
import fs from "node:fs";
import { test } from "node:test";
import { CARD_DELTA } from "../../lib/store/card-delta.js";
import { state, store, tick } from "../support/card-delta-fixture.js";
import { ops, same } from "../support/fuzz-steps.js";
import { prng } from "../support/prng.js";

const seeds = Number(process.env.MEMCTL_FUZZ_SEEDS ?? 2);
const first = Number(process.env.MEMCTL_FUZZ_SEED ?? 1);
const steps = Number(process.env.MEMCTL_FUZZ_STEPS ?? 10);

for (let seed = first; seed < first + seeds; seed++)
  test(`seed ${seed}: after each of ${steps} random steps the block, list, search and session start print what a rebuild prints`, async (t) => {
    const w = await store(t);
    const rnd = prng(seed);
    let n = 0;
    const all = ops(w, rnd, () => n);
    const done: string[] = [];
    const inForce = { card: 0 };
    const tally = { blocks: 0, ranked: 0 };
    for (; n < steps; n++) {
      // One to three steps between two comparisons: several hand edits make several runs of changed lines.
      const now: string[] = [];
      for (let k = 1 + Math.floor(rnd() * 3); k > 0; k--) {
        const [what, op] = all[Math.floor(rnd() * all.length)]!;
        await op();
        now.push(what);
      }
      done.push(now.join(" + "));
      // A write through memctl is seen by the very next call; a hand edit by every call 2 s after it.
      const written = now.every((what) => what.startsWith("save") || what.startsWith("rm") || what.startsWith("the keeper"));
      await same(w, `seed ${seed}, step ${n} (${done.join("; ")})`, written ? tick(1) : tick(3000), tally);
      if (fs.existsSync(state(w, CARD_DELTA))) inForce.card++;
    }
    t.diagnostic(`of ${steps} steps: a card-cache delta in force after ${inForce.card}, blocks compared whole after ${tally.blocks}, what ranking reads after ${tally.ranked}`);
  });
