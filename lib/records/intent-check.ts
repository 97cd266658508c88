import { isValidActor, HISTORY_OPS, type HistoryOp } from "../store/history.js";
import { lexicalProblem, resolveMemoryPath } from "../store/safe-path.js";
import { INDEX_FILE, STATE_DIR } from "../store/paths.js";
import { MemctlError } from "../core/errors.js";
import { isProposalId } from "./proposal-files.js";

// What an intent file may ask the next writer to do. The intent is replayed without a person looking, so it is
// checked like untrusted input: every path is a store-relative file outside memctl's state and git's files (a
// trash target inside .memctl/trash/), reached through no symlink; hashes, texts and history entries have their
// shapes. Every problem is collected, so doctor can name them all at once.

const SHA = /^[0-9a-f]{64}$/;
const TRASH_PREFIX = `${STATE_DIR}/trash/`;

/** Problems with one store-relative path an intent names as a card or note; none when it is safe to write. */
function pathProblems(memoryDir: string, rel: unknown, what: string): string[] {
  if (typeof rel !== "string" || rel === "") return [`${what} is not a path`];
  const lexical = lexicalProblem(rel);
  if (lexical) return [`${what} ${JSON.stringify(rel)}: ${lexical}`];
  if (rel.startsWith("/")) return [`${what} ${JSON.stringify(rel)} is absolute`];
  const first = rel.split("/")[0]!;
  if (first === STATE_DIR || first.startsWith(".git") || rel === INDEX_FILE)
    return [`${what} ${JSON.stringify(rel)} is ${first === STATE_DIR ? "memctl's own state" : rel === INDEX_FILE ? "the index, edited only through an index step" : "git's"}`];
  try {
    resolveMemoryPath(memoryDir, rel);
  } catch (err) {
    return [`${what} ${JSON.stringify(rel)}: ${err instanceof MemctlError ? err.message.replace(/^Error: /, "") : String(err)}`];
  }
  return [];
}

function trashProblems(rel: unknown): string[] {
  if (rel === undefined) return [];
  if (typeof rel !== "string" || !rel.startsWith(TRASH_PREFIX)) return [`trash target ${JSON.stringify(rel)} is not under ${TRASH_PREFIX}`];
  const name = rel.slice(TRASH_PREFIX.length);
  if (name === "" || name.includes("/") || name === "." || name === ".." || lexicalProblem(name)) return [`trash target ${JSON.stringify(rel)} is not one file name`];
  return [];
}

function entryProblems(entry: unknown, card: string, at: string): string[] {
  if (entry === null) return [];
  if (typeof entry !== "object" || Array.isArray(entry)) return [`${at}: history entry is not an object`];
  const e = entry as Record<string, unknown>;
  const ok =
    Number.isInteger(e.rev) &&
    (e.rev as number) >= 1 &&
    e.card === card &&
    HISTORY_OPS.includes(e.op as HistoryOp) &&
    typeof e.actor === "string" &&
    isValidActor(e.actor) &&
    typeof e.at === "string" &&
    (e.sha256 === null || (typeof e.sha256 === "string" && SHA.test(e.sha256))) &&
    Number.isInteger(e.bytes);
  return ok ? [] : [`${at}: history entry is malformed or names another card`];
}

/**
 * Every reason `raw` (a parsed intent file) must not be replayed here; empty when it is this machine's own and
 * every step stays inside the store. `machineId` is this machine's id (undefined: none made yet, so no intent
 * can be its own).
 */
export function intentProblems(memoryDir: string, raw: unknown, machineId: string | undefined): string[] {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return ["the intent is not a JSON object"];
  const o = raw as Record<string, unknown>;
  const problems: string[] = [];
  if (machineId === undefined || o.writer !== machineId) problems.push("it was not written on this machine (it arrived from elsewhere, e.g. through a sync)");
  if (!Array.isArray(o.changes) || o.changes.length === 0) return [...problems, "it lists no changes"];
  for (const [i, change] of (o.changes as unknown[]).entries()) {
    const at = `change ${i + 1}`;
    if (change === null || typeof change !== "object") {
      problems.push(`${at} is not an object`);
      continue;
    }
    const c = change as Record<string, unknown>;
    problems.push(...pathProblems(memoryDir, c.card, `${at} path`));
    if (!(c.before === null || (typeof c.before === "string" && SHA.test(c.before)))) problems.push(`${at}: "before" is not a sha256 or null`);
    if (!(c.content === null || typeof c.content === "string")) problems.push(`${at}: "content" is not base64 text or null`);
    problems.push(...trashProblems(c.trash));
    if (c.index !== undefined) {
      const index = c.index as Record<string, unknown> | null;
      if (index === null || typeof index !== "object") problems.push(`${at}: "index" is not an object`);
      else {
        if (!(index.line === null || (typeof index.line === "string" && !/[\r\n]/.test(index.line)))) problems.push(`${at}: the index line is not one line`);
        if (index.from !== undefined) problems.push(...pathProblems(memoryDir, index.from, `${at} renamed-from path`));
        if (index.place !== undefined && !isPlace(index.place)) problems.push(`${at}: the index line's place is not one or two card names`);
      }
    }
    problems.push(...entryProblems(c.entry, typeof c.card === "string" ? c.card : "", at));
  }
  if (o.archive !== undefined && !isProposalId((o.archive as { proposal?: { id?: unknown } } | null)?.proposal?.id)) problems.push("the proposal it archives has no valid id");
  return problems;
}

/** A revived line's place (lib/core/index-place.ts): card names only looked for in MEMORY.md, each one line. */
function isPlace(place: unknown): boolean {
  if (place === null || typeof place !== "object" || Array.isArray(place)) return false;
  const p = place as Record<string, unknown>;
  return Object.keys(p).every((k) => (k === "after" || k === "before") && typeof p[k] === "string" && !/[\r\n]/.test(p[k] as string));
}
