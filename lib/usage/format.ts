// The usage sidecar's two text formats (usage.ts has the layout and why it never double counts): usage.log lines,
// "<day>\t<card>\t<card>…", one per printed block; and usage.tsv, a header then "<card>\t<count>\t<day>" rows
// sorted by card. Pure: text in, data out.
import { dayMs, daysBetween, utcDay, type CardUsage } from "../core/frecency.js";
import type { LegacyReader } from "./legacy.js";

export type { CardUsage };
export const USAGE_LOG = "usage.log";
export const USAGE_SNAPSHOT = "usage.tsv";
/** A log a fold renamed aside: usage.<ms>-<pid>.folding. */
export const FOLDING = /^usage\.(\d+)-\d+\.folding$/;
/** Appended (with the fold's ms) to a folding file that was not a regular file: out of FOLDING's pattern, listed by doctor. */
export const SET_ASIDE_SUFFIX = ".set-aside-";
/** A folding name a fold set aside. */
export const SET_ASIDE = /^usage\.\d+-\d+\.folding\.set-aside-\d+$/;
/** Counts halve once per this many days (applied at fold time and, identically, by the reader). */
export const HALVING_PERIOD_DAYS = 30;
const HEADER = "# memctl usage v1";
/** The shape of a UTC day, YYYY-MM-DD (whether it is a real date is checked where it is read). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface Snapshot {
  /** The day the current halving period started. */
  epoch?: string;
  /** Bytes of each folding file already counted in `cards`. */
  folded: Map<string, number>;
  cards: Map<string, CardUsage>;
}

/** A card path the tab-delimited sidecar can hold. */
export function isMeasurable(card: string): boolean {
  return card !== "" && !/[\t\n\r]/.test(card);
}

/** One log line of hits, or undefined when the day is not one or the cards cannot be recorded. */
export function renderLogLine(day: string, cards: readonly string[]): string | undefined {
  return DAY.test(day) && cards.length > 0 ? `${day}\t${cards.join("\t")}\n` : undefined;
}

/**
 * Adds complete log lines to `cards` (each card once per line; with `only`, only those cards); returns how many
 * lines were malformed (a torn or foreign line), each also given to onMalformed. Never trusts such a line. Lines of
 * the previous format ("<day>@<registry>…") are read through `legacy` (lib/usage/legacy.ts).
 */
export function addLogLines(
  cards: Map<string, CardUsage>,
  text: string,
  options: { only?: ReadonlySet<string>; legacy?: LegacyReader; onMalformed?: (line: string) => void } = {},
): number {
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const fields = line.split("\t");
    const at = fields[0]!.indexOf("@");
    const day = at === -1 ? fields[0]! : fields[0]!.slice(0, at);
    const hits = fields.length < 2 || !DAY.test(day) || fields.some((f) => f === "") ? undefined : at === -1 ? fields.slice(1) : options.legacy?.(fields);
    if (!hits) {
      malformed++;
      options.onMalformed?.(line);
      continue;
    }
    for (const card of new Set(hits)) if (!options.only || options.only.has(card)) add(cards, card, { access_count: 1, last_access_day: day });
  }
  return malformed;
}

/** Adds `u` to a card's usage: counts sum, the later day wins. */
export function add(cards: Map<string, CardUsage>, card: string, u: CardUsage): void {
  const had = cards.get(card);
  if (!had) cards.set(card, { ...u });
  else {
    had.access_count += u.access_count;
    if (u.last_access_day > had.last_access_day) had.last_access_day = u.last_access_day;
  }
}

/** Parses usage.tsv; with `only`, reads just those cards' rows (a binary search each). Throws on anything unexpected. */
export function parseSnapshot(text: string, only?: ReadonlySet<string>): Snapshot {
  const newline = text.indexOf("\n");
  const snap: Snapshot = { ...parseHeader(newline === -1 ? text : text.slice(0, newline)), cards: new Map() };
  const from = newline === -1 ? text.length : newline + 1;
  if (only) {
    // One pass comparing each row's card (no split of the whole text): the hook asks for every card its query
    // hit, a thousand at 10,000 cards, where a binary search per card cost more than reading each row once.
    for (let start = from; start < text.length; ) {
      let end = text.indexOf("\n", start);
      if (end === -1) end = text.length;
      const tab = text.indexOf("\t", start);
      const card = text.slice(start, tab === -1 || tab > end ? end : tab);
      if (only.has(card)) snap.cards.set(card, rowUsage(text.slice(start, end), 0));
      start = end + 1;
    }
    return snap;
  }
  text
    .slice(from)
    .split("\n")
    .forEach((row, i) => {
      if (row !== "") snap.cards.set(row.slice(0, row.indexOf("\t")), rowUsage(row, i + 2));
    });
  return snap;
}

function parseHeader(line: string): Pick<Snapshot, "epoch" | "folded"> {
  const fields = line.split("\t");
  if (fields[0] !== HEADER) throw new Error(`${USAGE_SNAPSHOT} has no "${HEADER}" header`);
  const snap: Pick<Snapshot, "epoch" | "folded"> = { folded: new Map() };
  for (const field of fields.slice(1)) {
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
  return snap;
}

/** A row's usage; throws naming the line when it is malformed (a corrupt snapshot is never half-trusted). */
function rowUsage(row: string, lineNo: number): CardUsage {
  const [card, count, day, extra] = row.split("\t");
  const n = Number(count);
  if (!card || extra !== undefined || !count || !Number.isFinite(n) || n < 0 || !day || !DAY.test(day))
    throw new Error(`${USAGE_SNAPSHOT} ${lineNo ? `line ${lineNo}` : `row of ${card}`} is malformed`);
  return { access_count: n, last_access_day: day };
}

export function renderSnapshot(snap: Snapshot): string {
  const folded = [...snap.folded].map(([name, offset]) => `${name}:${offset}`).join(",");
  const rows = [...snap.cards].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([card, u]) => `${card}\t${u.access_count}\t${u.last_access_day}`);
  return [`${HEADER}\tdecay_epoch=${snap.epoch ?? ""}\tfolded=${folded}`, ...rows].join("\n") + "\n";
}

/** Halves every count once per HALVING_PERIOD_DAYS since the epoch (never below 1 for a card that was hit). */
export function applyDecay(snap: Snapshot, today: string): void {
  if (!snap.epoch) {
    snap.epoch = today;
    return;
  }
  const periods = Math.max(0, Math.floor(daysBetween(snap.epoch, today) / HALVING_PERIOD_DAYS));
  if (!(periods > 0)) return;
  for (const u of snap.cards.values()) u.access_count = Math.max(1, Math.ceil(u.access_count / 2 ** periods));
  snap.epoch = utcDay(new Date(dayMs(snap.epoch) + periods * HALVING_PERIOD_DAYS * 86_400_000));
}
