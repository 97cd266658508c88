// A differential fuzzer of what the freshness keeper settles and answers (lib/rank-cache/keeper.ts), beside
// incremental-fuzz.test.ts: a real keeper (keepFresh in process: its card watch, its rounds, its question directory), whose rounds
// run when the sequence says, over a store of 24 cards. Two kinds of store:
//   - "settled": above a lowered full-check size, where the keeper's round settles a hand edit of MEMORY.md, cards
//     edited in place (one, or more than 16), a save, a directory's move into a delta and records its check, and
//     session start, `list` and `search` then read the cache trusted;
//   - "asked": between MEMCTL_KEEPER_MIN and the full-check size, where a prompt asks the keeper which cards
//     changed, at once after the step's edits (no round between), and stats only those.
// After every step the prompt hook's block, session start, `list --json`, `search` and what ranking reads are those of
// a copy of the store with no cache. MEMCTL_FUZZ_SEED, MEMCTL_FUZZ_SEEDS, MEMCTL_FUZZ_STEPS as in incremental-fuzz.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { keepFresh, type KeeperExit } from "../../lib/rank-cache/keeper.js";
import { openCache } from "../../lib/rank-cache/read.js";
import { checkedText, openDelta } from "../../lib/rank-cache/delta.js";
import { askKeeper } from "../../lib/rank-cache/keeper-ask.js";
import { CARD_DELTA } from "../../lib/store/card-delta.js";
import { handCard, sleep } from "../support/card-cache-fixture.js";
import { store } from "../support/card-delta-fixture.js";
import { memctl, type World } from "../support/fixture.js";
import { inPlace, ops, same, type Op } from "../support/fuzz-steps.js";
import { prng } from "../support/prng.js";

/** A keeper in process whose rounds run one at a time when `round()` is called; `stop()` ends it. */
async function keeper(w: World, fullCheckMax: number, keeperMin: number, now: () => number) {
  let wake: (() => void) | undefined;
  let slept: (() => void) | undefined;
  let stopping = false;
  const errors: unknown[] = [];
  const waitRound = () => new Promise<void>((resolve) => (slept = resolve));
  let rounded = waitRound();
  const done: Promise<KeeperExit> = keepFresh(w.mem, {
    idleMs: 3_600_000,
    intervalMs: 1_000,
    fullCheckMax,
    keeperMin,
    // Past the idle time once stopping: the loop's next turn exits.
    now: () => (stopping ? now() + 7_200_000 : now()),
    sleep: () =>
      new Promise<void>((resolve) => {
        wake = resolve;
        slept?.();
      }),
    onError: (err) => errors.push(err),
  });
  // A loop that returns instead of sleeping has exited: that is the test's failure, not a hang.
  const next = async () => {
    const exit = await Promise.race([rounded.then(() => undefined), done]);
    assert.equal(exit, undefined, "the keeper exited");
  };
  await next();
  const round = async () => {
    rounded = waitRound();
    wake?.();
    await next();
    assert.deepEqual(errors, [], "the keeper's round failed");
  };
  const stop = async () => {
    stopping = true;
    wake?.();
    return done;
  };
  return { round, stop };
}

/** The identity of the rank cache (and delta) on disk, as a keeper names the one it last found true. */
function identityNow(memory: string): string | undefined {
  const base = openCache(memory);
  return base && checkedText(base, openDelta(memory, base)?.text);
}

/** A state file's change time and size, or "" when absent: whether a round wrote it. */
function stamp(w: World, name: string): string {
  const st = fs.statSync(path.join(w.mem, ".memctl", name), { bigint: true, throwIfNoEntry: false });
  return st ? `${st.ctimeNs} ${st.size} ${st.ino}` : "";
}

