// What each hook run injected and why (.memctl/why.jsonl): one JSON line per run, read back by `memctl why`.
// Bounded: past WHY_CAP_BYTES the log becomes why.1.jsonl (replacing the one before), so the two never hold more
// than about twice the cap. Prompts are kept as a hash and a language code unless the user opts in to their text
// ([hook] log_prompts = true).
import { readRegularTail } from "./checked-fs.js";
import { encodeUtf8, utf8Text } from "../core/bytes.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { appendRotating, realDir } from "./safe-write.js";

export const WHY_FILE = "why.jsonl";
export const WHY_PREVIOUS_FILE = "why.1.jsonl";
export const WHY_CAP_BYTES = 256 * 1024;

/** One line the block held, and the rule that put it there. */
export interface WhyLine {
  file: string;
  /** "pinned" (priority: always), or the ranking tier with the query terms it matched. */
  rule: string;
  score?: number;
  bytes: number;
}

export interface WhyRecord {
  /** UTC timestamp of the run. */
  at: string;
  host: string;
  /** The host's session id, as its payload named it (absent when the payload had none). */
  session?: string;
  prompt_hash: string;
  /** The prompt itself, only with [hook] log_prompts = true. */
  prompt?: string;
  /**
   * The prompt's language code (lib/rank/languages.ts textLanguage: en, fr, zh, …), never its text: recall keys
   * are asked for in the languages the owner prompts in (lib/keys/prompt-languages.ts).
   */
  prompt_lang?: string;
  /** injected, no-hits, repeat (every relevant line already shown this session), duplicate (another wiring ran it). */
  status: string;
  /** Bytes of the block printed (0 when none). */
  bytes: number;
  budget: { max_bytes: number; max_entries: number };
  lines: WhyLine[];
  /** Relevant or pinned lines left out because this session already saw them. */
  already_shown?: string[];
  /** Deduplication could not run (a state fault): the block was composed without it. */
  dedupe_error?: string;
}

export function whyFile(memoryDir: string): string {
  return joinPath(memoryDir, STATE_DIR, WHY_FILE);
}

/** Appends one record in one write; rotates past the cap. Throws on a fault (the hook logs it and goes on). */
export function appendWhy(memoryDir: string, record: WhyRecord, cap = WHY_CAP_BYTES): void {
  const dir = realDir(memoryDir, STATE_DIR);
  appendRotating(joinPath(dir, WHY_FILE), encodeUtf8(JSON.stringify(record) + "\n"), cap, joinPath(dir, WHY_PREVIOUS_FILE));
}

/** The last `count` records, oldest first (both files; lines that do not parse are skipped). */
export function readWhy(memoryDir: string, count: number): WhyRecord[] {
  const out: WhyRecord[] = [];
  for (const name of [WHY_PREVIOUS_FILE, WHY_FILE]) {
    let lines: string[];
    try {
      // The newest end only: a log over the bound (planted, or written before records were bounded) still reads.
      const tail = readRegularTail(joinPath(memoryDir, STATE_DIR, name), 4 * WHY_CAP_BYTES, { nofollow: true });
      lines = utf8Text(tail.bytes).split("\n");
      if (tail.cut) lines.shift(); // the window's first line may be cut
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        const r: unknown = JSON.parse(line);
        if (isWhyRecord(r)) out.push(r);
      } catch {
        // A torn or foreign line is skipped, never fatal.
      }
    }
  }
  return count > 0 ? out.slice(-count) : [];
}

const str = (v: unknown): v is string => typeof v === "string";
const optStr = (v: unknown) => v === undefined || str(v);
const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
/** What the hook writes for a run's time, status and prompt hash: nothing a page or a terminal could read as markup. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
const WORD = /^[a-z-]{1,32}$/;
const HEX = /^[0-9a-f]{0,64}$/;

/**
 * A record as the hook writes it, field by field. The log is this machine's, but a store kept in a project checkout
 * (or any local process) can plant one, and its values reach `memctl why` and the web view's pages: a number that is
 * a string of markup, or a record without its budget, must be skipped here rather than trusted by every reader.
 */
function isWhyRecord(v: unknown): v is WhyRecord {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  const budget = r.budget as Record<string, unknown> | null;
  return (
    str(r.at) &&
    ISO_TIME.test(r.at) &&
    str(r.host) &&
    optStr(r.session) &&
    str(r.prompt_hash) &&
    HEX.test(r.prompt_hash) &&
    optStr(r.prompt) &&
    optStr(r.prompt_lang) &&
    str(r.status) &&
    WORD.test(r.status) &&
    num(r.bytes) &&
    typeof budget === "object" &&
    budget !== null &&
    num(budget.max_bytes) &&
    num(budget.max_entries) &&
    Array.isArray(r.lines) &&
    r.lines.every(isWhyLine) &&
    (r.already_shown === undefined || (Array.isArray(r.already_shown) && r.already_shown.every(str))) &&
    optStr(r.dedupe_error)
  );
}

function isWhyLine(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return false;
  const l = v as Record<string, unknown>;
  return str(l.file) && str(l.rule) && (l.score === undefined || num(l.score)) && num(l.bytes);
}
