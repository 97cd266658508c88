// Staging what a session's capture found: each candidate becomes a proposal (lib/proposals/propose.ts: the same
// validation, secret scan and files as `memctl propose`), never a card. A candidate that restates a live card,
// a pending proposal, a decided one or an earlier candidate is dropped; at most `limit` proposals per session,
// counting those an earlier run for the same session staged (Stop and session.idle fire once per turn).
// A candidate dropped as a restatement of a pending proposal is recorded on it (lib/proposals/restate.ts): the
// reviewer sees it was said again, and its wording joins what the next candidates are compared with, so a
// preference reworded a little each session meets its one proposal even when the first and last wordings differ.
import { CARD_TYPES } from "../core/card-types.js";
import { MemctlError } from "../core/errors.js";
import { findCardFile } from "../records/card-find.js";
import type { SecretPolicy } from "../records/secrets.js";
import { propose, readSummaries, type Proposal } from "../proposals/propose.js";
import { recordRestatement, type RestateOutcome } from "../proposals/restate.js";
import { cardSummaries } from "../proposals/review.js";
import type { CardSummary } from "../proposals/content-match.js";
import { readHold } from "../store/hold.js";
import { compareStatements, prepare, sameMainStatement, type Prepared } from "../proposals/similarity.js";

export const DEFAULT_SESSION_LIMIT = 5;
const EXCERPT_MAX = 160;

export interface CaptureCandidate {
  type: string;
  name: string;
  description: string;
  /** The user's own words it came from, and which message. */
  excerpt: string;
  message: number;
  kind: string;
  /** The model's own reason the statement is durable, and its rating (model candidates only). */
  why?: string;
  confidence?: "low" | "medium" | "high";
  /** The verify pass's reason for keeping it (lib/capture/verify.ts), when that pass judged it. */
  verified?: string;
  /** The verify pass's reason to drop it, when it was not sure enough to (lib/capture/verify.ts DEFAULT_DROP_CONFIDENCE). */
  doubted?: string;
}

export interface CaptureSource {
  host: string;
  sessionId: string;
}

export interface StageOptions {
  memoryDir: string;
  actor: string;
  now: Date;
  secrets?: SecretPolicy;
  limit?: number;
}

export interface StageOutcome {
  staged: { id: string; name: string; description: string }[];
  skipped: { name: string; reason: string }[];
}

/** Where a captured proposal came from: host, session and the user's words (cut to EXCERPT_MAX characters). */
export function captureSourceText(src: CaptureSource, c: Pick<CaptureCandidate, "message" | "excerpt">): string {
  const words = c.excerpt.replace(/\s+/g, " ").trim();
  const excerpt = [...words].length > EXCERPT_MAX ? `${[...words].slice(0, EXCERPT_MAX - 1).join("")}…` : words;
  return `${sessionTag(src)}, user message ${c.message}: "${excerpt}"`;
}

function sessionTag(src: CaptureSource): string {
  return `${src.host} session ${src.sessionId}`;
}

export interface StageHow {
  /** The source every proposal names (default: captureSourceText). */
  source?: string;
  /** Also drop what a decided (accepted, rejected) proposal said; default true: a rejected capture stays rejected. */
  includeDecided?: boolean;
  /** Throw a refusal (a secret, a guardrail) instead of recording it as skipped. */
  rethrow?: boolean;
}

