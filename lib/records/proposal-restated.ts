// A pending proposal's restatements: later sessions whose capture said the same thing again, skipped as a
// restatement of it (lib/capture/stage.ts). Each names where it was said (host, session, the user's words) and
// how it was worded then, so the reviewer sees the statement was said again, and the next session's dedupe
// compares against that wording too (a preference reworded a little each session still meets its proposal).
// A proposal file may arrive by memctl sync from another machine, so the field is read as untrusted input: only
// entries a local write would have recorded (the same checks, the same bounds) are ever shown or compared; the
// rest are left out, and the proposal stays readable.
import { descriptionProblem } from "../core/card-rules.js";
import { isValidActor } from "../store/history.js";

/** At most this many restatements on one proposal: enough to show it was said again and again, and a bounded
 * bridge (each recorded wording widens what the next session's dedupe matches). */
export const RESTATED_MAX = 10;
/** A restatement's source is capture's source line: the session tag and at most 160 characters of the user's words. */
export const RESTATED_SOURCE_MAX = 400;

export interface Restatement {
  /** Where it was said again: "<host> session <id>, user message <n>: "<the user's words>"". */
  source: string;
  /** How the capture worded it that time (a card description: one line, at most DESCRIPTION_MAX characters). */
  description: string;
  /** Who recorded it (host:<name>, agent:<id>, …). */
  proposer: string;
  at: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/** Why `r` is not a restatement a local write records, or undefined when it is one. */
export function restatementProblem(r: unknown): string | undefined {
  if (typeof r !== "object" || r === null || Array.isArray(r)) return "not an object";
  const { source, description, proposer, at } = r as Record<string, unknown>;
  if (typeof source !== "string" || source.trim() === "") return "no source";
  if ([...source].length > RESTATED_SOURCE_MAX) return `a source of ${[...source].length} characters; the limit is ${RESTATED_SOURCE_MAX}`;
  if (/[\n\r]/.test(source)) return "a source of more than one line";
  if (typeof description !== "string") return "no description";
  const problem = descriptionProblem(description);
  if (problem) return problem;
  if (/[\n\r]/.test(description)) return "a description of more than one line";
  if (typeof proposer !== "string" || !isValidActor(proposer)) return "not a valid actor (human, system, host:<name>, agent:<id>)";
  if (typeof at !== "string" || !ISO.test(at) || !Number.isFinite(Date.parse(at))) return "no ISO time";
  return undefined;
}

/** The well-formed restatements of a proposal as read from disk, at most RESTATED_MAX, with no other keys. */
export function validRestatements(value: unknown): Restatement[] {
  if (!Array.isArray(value)) return [];
  const out: Restatement[] = [];
  for (const r of value) {
    if (out.length >= RESTATED_MAX) break;
    if (restatementProblem(r) !== undefined) continue;
    const { source, description, proposer, at } = r as Restatement;
    out.push({ source, description, proposer, at });
  }
  return out;
}
