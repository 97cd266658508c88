// The usage sidecar's pending hits: log lines ("<day>\t<card>…" or compact "<day>@<registry>\t<hits>…", see
// usage.ts), counted into per-card usage, and the not yet folded part of each pending file.
import { isDayShape } from "../core/ascii.js";
import { decodeHits, numbersOf, readRegistry, type CardRegistry } from "./cards.js";
import { readdirNames, readRegularBytes, stat } from "../store/checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import type { CardUsage } from "../core/frecency.js";
import { FOLDING } from "./format.js";

/** Where a compact line's card numbers are looked up: read on first need, at most once per reader. */
export type RegistrySource = () => CardRegistry | undefined;

/**
 * A pending line's day and hit cards, or undefined when malformed. A line is "<day>\t<card>…" (by path) or
 * "<day>@<registry>\t<hits>[\t<card>…]" (card numbers in usage.cards, see usage-cards.ts, then any paths the
 * registry did not number). A compact line against another registry, or naming a number the registry lacks,
 * is malformed: its hits cannot be attributed, and are never attributed to the wrong cards.
 */
export function parsePendingLine(line: string, registry?: RegistrySource): { day: string; cards: string[] } | undefined {
  const fields = line.split("\t");
  if (!fields[0]!.includes("@")) return isDayShape(fields[0]!) && isWhole(fields) ? { day: fields[0]!, cards: fields.slice(1) } : undefined;
  const reg = registry?.();
  const compact = reg && parseCompactLine(fields, reg);
  return compact && { day: compact.day, cards: compact.numbers.map((no) => reg.cards[no]!).concat(compact.paths) };
}

/** At least one hit after the first field, and no empty field. */
function isWhole(fields: readonly string[]): boolean {
  return fields.length >= 2 && !fields.some((f, i) => i > 0 && f === "");
}

/**
 * A compact line's day, card numbers (ascending) and unnumbered paths, when it is well formed for `reg`: its
 * registry, a hits field encodeHits writes, and only numbers the registry has given.
 */
function parseCompactLine(fields: readonly string[], reg: CardRegistry): { day: string; numbers: number[]; paths: string[] } | undefined {
  const head = fields[0]!;
  const at = head.indexOf("@");
  const day = head.slice(0, at);
  if (!isDayShape(day) || head.slice(at + 1) !== reg.id || !isWhole(fields)) return undefined;
  const numbers = decodeHits(fields[1]!)?.all();
  if (!numbers || (numbers.length > 0 && numbers[numbers.length - 1]! >= reg.cards.length)) return undefined;
  return { day, numbers, paths: fields.slice(2) };
}

/** Adds complete pending lines to the counts; returns how many lines were malformed (each also given to onMalformed). */
export function addPending(cards: Map<string, CardUsage>, text: string, registry?: RegistrySource, onMalformed?: (line: string) => void): number {
  let malformed = 0;
  const reject = (line: string) => {
    malformed++;
    onMalformed?.(line);
  };
  // Compact lines are counted by card number in typed arrays and turned into paths once at the end: a fold
  // at 10,000 cards reads dozens of lines of thousands of hits each, too many for a Map update per hit.
  let byNumber: NumberTally | undefined;
  let lineNo = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    lineNo++;
    const tab = line.indexOf("\t");
    const at = tab === -1 ? -1 : line.lastIndexOf("@", tab);
    if (at !== -1) {
      const reg = registry?.();
      if (!reg) {
        reject(line);
        continue;
      }
      byNumber ??= numberTally(reg);
      if (!byNumber.addLine(line, lineNo)) reject(line);
      continue;
    }
    const parsed = parsePendingLine(line, registry);
    if (!parsed) {
      reject(line);
      continue;
    }
    const day = parsed.day;
    for (const card of new Set(parsed.cards)) {
      // A path the registry numbers is counted with that number, so a line never counts a card twice.
      if (byNumber?.countPath(card, lineNo, day)) continue;
      const u = cards.get(card);
      if (!u) cards.set(card, { access_count: 1, last_access_day: day });
      else {
        u.access_count += 1;
        if (day > u.last_access_day) u.last_access_day = day;
      }
    }
  }
  byNumber?.addTo(cards);
  return malformed;
}

