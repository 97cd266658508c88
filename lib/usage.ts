// The usage sidecar: per-card keyword-hit counts that feed frecency. Layout under <memory_dir>/.memctl/:
//   usage.log            pending hits; each hook call appends ALL its hits as one line in ONE O_APPEND write
//                        ("<day>\t<card>\t<card>…\n"), so concurrent hooks never interleave or lose a hit
//   usage.<ms>-<pid>.folding  a log renamed aside by a fold (writers that opened it just before keep appending there)
//   usage.tsv            the aggregated snapshot, replaced atomically (temp + rename)
//   usage.lock           non-blocking fold lock (O_EXCL create; taken over when older than LOCK_STALE_MS)
// Double counting is impossible because the snapshot header records, per folding file, the byte offset it has
// consumed ("folded=<name>:<offset>,…"): readers and later folds count only the bytes past that offset. A crash
// before the snapshot rename leaves the folding file unconsumed (still pending); a crash after it leaves a
// consumed file that the next fold deletes. Folding files are deleted only once fully consumed and older than
// FOLD_GRACE_MS, so a writer that opened usage.log just before the rename cannot lose its line.
import fs from "node:fs";
import path from "node:path";
import { STATE_DIR } from "./store/paths.js";

export interface CardUsage {
  access_count: number;
  /** YYYY-MM-DD of the latest recorded hit. */
  last_access_day: string;
}

export interface UsageRead {
  store: "none" | "tsv" | "error";
  error?: string;
  cards: Map<string, CardUsage>;
  /** Pending log lines that did not parse (a torn write); reported, never trusted. */
  malformed?: number;
}

/** Frecency age buckets: memctl stats' last_hit_buckets uses these same boundaries. */
export const AGE_BUCKETS = [
  { maxDays: 1, label: "<=1d", weight: 1 },
  { maxDays: 7, label: "<=7d", weight: 0.7 },
  { maxDays: 30, label: "<=30d", weight: 0.4 },
  { maxDays: 90, label: "<=90d", weight: 0.2 },
  { maxDays: Infinity, label: ">90d", weight: 0.1 },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** Counts halve once per this many days (applied at fold time and, identically, by readers). */
export const HALVING_PERIOD_DAYS = 30;
export const FOLD_AT_BYTES = 64 * 1024;
export const FOLD_GRACE_MS = 10_000;
export const LOCK_STALE_MS = 60_000;

export const USAGE_SNAPSHOT = "usage.tsv";
export const USAGE_LOG = "usage.log";
const LOCK = "usage.lock";
const HEADER = "# memctl usage v1";
const FOLDING = /^usage\.(\d+)-\d+\.folding$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `from` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function ageBucket(lastDay: string, today: string): AgeBucket {
  const age = Math.max(0, daysBetween(lastDay, today));
  return AGE_BUCKETS.find((b) => age <= b.maxDays) ?? AGE_BUCKETS[AGE_BUCKETS.length - 1]!;
}

/** access_count × age-bucket weight: the frecency ranking uses within a relevance tier. */
export function frecency(usage: CardUsage | undefined, today: string): number {
  return usage ? usage.access_count * ageBucket(usage.last_access_day, today).weight : 0;
}

/** A card path the tab-delimited sidecar can hold. */
export function isMeasurable(card: string): boolean {
  return card !== "" && !/[\t\n\r]/.test(card);
}

interface Snapshot {
  epoch?: string;
  folded: Map<string, number>;
  cards: Map<string, CardUsage>;
}

/** Parses usage.tsv; throws on anything unexpected (a corrupt snapshot is never half-trusted). */
export function parseSnapshot(text: string): Snapshot {
  const lines = text.split("\n");
  const header = lines[0]!.split("\t");
  if (header[0] !== HEADER) throw new Error(`${USAGE_SNAPSHOT} has no "${HEADER}" header`);
  const snap: Snapshot = { folded: new Map(), cards: new Map() };
  for (const field of header.slice(1)) {
    const eq = field.indexOf("=");
    const [key, value] = [field.slice(0, eq), field.slice(eq + 1)];
    if (key === "decay_epoch" && DAY.test(value)) snap.epoch = value;
    else if (key === "folded" && value) {
      for (const item of value.split(",")) {
        const colon = item.lastIndexOf(":");
        const offset = Number(item.slice(colon + 1));
        if (colon < 1 || !Number.isSafeInteger(offset) || offset < 0) throw new Error(`${USAGE_SNAPSHOT} header has a bad folded entry "${item}"`);
        snap.folded.set(item.slice(0, colon), offset);
      }
    }
  }
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    const [card, count, day, extra] = line.split("\t");
    const n = Number(count);
    if (!card || extra !== undefined || !Number.isFinite(n) || n < 0 || !day || !DAY.test(day)) throw new Error(`${USAGE_SNAPSHOT} line ${i + 1} is malformed`);
    snap.cards.set(card, { access_count: n, last_access_day: day });
  }
  return snap;
}