export async function stageCaptured(options: StageOptions, src: CaptureSource, candidates: readonly CaptureCandidate[], how: StageHow = {}): Promise<StageOutcome> {
  const outcome: StageOutcome = { staged: [], skipped: [] };
  const limit = options.limit ?? DEFAULT_SESSION_LIMIT;
  const pending = readSummaries(options.memoryDir);
  const decided = how.includeDecided === false ? [] : readSummaries(options.memoryDir, true);
  const tag = `${sessionTag(src)},`;
  // By id: a proposal decided between the two reads (moved into the archive) is in both, and is one proposal.
  let fromSession = new Set([...pending, ...decided].filter((p) => p.source.startsWith(tag)).map((p) => p.id)).size;
  // What a candidate may restate; `pending` names the proposal a restatement is recorded on.
  const known: { what: string; terms: Prepared; pending?: string }[] = [
    ...(await liveCards(options.memoryDir)).map((c) => ({ what: `card ${c.file}`, terms: prepare({ description: c.description }) })),
    ...[...pending, ...decided].flatMap((p) =>
      [p.card.description, ...(p.restated ?? []).map((r) => r.description)]
        .filter((d): d is string => d !== undefined && d !== "")
        .map((d) => ({ what: `proposal ${p.id} (${p.status})`, terms: prepare({ description: d }), ...(p.status === "pending" ? { pending: p.id } : {}) })),
    ),
  ];
  const names = new Set(pending.map((p) => p.card.name));
  for (const c of candidates) {
    if (!(CARD_TYPES as readonly string[]).includes(c.type)) {
      outcome.skipped.push({ name: c.name, reason: `type "${c.type}" is not a card type` });
      continue;
    }
    const terms = prepare({ description: c.description });
    // A model words one preference, restated in another session, with another elaboration each time: the same
    // first clause counts as a restatement too (lib/proposals/similarity.ts sameMainStatement).
    const same = known.find((k) => compareStatements(k.terms, terms)?.relation === "near_duplicate" || sameMainStatement(k.terms, terms));
    if (same) {
      const record = same.pending ? await restatementOn(options, same.pending, src, c, how) : undefined;
      if (record?.recorded) known.push({ ...same, terms });
      outcome.skipped.push({ name: c.name, reason: `restates ${same.what}${record?.note ? `; ${record.note}` : ""}` });
      continue;
    }
    if (fromSession >= limit) {
      outcome.skipped.push({ name: c.name, reason: `this session already has ${limit} captured proposals (the per-session bound)` });
      continue;
    }
    const name = freeName(options.memoryDir, c.name, names);
    try {
      const p: Proposal = await propose(
        { memoryDir: options.memoryDir, actor: options.actor, now: options.now, ...(options.secrets ? { secrets: options.secrets } : {}) },
        {
          card: {
            name,
            type: c.type,
            description: c.description,
            body: `${c.description}\n\nThe user said (${sessionTag(src)}, message ${c.message}):\n\n> ${c.excerpt.replace(/\n/g, "\n> ")}\n${whyLine(c)}`,
          },
          source: how.source ?? captureSourceText(src, c),
          kind: "unverified",
        },
      );
      outcome.staged.push({ id: p.id, name, description: c.description });
      names.add(name);
      known.push({ what: `proposal ${p.id} (pending)`, terms });
      fromSession++;
    } catch (err) {
      if (!(err instanceof MemctlError) || how.rethrow) throw err;
      // The message names the secret's kind, never its text (lib/records/secrets.ts).
      outcome.skipped.push({ name, reason: `${err.code}: ${err.message.split("\n")[0]}` });
    }
  }
  return outcome;
}

const NOTES: Partial<Record<RestateOutcome, string>> = {
  recorded: "recorded on it as said again",
  full: "not recorded on it: it holds as many restatements as it may",
};

/** Records the skipped candidate on the pending proposal it restates; a refusal (a secret, a bad field) is a note, never a failure. */
async function restatementOn(options: StageOptions, id: string, src: CaptureSource, c: CaptureCandidate, how: StageHow): Promise<{ recorded: boolean; note?: string }> {
  try {
    const outcome = await recordRestatement(
      { memoryDir: options.memoryDir, actor: options.actor, now: options.now, ...(options.secrets ? { secrets: options.secrets } : {}) },
      id,
      { source: how.source ?? captureSourceText(src, c), description: c.description, session: `${sessionTag(src)},` },
    );
    return { recorded: outcome === "recorded", ...(NOTES[outcome] ? { note: NOTES[outcome] } : {}) };
  } catch (err) {
    if (!(err instanceof MemctlError)) throw err;
    return { recorded: false, note: `not recorded on it: ${err.code}: ${err.message.split("\n")[0]}` };
  }
}

/** The model's own reasons a candidate lasts, for the reviewer (its words, labelled as the model's, never as the user's). */
function whyLine(c: CaptureCandidate): string {
  const why = c.why ? `\nWhy it should last, as the capture model read it${c.confidence ? ` (confidence ${c.confidence})` : ""}: ${c.why}\n` : "";
  if (c.doubted) return `${why}\nDoubted by the capture model's second reading, not sure enough to drop it: ${c.doubted}\n`;
  return c.verified ? `${why}\nKept by the capture model's second reading: ${c.verified}\n` : why;
}

/** The live card a statement nearly duplicates (its file), or undefined. */
export async function restatedCard(memoryDir: string, description: string): Promise<string | undefined> {
  const terms = prepare({ description });
  return (await liveCards(memoryDir)).find((c) => compareStatements(prepare({ description: c.description }), terms)?.relation === "near_duplicate")?.file;
}

/**
 * The cards a sentence may already be in: not superseded, and not held by a sync (a teammate's card pending review is
 * not in memory, so it neither answers "already in memory" nor shows its name to whoever ran remember).
 */
async function liveCards(memoryDir: string): Promise<CardSummary[]> {
  const hold = readHold(memoryDir);
  return (await cardSummaries(memoryDir)).filter((c) => c.status !== "superseded" && !hold?.held(c.file));
}

/** A new card's name no card or pending proposal has yet (a capture never proposes an edit of a card). */
export function freeName(memoryDir: string, base: string, taken: ReadonlySet<string> = new Set()): string {
  for (let i = 1; i < 100; i++) {
    const name = i === 1 ? base : `${base.slice(0, 76)}-${i}`;
    if (taken.has(name)) continue;
    let exists: boolean;
    try {
      exists = findCardFile(memoryDir, name) !== undefined;
    } catch {
      exists = true;
    }
    if (!exists) return name;
  }
  return `${base.slice(0, 60)}-${Date.now().toString(36)}`;
}
