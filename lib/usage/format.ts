// The usage sidecar's snapshot format: usage.tsv and halving decay (pending log lines are pending.ts; usage.ts has
// the layout and the concurrency argument). Pure text in, data out; no locking here.
import { isDayShape } from "../core/ascii.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { utcDay } from "../core/utc.js";
import { dayMs, dayNumber, daysBetween, type CardUsage } from "../core/frecency.js";

export { dayNumber, daysBetween, type CardUsage };

/** What readUsage returns (lib/usage/usage.ts), here so lib/usage/open.ts need not import usage.ts back. */
export interface UsageRead {
  store: "none" | "tsv" | "error";
  error?: string;
  cards: Map<string, CardUsage>;
  /** Pending log lines that did not parse (a torn write); reported, never trusted. */
  malformed?: number;
}

/** Counts halve once per this many days (applied at fold time and, identically, by readers). */
export const HALVING_PERIOD_DAYS = 30;
export const USAGE_SNAPSHOT = "usage.tsv";
export const USAGE_LOG = "usage.log";
const HEADER = "# memctl usage v1";
export const FOLDING = /^usage\.(\d+)-\d+\.folding$/;

/**
 * Whether a YYYY-MM-DD day is a real calendar day (Date reads "2026-02-30" as March 2): only those compare the
 * same as strings and as day numbers. Asked about a handful of distinct days a prompt; remembered.
 */
export function isCanonicalDay(day: string): boolean {
  let ok = CANONICAL.get(day);
  if (ok === undefined) {
    ok = isDayShape(day) && utcDay(dayMs(day)) === day;
    if (CANONICAL.size < 10_000) CANONICAL.set(day, ok);
  }
  return ok;
}
const CANONICAL = new Map<string, boolean>();

export interface Snapshot {
  epoch?: string;
  folded: Map<string, number>;
  cards: Map<string, CardUsage>;
}

/** Parses the usage.tsv header line: decay epoch and folded byte offsets. Throws when it is not ours. */
export function parseSnapshotHeader(line: string): Pick<Snapshot, "epoch" | "folded"> {
  const header = line.split("\t");
  if (header[0] !== HEADER) throw new Error(`${USAGE_SNAPSHOT} has no "${HEADER}" header`);
  const snap: Pick<Snapshot, "epoch" | "folded"> = { folded: new Map() };
  for (const field of header.slice(1)) {
    const eq = field.indexOf("=");
    const [key, value] = [field.slice(0, eq), field.slice(eq + 1)];
    if (key === "decay_epoch" && isDayShape(value)) snap.epoch = value;
    else if (key === "folded" && value) {
      for (const item of value.split(",")) {
        const colon = item.lastIndexOf(":");
        const offset = Number(item.slice(colon + 1));
        if (colon < 1 || !Number.isSafeInteger(offset) || offset < 0) throw new Error(`${USAGE_SNAPSHOT} header has a bad folded entry "${item}"`);
        snap.folded.set(item.slice(0, colon), offset);
      }
    }
  }
  return snap;
}

/** One usage.tsv row, or undefined when malformed. */
export function parseSnapshotRow(line: string): [card: string, usage: CardUsage] | undefined {
  const fields = line.split("\t");
  const card = fields[0];
  const count = fields[1];
  const day = fields[2];
  const extra = fields[3];
  const n = Number(count);
  if (!card || extra !== undefined || count === "" || !Number.isFinite(n) || n < 0 || !day || !isDayShape(day)) return undefined;
  return [card, { access_count: n, last_access_day: day }];
}

/**
 * parseSnapshotRow(row)?.[1] for a row whose key is `cardLength` characters long: the shape folds write
 * ("<card>\t<digits>\t<YYYY-MM-DD>") is read without splitting the row (the hook reads one per ranked card),
 * anything else goes through parseSnapshotRow.
 */
export function snapshotRowUsage(row: string, cardLength: number): CardUsage | undefined {
  if (cardLength > 0 && row.indexOf("\t") === cardLength) {
    const from = cardLength + 1;
    let i = from;
    let n = 0;
    for (; i < row.length && i - from < 15; i++) {
      const c = row.charCodeAt(i);
      if (c < 48 || c > 57) break;
      n = n * 10 + (c - 48);
    }
    if (i > from && row.charCodeAt(i) === 9 && row.length === i + 11) {
      const day = row.slice(i + 1);
      if (isDayShape(day)) return { access_count: n, last_access_day: day };
    }
  }
  return parseSnapshotRow(row)?.[1];
}

/** Parses usage.tsv; throws on anything unexpected (a corrupt snapshot is never half-trusted). */
export function parseSnapshot(text: string): Snapshot {
  const lines = text.split("\n");
  const snap: Snapshot = { ...parseSnapshotHeader(lines[0]!), cards: new Map() };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    const row = parseSnapshotRow(line);
    if (!row) throw new Error(`${USAGE_SNAPSHOT} line ${i + 1} is malformed`);
    snap.cards.set(row[0], row[1]);
  }
  return snap;
}

export function renderSnapshot(snap: Snapshot): string {
  const folded = [...snap.folded].map(([name, offset]) => `${name}:${offset}`).join(",");
  const rows = [...snap.cards].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([card, u]) => `${card}\t${u.access_count}\t${u.last_access_day}`);
  return [`${HEADER}\tdecay_epoch=${snap.epoch ?? ""}\tfolded=${folded}`, ...rows].join("\n") + "\n";
}

/** Halves every count once per HALVING_PERIOD_DAYS elapsed since the epoch (never below 1 for a hit card). */
/** How many halvings separate the epoch from today. */
export function halvings(epoch: string | undefined, today: string): number {
  return epoch ? Math.max(0, Math.floor(daysBetween(epoch, today) / HALVING_PERIOD_DAYS)) : 0;
}

/** A count after `periods` halvings (never below 1 for a card that was hit). */
export function decayed(count: number, periods: number): number {
  return periods > 0 ? Math.max(1, Math.ceil(count / 2 ** periods)) : count;
}

export function applyDecay(snap: Snapshot, today: string): void {
  if (!snap.epoch) {
    snap.epoch = today;
    return;
  }
  const periods = halvings(snap.epoch, today);
  if (periods <= 0) return;
  for (const u of snap.cards.values()) u.access_count = decayed(u.access_count, periods);
  const epochMs = dayMs(snap.epoch) + periods * HALVING_PERIOD_DAYS * 86_400_000;
  snap.epoch = utcDay(epochMs);
}

export function stateDir(memoryDir: string): string {
  return joinPath(memoryDir, STATE_DIR);
}