export function renderSnapshot(snap: Snapshot): string {
  const folded = [...snap.folded].map(([name, offset]) => `${name}:${offset}`).join(",");
  const rows = [...snap.cards].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([card, u]) => `${card}\t${u.access_count}\t${u.last_access_day}`);
  return [`${HEADER}\tdecay_epoch=${snap.epoch ?? ""}\tfolded=${folded}`, ...rows].join("\n") + "\n";
}

/** Halves every count once per HALVING_PERIOD_DAYS elapsed since the epoch (never below 1 for a hit card). */
export function applyDecay(snap: Snapshot, today: string): void {
  if (!snap.epoch) {
    snap.epoch = today;
    return;
  }
  const periods = Math.floor(daysBetween(snap.epoch, today) / HALVING_PERIOD_DAYS);
  if (periods <= 0) return;
  for (const u of snap.cards.values()) u.access_count = Math.max(1, Math.ceil(u.access_count / 2 ** periods));
  const epochMs = Date.parse(`${snap.epoch}T00:00:00Z`) + periods * HALVING_PERIOD_DAYS * 86_400_000;
  snap.epoch = new Date(epochMs).toISOString().slice(0, 10);
}

/** Adds complete pending lines to the counts; returns how many lines were malformed. */
function addPending(cards: Map<string, CardUsage>, text: string): number {
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const [day, ...hits] = line.split("\t");
    if (!day || !DAY.test(day) || hits.length === 0 || hits.some((h) => h === "")) {
      malformed++;
      continue;
    }
    for (const card of new Set(hits)) {
      const u = cards.get(card);
      if (!u) cards.set(card, { access_count: 1, last_access_day: day });
      else {
        u.access_count += 1;
        if (day > u.last_access_day) u.last_access_day = day;
      }
    }
  }
  return malformed;
}

/** The part of a pending file not yet folded: complete lines only, unless `all` (an abandoned torn tail). */
function unconsumed(file: string, offset: number, all: boolean): { text: string; end: number } {
  const size = fs.statSync(file).size;
  if (offset >= size) return { text: "", end: size }; // a folded file kept for its grace period: nothing to read
  const buf = fs.readFileSync(file);
  const start = Math.min(offset, buf.length);
  const lastNewline = buf.lastIndexOf(0x0a);
  const end = all ? buf.length : Math.max(start, lastNewline + 1);
  return { text: buf.subarray(start, end).toString("utf8"), end };
}

function stateDir(memoryDir: string): string {
  return path.join(memoryDir, STATE_DIR);
}

function foldingFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((n) => FOLDING.test(n)).sort();
}

/**
 * Reads snapshot + pending logs into per-card usage, as of `today` (decay applied exactly as a fold would).
 * Never throws: no sidecar → store "none"; unreadable or corrupt → store "error" with no cards.
 */
