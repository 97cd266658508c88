import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import type { IndexPlace } from "../core/index-place.js";
import { DEFAULT_READ_CAP, NOT_REGULAR, readRegularUtf8, refusedRead } from "../store/checked-fs.js";
import { sha256Hex, type HistoryEntry } from "../store/history.js";
import { readMachineId } from "../store/machine-id.js";
import { STATE_DIR } from "../store/paths.js";
import { notRealError, realDir } from "../store/safe-write.js";
import { commitFile, syncDirectory } from "../store/write.js";
import { intentProblems } from "./intent-check.js";
import type { Proposal } from "./proposal-files.js";

// The intent file (.memctl/intent.json) of a card write (./commit.ts has the protocol): what it holds, how it is
// written and read back, and where one memctl will not replay goes (.memctl/quarantine/, named by doctor).

export const INTENT_RELPATH = `${STATE_DIR}/intent.json`;
export const QUARANTINE_RELDIR = `${STATE_DIR}/quarantine`;

/** One file's part of a write. `content` null removes the file (to `trash` when given). */
export interface CardChange {
  card: string;
  /** sha256 of the file when the write was planned (null: absent). A file changed since by hand is left alone. */
  before: string | null;
  content: Buffer | null;
  trash?: string;
  /**
   * The card's index line: `line` replaces the line linking `card` (or `from`, for a rename) or is added, at `place`
   * when its neighbours are linked (a revived card's old place: lib/core/index-place.ts), else at the end; null removes.
   */
  index?: { line: string | null; from?: string; place?: IndexPlace };
  entry: HistoryEntry | null;
  /** The bytes `before` hashes, when the planner read them (never written to the intent): the commit's adopt uses them. */
  previous?: Buffer;
}

export interface Intent {
  /** The id of the machine that wrote it (lib/store/machine-id.ts); set by commitIntent. */
  writer?: string;
  changes: CardChange[];
  /** A proposal decided by this write: archived after the card steps. */
  archive?: { proposal: Proposal; event: Record<string, unknown> };
}

export function intentPath(memoryDir: string): string {
  return path.join(memoryDir, ...INTENT_RELPATH.split("/"));
}

/** The intent as written: contents in base64, the planner's `previous` bytes left out. */
export function serializeIntent(intent: Intent): string {
  return (
    JSON.stringify({ ...intent, changes: intent.changes.map(({ previous: _p, ...c }) => ({ ...c, content: c.content === null ? null : c.content.toString("base64") })) }) + "\n"
  );
}

export function clearIntent(memoryDir: string): void {
  fs.rmSync(intentPath(memoryDir), { force: true });
  syncDirectory(path.dirname(intentPath(memoryDir)));
}

export type IntentState =
  | { state: "none" }
  | { state: "ours"; intent: Intent }
  /** Not replayable: why, and the file's text (kept byte for byte when it is set aside). */
  | { state: "refused"; problems: string[]; text: string };

/** What .memctl/intent.json holds: nothing, this machine's unfinished write, or one memctl will not apply. */
export function inspectIntent(memoryDir: string): IntentState {
  let text: string;
  try {
    // Checked on the descriptor read (no link followed, regular only): a file swapped in after a look never is.
    text = readRegularUtf8(intentPath(memoryDir), DEFAULT_READ_CAP, { nofollow: true });
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT") return { state: "none" };
    if (code === "ELOOP" || code === NOT_REGULAR) throw notRealError(INTENT_RELPATH, "file", code === "ELOOP" ? fs.constants.S_IFLNK : undefined);
    throw err;
  }
  return judgeIntent(memoryDir, text);
}

function judgeIntent(memoryDir: string, text: string): IntentState {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { state: "refused", problems: [`it does not parse: ${(err as Error).message}`], text };
  }
  const problems = intentProblems(memoryDir, raw, readMachineId(memoryDir));
  if (problems.length > 0) return { state: "refused", problems, text };
  const parsed = raw as { changes: (Omit<CardChange, "content"> & { content: string | null })[] } & Omit<Intent, "changes">;
  return { state: "ours", intent: { ...parsed, changes: parsed.changes.map((c) => ({ ...c, content: c.content === null ? null : Buffer.from(c.content, "base64") })) } };
}

/** The unfinished write this machine's killed writer left, if any (doctor reports it); undefined for none or a refused one. */
export function readIntent(memoryDir: string): Intent | undefined {
  const found = inspectIntent(memoryDir);
  return found.state === "ours" ? found.intent : undefined;
}

/** Intents memctl will not apply: the pending one, and those set aside in .memctl/quarantine/, each with why. */
export function refusedIntents(memoryDir: string): { file: string; problems: string[] }[] {
  const out: { file: string; problems: string[] }[] = [];
  const pending = inspectIntent(memoryDir);
  if (pending.state === "refused") out.push({ file: INTENT_RELPATH, problems: pending.problems });
  const dir = path.join(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  let names: string[] = [];
  try {
    names = fs
      .readdirSync(dir)
      .filter((n) => /^intent-[0-9a-f]{16}\.json$/.test(n))
      .sort();
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  for (const name of names) {
    let text: string;
    try {
      text = readRegularUtf8(path.join(dir, name), DEFAULT_READ_CAP, { nofollow: true }); // one open checks and reads
    } catch (err) {
      if (systemCode(err) === "ENOENT" || refusedRead(err)) continue;
      throw err;
    }
    const judged = judgeIntent(memoryDir, text);
    out.push({ file: `${QUARANTINE_RELDIR}/${name}`, problems: judged.state === "refused" ? judged.problems : ["set aside by an earlier memctl"] });
  }
  return out;
}

/** Moves a refused intent to .memctl/quarantine/intent-<hash>.json (kept for the owner to inspect), then clears it. */
export async function quarantineIntent(memoryDir: string, text: string): Promise<void> {
  const dir = realDir(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  await commitFile(path.join(dir, `intent-${sha256Hex(text).slice(0, 16)}.json`), text);
  clearIntent(memoryDir);
}
