// Above 1 MiB the rank cache's head is read a page at a time (lib/rank-cache/head.ts): a trusted prompt above the
// full-check size reads only the terms, offsets and fingerprints it touches. It must rank exactly as a load that
// reads the head whole and checks every card — from the base cache and with a delta in force — and a damaged
// part of the head it reads must still mean "rebuild". wholeHeadMax: 0 pages a small store's head.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { generateStore } from "../../../bench/gen-store.js";
import { loadRankable, RANK_CACHE, RANK_DELTA, type RankableStore } from "../../../lib/rank-cache/load.js";
import { rank } from "../../../lib/rank/score.js";
import { queryTerms } from "../../../lib/rank/tokenize.js";
import { rankStore } from "../../../lib/hook/inject.js";
import { lineKey } from "../../../lib/core/line-key.js";
import { tempDir } from "../../helpers.js";

const PROMPTS = [
  "deploying to staging fails after the migration, check the helm chart",
  "the redis cache ttl and the kafka consumer lag",
  "why does the lint job pin the ledger service",
  "zanzibar quokka nothing matches this",
];
const TODAY = "2026-12-06";
const large = { fullCheckMax: 10 };
const paged = { ...large, wholeHeadMax: 0 };

/** What the block is made from: the first places in order, each with its card, tier, score and printed line. */
function ranking(store: RankableStore, prompt: string): string[] {
  let hits = -1;
  const ranked = rank(store.index, queryTerms(prompt), { today: TODAY, top: 30, onHitCount: (n) => (hits = n) });
  const ix = store.index;
  return [
    `hits ${hits}`,
    ...ranked.map((r) => `${ix.file(r.index)} ${r.tier} ${r.score} ${r.entry.line} ${ix.lineKey?.(r.index) ?? lineKey(ix.lineText!(r.index))} ${ix.lineText!(r.index)}`),
  ];
}

/** Bytes fs.readSync read at positions before `below` while `run` runs (what a load read of the cache's head), and in how many reads. */
async function bytesRead<T>(below: number, run: () => Promise<T>): Promise<[T, number, number]> {
  const original = fs.readSync;
  let bytes = 0;
  let reads = 0;
  // checked-fs.ts readAt calls fs.readSync(fd, buffer, offset, length, position).
  (fs as { readSync: typeof fs.readSync }).readSync = ((fd: number, buffer: NodeJS.ArrayBufferView, offset: number, length: number, position: number | null) => {
    const got = original(fd, buffer, offset, length, position);
    if (typeof position === "number" && position < below) {
      bytes += got;
      reads++;
    }
    return got;
  }) as typeof fs.readSync;
  try {
    const out = await run();
    return [out, bytes, reads];
  } finally {
    (fs as { readSync: typeof fs.readSync }).readSync = original;
  }
}

function aged(memory: string, ms: number): void {
  const past = new Date(ms);
  for (const name of fs.readdirSync(memory)) if (name !== ".memctl") fs.utimesSync(path.join(memory, name), past, past);
  fs.utimesSync(memory, past, past);
}

const headBytes = (memory: string) => fs.readFileSync(path.join(memory, ".memctl", RANK_CACHE)).readUInt32LE(16);

/** The cache as built at `builtMs`: a full check from then is trusted for the next 2 s. */
async function built(memory: string, builtMs: number): Promise<void> {
  aged(memory, Date.now() - 3_600_000);
  assert.equal((await loadRankable(memory, { nowMs: builtMs, ...large })).cache, "rebuilt");
}

