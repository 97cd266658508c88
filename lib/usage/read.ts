// The one reader of the usage sidecar: the snapshot decayed to today, plus every log line no fold has counted yet.
// The hook asks for the ~30 cards it ranks (`only`); stats, compress and `context` ask for all of them.
import { access, exists, lstatIfExists, notRegularError, readdirNames, readRegularBytes, readRegularUtf8, R_OK } from "../store/checked-fs.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { utf8Text } from "../core/bytes.js";
import { legacyReader } from "./legacy.js";
import { add, addLogLines, applyDecay, FOLDING, parseSnapshot, USAGE_LOG, USAGE_SNAPSHOT, type CardUsage, type Snapshot } from "./format.js";

export interface UsageRead {
  store: "none" | "tsv" | "error";
  error?: string;
  cards: Map<string, CardUsage>;
  /** Log lines that did not parse (a torn write); reported, never trusted. */
  malformed?: number;
}

/**
 * Per-card usage as of `today` (decay applied exactly as a fold would), for every card or only those in `only`.
 * Never throws: no sidecar → store "none"; unreadable or corrupt → store "error" with no cards.
 */
export function readUsage(memoryDir: string, today: string, only?: ReadonlySet<string>): UsageRead {
  const dir = joinPath(memoryDir, STATE_DIR);
  // exists first: the hook runs this on every prompt, and a thrown ENOENT costs more than the check.
  if (!exists(dir)) return { store: "none", cards: new Map() };
  try {
    let snap: Snapshot = { folded: new Map(), cards: new Map() };
    let found = exists(joinPath(dir, USAGE_SNAPSHOT));
    if (found) snap = parseSnapshot(readRegularUtf8(joinPath(dir, USAGE_SNAPSHOT), undefined, { nofollow: true }), only);
    applyDecay(snap, today);
    const pending = new Map<string, CardUsage>();
    let malformed = 0;
    const legacy = legacyReader(dir);
    for (const name of [...foldingFiles(dir), USAGE_LOG]) {
      const file = joinPath(dir, name);
      if (!exists(file)) continue;
      found = true;
      malformed += addLogLines(pending, unconsumed(file, snap.folded.get(name) ?? 0, false).text, { ...(only ? { only } : {}), legacy });
    }
    for (const [card, u] of pending) add(snap.cards, card, u);
    return { store: found ? "tsv" : "none", cards: snap.cards, ...(malformed ? { malformed } : {}) };
  } catch (err) {
    return { store: "error", error: (err as Error).message, cards: new Map() };
  }
}

/** Folding files of a state directory, oldest first. */
export function foldingFiles(dir: string): string[] {
  return readdirNames(dir)
    .filter((n) => FOLDING.test(n))
    .sort();
}

/**
 * The part of a log file past `offset` (what a fold already counted): complete lines only, unless `all` (a file
 * abandoned with a torn tail, whose writer is long gone). A file that vanished reads as empty.
 */
export function unconsumed(file: string, offset: number, all: boolean): { text: string; end: number } {
  let buf: Uint8Array;
  try {
    // A FIFO or a directory has no size to go by: it is unreadable (stats reports "error"), never an empty log.
    // Not followed: a link planted under a log's name (a store in a project checkout gets its .memctl/ from the
    // project's history) had a file outside read on every prompt and copied into usage.rejected by the next fold.
    const st = lstatIfExists(file);
    if (st === undefined) return { text: "", end: offset };
    if (!st.isFile()) throw notRegularError(file, st.mode);
    if (offset >= st.size) {
      access(file, R_OK); // nothing pending, but a log memctl cannot read is not an empty one
      return { text: "", end: offset };
    }
    buf = readRegularBytes(file, undefined, { nofollow: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { text: "", end: offset };
    throw err;
  }
  const start = Math.min(offset, buf.length);
  const end = all ? buf.length : Math.max(start, buf.lastIndexOf(0x0a) + 1);
  return { text: utf8Text(buf, start, end), end };
}