export function readUsage(memoryDir: string, today: string): UsageRead {
  const dir = stateDir(memoryDir);
  // existsSync first: the hook runs this on every prompt and a thrown ENOENT costs more than the check.
  if (!fs.existsSync(dir)) return { store: "none", cards: new Map() };
  try {
    let snap: Snapshot = { folded: new Map(), cards: new Map() };
    let found = false;
    if (fs.existsSync(path.join(dir, USAGE_SNAPSHOT))) try {
      snap = parseSnapshot(fs.readFileSync(path.join(dir, USAGE_SNAPSHOT), "utf8"));
      found = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    let names: string[] = [];
    try {
      names = foldingFiles(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    applyDecay(snap, today);
    let malformed = 0;
    for (const name of [...names, USAGE_LOG]) {
      if (!fs.existsSync(path.join(dir, name))) continue;
      let pending: { text: string };
      try {
        pending = unconsumed(path.join(dir, name), snap.folded.get(name) ?? 0, false);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw err;
      }
      found = true;
      malformed += addPending(snap.cards, pending.text);
    }
    return { store: found ? "tsv" : "none", cards: snap.cards, ...(malformed ? { malformed } : {}) };
  } catch (err) {
    return { store: "error", error: (err as Error).message, cards: new Map() };
  }
}

export interface RecordResult {
  recorded: number;
  /** Card paths refused because the tab-delimited sidecar cannot hold them (tab or newline). */
  refused: string[];
  folded: boolean;
}

/**
 * Appends one line holding every hit of this call in a single O_APPEND write, then folds when the log has
 * grown past `foldAtBytes` and nobody else is folding. Throws only if the append itself fails.
 */
export async function recordHits(memoryDir: string, cardRelpaths: readonly string[], today: string, options: { foldAtBytes?: number; now?: () => number } = {}): Promise<RecordResult> {
  return recordHitsSync(memoryDir, cardRelpaths, today, options);
}

export function recordHitsSync(memoryDir: string, cardRelpaths: readonly string[], today: string, options: { foldAtBytes?: number; now?: () => number } = {}): RecordResult {
  const refused = cardRelpaths.filter((c) => !isMeasurable(c));
  const cards = [...new Set(cardRelpaths.filter(isMeasurable))];
  if (cards.length === 0 || !DAY.test(today)) return { recorded: 0, refused, folded: false };
  const dir = stateDir(memoryDir);
  fs.mkdirSync(dir, { recursive: true });
  const line = Buffer.from(`${today}\t${cards.join("\t")}\n`, "utf8");
  const fd = fs.openSync(path.join(dir, USAGE_LOG), "a");
  let size: number;
  try {
    // One write() call: on a local filesystem an O_APPEND write of a regular file is not interleaved with others.
    const written = fs.writeSync(fd, line, 0, line.length);
    if (written !== line.length) throw new Error(`short append to ${USAGE_LOG} (${written} of ${line.length} bytes)`);
    size = fs.fstatSync(fd).size;
  } finally {
    fs.closeSync(fd);
  }
  let folded = false;
  if (size >= (options.foldAtBytes ?? FOLD_AT_BYTES)) {
    try {
      folded = foldUsage(memoryDir, today, options.now);
    } catch {
      // A failed fold loses nothing: the pending files stay and the next fold retries.
    }
  }
  return { recorded: cards.length, refused, folded };
}

/** Folds pending logs into the snapshot if the lock is free; returns false when someone else holds it. */
export function foldUsage(memoryDir: string, today: string, now: () => number = Date.now): boolean {
  const dir = stateDir(memoryDir);
  const lock = takeLock(dir, now);
  if (!lock) return false;
  try {
    const stamp = now();
    try {
      fs.renameSync(path.join(dir, USAGE_LOG), path.join(dir, `usage.${stamp}-${process.pid}.folding`));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    const snapFile = path.join(dir, USAGE_SNAPSHOT);
    let snap: Snapshot = { folded: new Map(), cards: new Map() };
    try {
      snap = parseSnapshot(fs.readFileSync(snapFile, "utf8"));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") {
        // Keep the corrupt bytes for inspection and start a fresh snapshot rather than stop counting forever.
        fs.renameSync(snapFile, `${snapFile}.corrupt-${stamp}`);
      }
    }
    applyDecay(snap, today);
    const folded = new Map<string, number>();
    const consumed: { name: string; end: number }[] = [];
    for (const name of foldingFiles(dir)) {
      const abandoned = stamp - Number(FOLDING.exec(name)![1]) > FOLD_GRACE_MS;
      const pending = unconsumed(path.join(dir, name), snap.folded.get(name) ?? 0, abandoned);
      addPending(snap.cards, pending.text);
      folded.set(name, pending.end);
      consumed.push({ name, end: pending.end });
    }
    snap.folded = folded;
    if (!ownsLock(dir, lock)) return false;
    const tmp = `${snapFile}.${process.pid}.${stamp}.tmp`;
    fs.writeFileSync(tmp, renderSnapshot(snap));
    fs.renameSync(tmp, snapFile);
    for (const { name, end } of consumed) {
      const file = path.join(dir, name);
      const old = stamp - Number(FOLDING.exec(name)![1]) > FOLD_GRACE_MS;
      if (old && fs.statSync(file).size === end) fs.unlinkSync(file);
    }
    return true;
  } finally {
    releaseLock(dir, lock);
  }
}

function takeLock(dir: string, now: () => number): string | undefined {
  const file = path.join(dir, LOCK);
  const token = `${process.pid}-${now()}-${Math.random().toString(36).slice(2)}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, token, { flag: "wx" });
      return token;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      try {
        if (now() - fs.statSync(file).mtimeMs < LOCK_STALE_MS) return undefined;
        fs.unlinkSync(file);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function ownsLock(dir: string, token: string): boolean {
  try {
    return fs.readFileSync(path.join(dir, LOCK), "utf8") === token;
  } catch {
    return false;
  }
}

function releaseLock(dir: string, token: string): void {
  if (ownsLock(dir, token)) fs.rmSync(path.join(dir, LOCK), { force: true });
}