test("a trusted load reads part of a paged head and ranks every prompt as a whole, fully checked load does", async () => {
  const dir = tempDir();
  try {
    const { dir: memory } = generateStore({ cards: 2_000, dir: path.join(dir, "memory"), usageCalls: 0 });
    const at = Date.now() - 500;
    await built(memory, at);
    const head = headBytes(memory);
    for (const prompt of PROMPTS) {
      const [[store, got], bytes] = await bytesRead(head, async () => {
        const s = await loadRankable(memory, { nowMs: at + 1, ...paged });
        return [s, ranking(s, prompt)] as const;
      });
      assert.equal(store.cache, "fresh");
      assert.equal(store.verified, false, "trusted, not checked");
      // A broad prompt ranks hundreds of this small store's cards, whose pages hold much of a 220 KB head.
      assert.ok(bytes < head, `${prompt}: read ${bytes} bytes of a ${head}-byte head`);
      const whole = await loadRankable(memory, { nowMs: at + 1, ...large, checkAllCards: true });
      assert.equal(whole.verified, true);
      assert.deepEqual(got, ranking(whole, prompt), prompt);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("with a delta in force a trusted paged load ranks as the files do; a damaged offset it meets rebuilds", async () => {
  const dir = tempDir();
  try {
    const { dir: memory, cards } = generateStore({ cards: 2_000, dir: path.join(dir, "memory"), usageCalls: 0 });
    await built(memory, Date.now() - 5_000);
    // An in-place edit (no directory moves) of a card the first prompt ranks, past the racy window: the full
    // check folds it as a delta.
    const edited = cards.find((c) => c.title.toLowerCase().includes("helm")) ?? cards[0]!;
    const file = path.join(memory, edited.file);
    const dirTime = fs.statSync(memory).mtime;
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/^topics:\n/m, "topics:\n  - helm-staging-migration\n"));
    fs.utimesSync(memory, dirTime, dirTime);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const checkedAt = Date.now();
    assert.equal((await loadRankable(memory, { nowMs: checkedAt, ...large })).cache, "updated");
    assert.ok(fs.existsSync(path.join(memory, ".memctl", RANK_DELTA)), "the delta is written");
    const truth = await loadRankable(memory, { nowMs: checkedAt, force: true, writeCache: false });
    const checkedMs = fs.statSync(path.join(memory, ".memctl", RANK_DELTA)).mtimeMs;
    for (const prompt of PROMPTS) {
      const trusted = await loadRankable(memory, { nowMs: checkedMs + 1, ...paged });
      assert.equal(trusted.cache, "fresh");
      assert.equal(trusted.verified, false);
      // The same cache and delta read whole with every card checked (a delta keeps the base's field averages,
      // so scores are compared with it, not with a rebuild).
      const whole = await loadRankable(memory, { nowMs: checkedMs + 1, ...large, checkAllCards: true });
      assert.equal(whole.verified, true);
      assert.deepEqual(ranking(trusted, prompt), ranking(whole, prompt), prompt);
      assert.ok(ranking(trusted, prompt).some((line) => line.startsWith(`${edited.file} `)) || !prompt.includes("helm"), "the edited card ranks");
    }
    // The first card the prompt ranks whose path is the base cache's (not pinned: those come with the header; not
    // the edited card: the delta holds it) gets a path offset past the blob: the paged head meets it only when
    // ranking asks for that card's path, and the hook's ranking then rebuilds from the files.
    const prompt = PROMPTS[0]!;
    const first = rank(truth.index, queryTerms(prompt), { today: TODAY, top: 30 }).find((r) => r.tier !== "always" && truth.index.file(r.index) !== edited.file)!.index;
    const cache = path.join(memory, ".memctl", RANK_CACHE);
    const bytes = fs.readFileSync(cache);
    const headerLength = bytes.readUInt32LE(20);
    const n = bytes.readUInt32LE(24 + headerLength);
    const fileTable = 24 + headerLength + 4 + 8 * (n + 1);
    bytes.writeUInt32LE(0xfffffff0, fileTable + 4 * (first + 1));
    const { mtime } = fs.statSync(cache);
    fs.writeFileSync(cache, bytes);
    fs.utimesSync(cache, mtime, mtime);
    const damaged = await loadRankable(memory, { nowMs: checkedMs + 1, ...paged });
    assert.equal(damaged.cache, "fresh", "opened: the damage is in an offset a trusted load reads on demand");
    assert.throws(() => ranking(damaged, prompt), /bad rank cache offset/);
    const ranked = await rankStore(memory, prompt, new Date(checkedMs + 1), { top: 30, ...paged });
    assert.equal(ranked.store.cache, "rebuilt");
    assert.deepEqual(
      ranked.ranked.map((r) => ranked.store.index.file(r.index)),
      rank(truth.index, queryTerms(prompt), { today: TODAY, top: 30 }).map((r) => truth.index.file(r.index)),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("with a delta in force, ranking reads the base's card paths in one batch, not one read per card", async () => {
  const dir = tempDir();
  try {
    const { dir: memory, cards } = generateStore({ cards: 2_000, dir: path.join(dir, "memory"), usageCalls: 0 });
    await built(memory, Date.now() - 5_000);
    const file = path.join(memory, cards[0]!.file);
    const dirTime = fs.statSync(memory).mtime;
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/^topics:\n/m, "topics:\n  - helm-staging-migration\n"));
    fs.utimesSync(memory, dirTime, dirTime);
    await new Promise((resolve) => setTimeout(resolve, 250));
    assert.equal((await loadRankable(memory, { nowMs: Date.now(), ...large })).cache, "updated");
    const checkedMs = fs.statSync(path.join(memory, ".memctl", RANK_DELTA)).mtimeMs;
    const store = await loadRankable(memory, { nowMs: checkedMs + 1, ...paged });
    const whole = await loadRankable(memory, { nowMs: checkedMs + 1, ...large, checkAllCards: true });
    assert.equal(store.verified, false, "the merged store of a trusted paged load");
    // As rank() asks (index.files when the index has it): pinned, base and delta ids mixed, in no order.
    const ids = [0, ...store.index.alwaysIds.slice(0, 5), ...Array.from({ length: 200 }, (_, i) => (i * 7919) % 2_000)];
    const [paths, , reads] = await bytesRead(headBytes(memory), async () => (store.index.files ? store.index.files(ids) : ids.map((id) => store.index.file(id))));
    assert.deepEqual(
      paths,
      ids.map((id) => whole.index.file(id)),
    );
    assert.ok(reads < 20, `${reads} reads of the head for ${ids.length} paths`);
    const [again, , readsAgain] = await bytesRead(headBytes(memory), async () => ids.map((id) => store.index.file(id)));
    assert.deepEqual(again, paths);
    assert.equal(readsAgain, 0, "the block's file() calls are served from the batch");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A 2,000-card store's built cache, loaded paged and whole (every card checked), and where its head ends. */
async function pagedAndWhole(dir: string): Promise<{ head: number; store: RankableStore; whole: RankableStore }> {
  const { dir: memory } = generateStore({ cards: 2_000, dir: path.join(dir, "memory"), usageCalls: 0 });
  const at = Date.now() - 500;
  await built(memory, at);
  const head = headBytes(memory);
  const store = await loadRankable(memory, { nowMs: at + 1, ...paged });
  const whole = await loadRankable(memory, { nowMs: at + 1, ...large, checkAllCards: true });
  return { head, store, whole };
}

test("card paths a paged load decoded in one batch are not read again one by one", async () => {
  const dir = tempDir();
  try {
    const { head, store, whole } = await pagedAndWhole(dir);
    // Ranking asks for the paths of the pinned and candidate cards at once; the block then asks for each line's.
    const ids = Array.from({ length: 200 }, (_, i) => (i * 7919) % 2_000);
    const [batch, batchBytes] = await bytesRead(head, async () => store.index.files!(ids));
    assert.ok(batchBytes > 0);
    const [single, singleBytes] = await bytesRead(head, async () => ids.map((id) => store.index.file(id)));
    assert.equal(singleBytes, 0, "no path read twice");
    assert.deepEqual(single, batch);
    assert.deepEqual(
      batch,
      ids.map((id) => whole.index.file(id)),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the pinned cards' paths come with the header: ranking reads none of them from the path blob", async () => {
  const dir = tempDir();
  try {
    const { head, store, whole } = await pagedAndWhole(dir);
    const pinned = [...store.index.alwaysIds];
    assert.ok(pinned.length >= 10, "the generated store pins ~1% of its cards");
    const [paths, bytes] = await bytesRead(head, async () => store.index.files!(pinned));
    assert.equal(bytes, 0);
    assert.deepEqual(
      paths,
      pinned.map((id) => whole.index.file(id)),
    );
    // Mixed with cards that are not pinned, each path is still its own card's, in the order asked.
    const mixed = [pinned[0]!, 1, pinned[1]!, 2, 3];
    assert.deepEqual(
      store.index.files!(mixed),
      mixed.map((id) => whole.index.file(id)),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
