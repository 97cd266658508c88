// What each hook run injected and why (.memctl/why.jsonl): one JSON line per run, read back by `memctl why`.
// Bounded: past WHY_CAP_BYTES the log becomes why.1.jsonl (replacing the one before), so the two never hold more
// than about twice the cap. Prompts are kept as a hash and a language code unless the user opts in to their text
// ([hook] log_prompts = true).
import fs from "node:fs";
import { close, fstat, lstatIfExists, readRegular, writeBytes } from "./checked-fs.js";
import { encodeUtf8, utf8Text } from "../core/bytes.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { openAppend, realDir } from "./safe-write.js";

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
  const file = joinPath(dir, WHY_FILE);
  const data = encodeUtf8(JSON.stringify(record) + "\n");
  const fd = openAppend(file);
  let size: number;
  let ino: number;
  try {
    let written = 0;
    while (written < data.length) written += writeBytes(fd, data, written, data.length - written);
    const st = fstat(fd);
    size = st.size;
    ino = st.ino;
  } finally {
    close(fd);
  }
  // Rotate only the file we wrote to: a concurrent run that rotated first leaves a fresh log in place.
  if (size > cap && lstatIfExists(file)?.ino === ino) fs.renameSync(file, joinPath(dir, WHY_PREVIOUS_FILE));
}

/** The last `count` records, oldest first (both files; lines that do not parse are skipped). */
export function readWhy(memoryDir: string, count: number): WhyRecord[] {
  const out: WhyRecord[] = [];
  for (const name of [WHY_PREVIOUS_FILE, WHY_FILE]) {
    let text: string;
    try {
      text = utf8Text(readRegular(joinPath(memoryDir, STATE_DIR, name), 4 * WHY_CAP_BYTES, { nofollow: true }).bytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line) as WhyRecord;
        if (r && typeof r === "object" && typeof r.at === "string" && Array.isArray(r.lines)) out.push(r);
      } catch {
        // A torn or foreign line is skipped, never fatal.
      }
    }
  }
  return count > 0 ? out.slice(-count) : [];
}