/** What the keeper settles: edits of its kinds, each made as an editor, a `git pull` or memctl makes it. */
function keeperOps(w: World, rnd: () => number, n: () => number, ok: (args: string[]) => Promise<void>): Op[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const cards = () => fs.readdirSync(w.mem).filter((f) => f.startsWith("project_"));
  const index = path.join(w.mem, "MEMORY.md");
  const lines = (change: (ls: string[]) => void) => {
    const ls = fs.readFileSync(index, "utf8").split("\n");
    change(ls);
    return ls.join("\n");
  };
  const entry = (ls: string[]) => {
    const entries = ls.flatMap((l, i) => (/^- \[/.test(l) ? [i] : []));
    return entries.length > 0 ? pick(entries) : Math.floor(rnd() * ls.length);
  };
  /**
   * A card edited in place, same size and mtime put back, in a field ranking reads (its priority, normal and always
   * swapped) or one it does not (its description's first letter).
   */
  const flip = (file: string) => {
    const text = fs.readFileSync(path.join(w.mem, file), "utf8");
    const priority = /priority: (normal|always)/.exec(text)?.[0];
    const from = priority && rnd() < 0.6 ? priority : /description: ./.exec(text)?.[0];
    if (!from) return;
    const to = from === "priority: normal" ? "priority: always" : from === "priority: always" ? "priority: normal" : `description: ${from.endsWith("Z") ? "Y" : "Z"}`;
    inPlace(w, path.join(w.mem, file), from, to);
  };
  /** A card's text with fields ranking reads drawn at random: its priority, status and topics. */
  const card = (name: string, description: string) =>
    handCard(name, description, "From a pull.")
      .replace("priority: normal", `priority: ${pick(["normal", "always", "low"])}`)
      .replace("status: active", `status: ${pick(["active", "active", "stale", "superseded"])}`)
      .replace("topics: []", rnd() < 0.5 ? "topics: []" : `topics: [deploy, t${n()}]`);
  /** Written beside it, then renamed over it (a sync's or an editor's safe write): a new inode. */
  const renamedOver = (file: string, text: string) => {
    const tmp = path.join(rnd() < 0.5 ? w.root : w.mem, `.${path.basename(file)}.${n()}.tmp`);
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  };
  return [
    [
      "a line's text edited",
      () =>
        fs.writeFileSync(
          index,
          lines((ls) => (ls[entry(ls)] += ` edited ${n()}`)),
        ),
    ],
    [
      "a line for a linked card added",
      () =>
        fs.writeFileSync(
          index,
          lines((ls) => ls.splice(entry(ls), 0, `- [again ${n()}](${pick(cards())}) — again, deploy`)),
        ),
    ],
    [
      "a line deleted",
      () =>
        fs.writeFileSync(
          index,
          lines((ls) => ls.splice(entry(ls), 1)),
        ),
    ],
    [
      "a line linking no card",
      () =>
        fs.writeFileSync(
          index,
          lines((ls) => ls.splice(entry(ls), 0, `- [ghost ${n()}](project_ghost${n()}.md) — a ghost, missing`)),
        ),
    ],
    [
      "a line relinked",
      () =>
        fs.writeFileSync(
          index,
          lines((ls) => {
            const i = entry(ls);
            ls[i] = ls[i]!.replace(/\]\([^)]*\)/, `](${pick(cards())})`);
          }),
        ),
    ],
    [
      "a fence opened, or taken out",
      () =>
        fs.writeFileSync(
          index,
          lines((ls) => (ls.some((l) => l.startsWith("```")) ? ls.splice(0, ls.length, ...ls.filter((l) => !l.startsWith("```"))) : ls.splice(entry(ls), 0, "```"))),
        ),
    ],
    [
      "a line edited in place, same size and mtime",
      () => {
        const m = /card number (\d)/.exec(fs.readFileSync(index, "utf8"));
        if (m) inPlace(w, index, m[0], `card number ${(Number(m[1]) + 1) % 10}`);
      },
    ],
    [
      "MEMORY.md renamed over by an edited copy",
      () =>
        renamedOver(
          index,
          lines((ls) => (ls[entry(ls)] += ` pulled ${n()}`)),
        ),
    ],
    ["a card edited in place", () => flip(pick(cards()))],
    [
      "17 to 20 cards edited in place",
      () =>
        [...cards()]
          .sort(() => rnd() - 0.5)
          .slice(0, 17 + Math.floor(rnd() * 4))
          .forEach(flip),
    ],
    [
      "2 to 16 cards edited in place",
      () =>
        [...cards()]
          .sort(() => rnd() - 0.5)
          .slice(0, 2 + Math.floor(rnd() * 15))
          .forEach(flip),
    ],
    ["a card renamed over by a new text", () => renamedOver(path.join(w.mem, pick(cards())), card(`pulled${n()}`, `pulled over ${n()}, deploy`))],
    [
      "a card and its line arriving by rename",
      () => {
        renamedOver(path.join(w.mem, `project_arrived${n()}.md`), card(`arrived${n()}`, `arrived ${n()}, migration`));
        fs.appendFileSync(index, `- [arrived ${n()}](project_arrived${n()}.md) — arrived ${n()}\n`);
      },
    ],
    [
      "a card deleted and written again (git's checkout)",
      () => {
        const file = path.join(w.mem, pick(cards()));
        const text = fs.readFileSync(file, "utf8").replace("Body", "Checked out");
        fs.rmSync(file);
        fs.writeFileSync(file, text);
      },
    ],
    [
      "a card made by hand where a line links none",
      () => {
        const dead = [...fs.readFileSync(index, "utf8").matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]!).filter((f) => !fs.existsSync(path.join(w.mem, f)));
        if (dead.length === 0) return;
        const file = path.join(w.mem, pick(dead));
        const text = card(path.basename(file, ".md").replace(/^project_/, ""), `made by hand ${n()}, deploy`);
        rnd() < 0.5 ? fs.writeFileSync(file, text) : renamedOver(file, text);
      },
    ],
    [
      "the lines linking no card deleted",
      () =>
        fs.writeFileSync(
          index,
          lines((ls) => ls.splice(0, ls.length, ...ls.filter((l) => !/\]\(([^)]*)\)/.test(l) || fs.existsSync(path.join(w.mem, /\]\(([^)]*)\)/.exec(l)![1]!))))),
        ),
    ],
    ["save an update", () => ok(["save", pick(cards()).replace(/^project_|\.md$/g, ""), "-t", "project", "-d", `described again ${n()}, deploy`])],
    ["save a new card", () => ok(["save", `fresh${n()}`, "-t", "project", "-d", `a new card ${n()} on the migration`])],
    ["rm", () => (cards().length > 6 ? ok(["rm", pick(cards()).replace(/^project_|\.md$/g, "")]) : undefined)],
  ];
}

