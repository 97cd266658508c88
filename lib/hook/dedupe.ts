// The hook's session rules and its why record, kept out of run.ts: which lines this session already holds, the
// one-line pointer to them, what to remember after printing, and what the why log says about the run.
import { BLOCK_CLOSE, blockText, type InjectLine } from "../core/block.js";
import type { Budget } from "../config/budget.js";
import type { Injection } from "./inject.js";
import { beginSession, recordShown, sessionKeys, shortHash, type SessionView } from "./session-state.js";
import { sessionSecret } from "../store/session-secret.js";
import type { WhyLine, WhyRecord } from "../store/why-log.js";
import { textLanguage } from "../rank/languages.js";
import { MAX_QUERY_CHARS } from "../rank/tokenize.js";
import { statIfExists } from "../store/checked-fs.js";
import { sessionLabel } from "../core/sanitize.js";
import { utcIso } from "../core/frecency.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";

export interface Dedupe {
  view?: SessionView;
  /** Why deduplication is off for this run (a state fault): the block is composed as without it. */
  error?: string;
}

/** The session's state for this prompt; never throws (a fault turns deduplication off for this run). */
export function startDedupe(
  memoryDir: string,
  host: string,
  sessionId: string | undefined,
  prompt: string,
  nowMs: number,
  io: { env: Record<string, string | undefined>; home: string },
): Dedupe {
  if (!sessionId) return {};
  try {
    // A directory without MEMORY.md is not a store (a mistyped MEMCTL_MEMORY_DIR): the hook writes nothing into it.
    if (statIfExists(joinPath(memoryDir, INDEX_FILE))?.isFile() !== true) return {};
    return { view: beginSession(memoryDir, sessionKeys(sessionSecret(io), host, sessionId), prompt, nowMs) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** The skipLine filter for buildInjection, or undefined when the session has shown nothing yet. */
export function seenFilter(dedupe: Dedupe): ((line: InjectLine) => boolean) | undefined {
  const view = dedupe.view;
  return view && view.seen.size > 0 ? (line) => view.seen.has(view.keys.line(line)) : undefined;
}

const POINTER_NAMES = 4;

/**
 * The block with one line naming relevant cards this session already saw, when it fits the budget; the block as
 * it was otherwise. Nothing new to print stays nothing: the earlier lines are still in the conversation.
 */
export function withPointer(text: string, skipped: readonly InjectLine[], budget: Budget, ceiling: number): string {
  if (text === "") return text;
  const files = [...new Set(skipped.map((l) => l.file))];
  if (files.length === 0) return text;
  const more = files.length > POINTER_NAMES ? `, +${files.length - POINTER_NAMES} more` : "";
  const pointer = `(also relevant, shown earlier this session: ${files
    .slice(0, POINTER_NAMES)
    .map((f) => blockText(f))
    .join(", ")}${more})\n`;
  const closing = BLOCK_CLOSE + "\n";
  if (!text.endsWith(closing) || Buffer.byteLength(text) + Buffer.byteLength(pointer) > Math.min(budget.maxBytes, ceiling)) return text;
  return text.slice(0, text.length - closing.length) + pointer + closing;
}

/** Remembers what this run printed; never throws (returns the fault's message). */
export function rememberShown(dedupe: Dedupe, printed: readonly InjectLine[]): string | undefined {
  if (!dedupe.view) return undefined;
  try {
    recordShown(dedupe.view, printed.map(dedupe.view.keys.line));
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

export interface WhyInput {
  host: string;
  sessionId?: string;
  prompt: string;
  /** shortHash(prompt), when the session state already computed it. */
  promptHash?: string;
  logPrompt: boolean;
  status: string;
  bytes: number;
  budget: Budget;
  now: Date;
  injection?: Injection;
  dedupeError?: string;
}

/** The why record of one run: each printed line with the rule that chose it and its score. */
export function whyRecord(input: WhyInput): WhyRecord {
  const inj = input.injection;
  const lines: WhyLine[] = [];
  if (inj && input.bytes > 0) {
    for (const l of inj.composed.always) lines.push({ file: l.file, rule: "pinned (priority: always)", bytes: Buffer.byteLength(l.text) + 1 });
    for (const l of inj.composed.lines) {
      const r = inj.rankedOf(l);
      const terms = r ? r.matches.map((m) => `${m.term}(${m.fields.join(",")})`).join(" ") : "";
      lines.push({
        file: l.file,
        rule: r ? `${r.tier}${terms ? ": " + terms : ""}${r.sink ? `; ${r.sink}` : ""}` : "relevant",
        ...(r ? { score: Math.round(r.score * 1000) / 1000 } : {}),
        bytes: Buffer.byteLength(l.text) + 1,
      });
    }
  }
  const shown = inj ? [...new Set([...inj.skippedPinned, ...inj.skipped].map((l) => l.file))] : [];
  return {
    at: utcIso(input.now),
    host: input.host,
    // Both bounded: a payload's session id or a pasted prompt of megabytes would make one record larger than
    // readWhy takes, failing `memctl why` and the web view until the log rotated twice more.
    ...(input.sessionId ? { session: sessionLabel(input.sessionId) } : {}),
    prompt_hash: input.promptHash ?? shortHash(input.prompt),
    ...(input.logPrompt ? { prompt: input.prompt.slice(0, MAX_QUERY_CHARS) } : {}),
    // From what ranking reads: a prompt may be 8 MiB of pasted log after the question, read on every run.
    prompt_lang: textLanguage(input.prompt.slice(0, MAX_QUERY_CHARS)),
    status: input.status,
    bytes: input.bytes,
    budget: { max_bytes: input.budget.maxBytes, max_entries: input.budget.maxEntries },
    lines,
    ...(shown.length > 0 ? { already_shown: shown } : {}),
    ...(input.dedupeError ? { dedupe_error: input.dedupeError } : {}),
  };
}