interface NumberTally {
  /** Counts a compact line of this registry; false (and nothing counted) when it is malformed. */
  addLine(line: string, lineNo: number): boolean;
  /** Counts a hit by path if the registry numbers the path; false when it does not. */
  countPath(card: string, lineNo: number, day: string): boolean;
  addTo(cards: Map<string, CardUsage>): void;
}

function numberTally(reg: CardRegistry): NumberTally {
  const size = reg.cards.length;
  // Every number maps to the first number naming its path (concurrent appenders can name a path twice).
  const first = numbersOf(reg);
  const canon = new Int32Array(size);
  for (let no = 0; no < size; no++) canon[no] = first.get(reg.cards[no]!)!;
  const count = new Int32Array(size);
  const lastLine = new Int32Array(size);
  const lastDay: string[] = new Array<string>(size).fill("");
  const extra: [card: string, lineNo: number, day: string][] = [];
  const hit = (no: number, lineNo: number, day: string) => {
    const c = canon[no]!;
    if (lastLine[c] === lineNo) return;
    lastLine[c] = lineNo;
    count[c]!++;
    if (day > lastDay[c]!) lastDay[c] = day;
  };
  return {
    addLine(line, lineNo) {
      const compact = parseCompactLine(line.split("\t"), reg);
      if (!compact) return false;
      const { day, numbers, paths } = compact;
      for (let i = 0; i < numbers.length; i++) hit(numbers[i]!, lineNo, day);
      for (let i = 0; i < paths.length; i++) {
        const no = first.get(paths[i]!);
        if (no !== undefined) hit(no, lineNo, day);
        else extra.push([paths[i]!, lineNo, day]);
      }
      return true;
    },
    countPath(card, lineNo, day) {
      const no = first.get(card);
      if (no === undefined) return false;
      hit(no, lineNo, day);
      return true;
    },
    addTo(cards) {
      for (let no = 0; no < size; no++) {
        if (count[no] === 0) continue;
        add(cards, reg.cards[no]!, count[no]!, lastDay[no]!);
      }
      // Unnumbered paths on compact lines, once per line each.
      const seen = new Set<string>();
      for (const [card, lineNo, day] of extra) {
        const key = `${lineNo}\t${card}`;
        if (seen.has(key)) continue;
        seen.add(key);
        add(cards, card, 1, day);
      }
    },
  };
  function add(cards: Map<string, CardUsage>, card: string, n: number, day: string): void {
    const u = cards.get(card);
    if (!u) cards.set(card, { access_count: n, last_access_day: day });
    else {
      u.access_count += n;
      if (day > u.last_access_day) u.last_access_day = day;
    }
  }
}

/** A registry read once, on the first compact line that needs it. */
export function lazyRegistry(memoryDir: string): RegistrySource {
  let loaded: { reg: CardRegistry | undefined } | undefined;
  return () => (loaded ??= { reg: readRegistry(memoryDir) }).reg;
}

/** The part of a pending file not yet folded: complete lines only, unless `all` (an abandoned torn tail). */
export function unconsumed(file: string, offset: number, all: boolean): { text: string; end: number } {
  const size = stat(file).size;
  if (offset >= size) return { text: "", end: size }; // a folded file kept for its grace period: nothing to read
  const buf = readRegularBytes(file);
  const start = Math.min(offset, buf.length);
  const lastNewline = buf.lastIndexOf(0x0a);
  const end = all ? buf.length : Math.max(start, lastNewline + 1);
  return { text: utf8Text(buf, start, end), end };
}

export function foldingFiles(dir: string): string[] {
  // The suffix first: a state directory's usual files are decided without running the pattern.
  return readdirNames(dir)
    .filter((n) => n.endsWith(".folding") && FOLDING.test(n))
    .sort();
}