const seeds = Number(process.env.MEMCTL_FUZZ_SEEDS ?? 1);
const first = Number(process.env.MEMCTL_FUZZ_SEED ?? 1);
const steps = Number(process.env.MEMCTL_FUZZ_STEPS ?? 10);

for (const kind of ["settled", "asked"] as const)
  for (let seed = first; seed < first + seeds; seed++)
    test(`${kind}, seed ${seed}: after each of ${steps} steps with the keeper's rounds the block, list, search and session start print what a rebuild prints`, async (t) => {
      // "settled": 24 cards over a full-check size of 5, the clock run ahead 3 s after a hand edit (as incremental-fuzz
      // does) so no check made before it is trusted; "asked": under a full-check size of 1,000, the machine's clock.
      const settled = kind === "settled";
      const full = settled ? 5 : 1_000;
      const env: Record<string, string> = settled ? {} : { MEMCTL_FULL_CHECK_MAX: String(full), MEMCTL_KEEPER_MIN: "3", MEMCTL_KEEPER_ANSWER_MS: "5000" };
      const w = await store(t, { cards: 24, env, keeper: !settled });
      let ahead = 0;
      const clock = () => Date.now() + ahead;
      const write = async (args: string[]) => {
        const r = await memctl(w, args, { now: new Date(clock()) });
        assert.equal(r.code, 0, r.stderr);
      };
      const k = await keeper(w, full, 3, clock);
      const rnd = prng(seed);
      let n = 0;
      const mine = keeperOps(w, rnd, () => n, write);
      const theirs = ops(w, rnd, () => n, write).filter(([what]) => !what.endsWith("the keeper's round"));
      const done: string[] = [];
      const tally = { blocks: 0, ranked: 0, rounds: 0, settled: 0, answered: 0, narrowed: 0 };
      try {
        for (; n < steps; n++) {
          const now: string[] = [];
          // "asked": mostly a round first, so the keeper is at rest (every card watched, a line's missing card held
          // as absent) when the edits come.
          if (!settled && rnd() < 0.7) {
            await sleep(120);
            await k.round();
            tally.rounds++;
            now.push("a round");
          }
          for (let j = 1 + Math.floor(rnd() * 2); j > 0; j--) {
            const [what, op] = rnd() < 0.75 ? mine[Math.floor(rnd() * mine.length)]! : theirs[Math.floor(rnd() * theirs.length)]!;
            await op();
            now.push(what);
          }
          const written = now.every((what) => what.startsWith("save") || what === "rm" || what === "a round");
          if (settled && !written) ahead += 3_000;
          // "settled": the rounds the edits wait for; "asked": a prompt straight after the edits, or a round first.
          const rounds = settled ? (rnd() < 0.8 ? 1 + Math.floor(rnd() * 2) : 0) : rnd() < 0.25 ? 1 : 0;
          if (rounds > 0) await sleep(120); // past the racy window of the edits' stamps: a round settles only older ones
          for (let r = 0; r < rounds; r++) {
            const before = [stamp(w, CARD_DELTA), stamp(w, "card-check")];
            await k.round();
            if (before.every((b, i) => b !== stamp(w, [CARD_DELTA, "card-check"][i]!))) tally.settled++;
          }
          tally.rounds += rounds;
          if (rounds > 0) now.push(`${rounds} round(s)`);
          done.push(now.join(" + "));
          const asked = async () => {
            const answer = await askKeeper(w.mem, 5_000);
            if (answer) tally.answered++;
            if (answer && answer.checked === identityNow(w.mem)) tally.narrowed++;
            return answer;
          };
          await same(w, `${kind}, seed ${seed}, step ${n} (${done.join("; ")})`, new Date(clock()), tally, {
            waitMs: settled || rnd() < 0.5 ? 150 : 0,
            ...(settled ? {} : { asked }),
          });
        }
      } finally {
        assert.equal(await k.stop(), "idle");
      }
      t.diagnostic(
        `of ${steps} steps: ${tally.rounds} rounds, ${tally.settled} settled into a delta, ${tally.answered} prompts answered (${tally.narrowed} naming the rank cache on disk), blocks compared whole after ${tally.blocks}, what ranking reads after ${tally.ranked}`,
      );
    });
