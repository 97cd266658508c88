import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { withDefaults } from "../records/guardrails.js";
import { isValidActor, sha256Hex } from "../store/history.js";
import { withStoreLock } from "../store/lock.js";
import { CARD_TYPES, descriptionProblem, DESCRIPTION_MAX, hiddenTextProblem } from "../core/card-rules.js";
import { cardFileProblem, cardNameProblem, provenanceProblems, type CardProvenance } from "../records/card-input.js";
import { findCardFile } from "../records/card-find.js";
import { recallKeyProblems } from "../core/recall-keys.js";
import { scopeProblems } from "../core/scope.js";
import { assertNoSecrets, warmSecretScan, type SecretPolicy } from "../records/secrets.js";
import { commitFile, type CommitOptions } from "../store/write.js";
import {
  ARCHIVE_DIR,
  archiveProposal,
  ensureDirs,
  logEvent,
  newProposalId,
  PROPOSALS_DIR,
  PROPOSALS_LOG,
  proposalPath,
  type Proposal,
  type ProposalStatus,
  type ProposedCard,
} from "../records/proposal-files.js";
import { countPending, nextSeq, readMatching } from "../records/proposal-read.js";

export { newProposalId } from "../records/proposal-files.js";
export {
  nextSeq,
  pendingPageOf,
  readArchived,
  readPending,
  readPendingPage,
  readSummaries,
  type PendingPage,
  type ProposalsRead,
} from "../records/proposal-read.js";
export { ARCHIVE_DIR, archiveProposal, logEvent, PROPOSALS_DIR, PROPOSALS_LOG, proposalPath, type Proposal, type ProposalStatus, type ProposedCard };

// The proposal boundary (seed 002: propose → consolidate → own). Anyone — agents and read-only hosts
// included — may stage a candidate card here; only the owner promotes it (lib/proposals/decide.ts).
// One JSON file per pending proposal under .memctl/proposals/, decided ones move to archive/, and every
// event is one line of .memctl/proposals-log.jsonl, so nothing is silently lost.

export interface ProposeInput {
  card: ProposedCard;
  source?: string;
  kind?: string;
  confidence?: number;
}

export interface ProposeContext {
  memoryDir: string;
  actor: string;
  now: Date;
  lockTimeoutMs?: number;
  /** The documented pause point (tests kill a proposer there). */
  commit?: CommitOptions;
  /** The `[secrets] allow` list; every proposal is scanned whether or not it is given. */
  secrets?: SecretPolicy;
}

/** Validates the input in one pass; every problem is reported together. */
export function proposalProblems(input: ProposeInput, isNew: boolean): { code: string; problems: string[] } {
  const problems: string[] = [];
  const c = input.card;
  if (input.source === undefined || input.source.trim() === "") {
    return {
      code: ERROR_CODES.E_NO_SOURCE,
      problems: [
        'a proposal must name its source (--source "where this was learned": a file, URL, conversation, command output); a claim that cannot name its source is not staged',
      ],
    };
  }
  if (c.type !== undefined && !(CARD_TYPES as readonly string[]).includes(c.type)) problems.push(`-t ${c.type} is not a card type; use one of ${CARD_TYPES.join(", ")}`);
  if (isNew && c.type === undefined) problems.push(`card "${c.name}" does not exist yet: give its type with -t (${CARD_TYPES.join(", ")})`);
  if (isNew && c.description === undefined) problems.push(`card "${c.name}" does not exist yet: give its one-line description with -d`);
  if (c.description !== undefined) {
    const problem = descriptionProblem(c.description);
    if (problem) problems.push(problem);
  }
  problems.push(...provenanceProblems({ kind: (input.kind ?? "unverified") as CardProvenance["kind"], confidence: input.confidence, source: input.source }));
  const keyProblems = recallKeyProblems(c.recall).map((p) => p.message);
  if (problems.length === 0 && keyProblems.length > 0) return { code: ERROR_CODES.E_RECALL_KEYS, problems: keyProblems };
  problems.push(...keyProblems);
  const scopeMessages = scopeProblems(c.scope).map((p) => p.message);
  if (problems.length === 0 && scopeMessages.length > 0) return { code: ERROR_CODES.E_SCOPE, problems: scopeMessages };
  problems.push(...scopeMessages);
  const tooLong = c.description !== undefined && [...c.description].length > DESCRIPTION_MAX;
  return { code: tooLong && problems.length === 1 ? ERROR_CODES.E_DESCRIPTION_TOO_LONG : ERROR_CODES.E_USAGE, problems };
}

/** Stages one proposal: one new file, written atomically under the store lock, and one log line. */
export async function propose(ctx: ProposeContext, input: ProposeInput): Promise<Proposal> {
  if (!isValidActor(ctx.actor)) throw usageError(`actor "${ctx.actor}" is not one of human, system, host:<name>, agent:<id>`);
  await warmSecretScan(JSON.stringify(input));
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      const nameProblem = proposalCardProblem(input.card.name, null);
      if (nameProblem) throw usageError(nameProblem);
      const target = findCardFile(ctx.memoryDir, input.card.name) ?? null;
      const problem = target === null ? cardNameProblem(input.card.name) : proposalCardProblem(input.card.name, target);
      if (problem) throw usageError(problem);
      const { code, problems } = proposalProblems(input, target === null);
      if (problems.length > 0) throw new MemctlError(code, problems.join("\n"), { problems, limit: DESCRIPTION_MAX });
      const c0 = input.card;
      const hidden = hiddenTextProblem(
        [c0.name, c0.description ?? "", ...(c0.topics ?? []), ...(c0.recall ?? []), ...(c0.scope ?? []), input.source ?? "", c0.body ?? ""].join("\n"),
      );
      if (hidden) throw new MemctlError(ERROR_CODES.E_CARD_RULES, `the proposal ${hidden.replace(/^it /, "")}. Nothing was staged.`, { problems: [hidden] });
      const provenance: CardProvenance = {
        kind: (input.kind ?? "unverified") as CardProvenance["kind"],
        ...(input.confidence !== undefined ? { confidence: input.confidence } : {}),
        source: input.source!.trim(),
      };
      const proposal: Proposal = {
        id: newProposalId(ctx.now),
        seq: nextSeq(ctx.memoryDir),
        status: "pending",
        proposer: ctx.actor,
        created_at: ctx.now.toISOString(),
        source: provenance.source,
        provenance,
        card: dropUndefined(input.card),
        target,
        base_sha256: target === null ? null : sha256Hex(fs.readFileSync(path.join(ctx.memoryDir, target))),
      };
      const file = proposalFile(proposal);
      checkQueueLimits(ctx.memoryDir, file);
      const c = proposal.card;
      await assertNoSecrets(
        [c.name, c.description ?? "", ...(c.topics ?? []), ...(c.recall ?? []), ...(c.scope ?? []), proposal.source, c.body ?? ""].join("\n"),
        ctx.secrets,
        "the proposal (name, description, topics, recall keys, scope, source, then body)",
      );
      ensureDirs(ctx.memoryDir);
      await commitFile(proposalPath(ctx.memoryDir, proposal.id), file, ctx.commit);
      logEvent(ctx.memoryDir, {
        event: "proposed",
        id: proposal.id,
        actor: ctx.actor,
        at: proposal.created_at,
        card: proposal.target ?? newCardFile(proposal),
        source: proposal.source,
        kind: provenance.kind,
      });
      return proposal;
    },
    { timeoutMs: ctx.lockTimeoutMs },
  );
}

/** A pending proposal by id (or a unique id prefix); E_NOT_FOUND says whether it was already decided. */
export function findPending(memoryDir: string, idOrPrefix: string): Proposal {
  // Only the files whose names match are read: the queue may hold 2,000 of a card's size.
  const hits = readMatching(memoryDir, idOrPrefix);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) throw usageError(`"${idOrPrefix}" matches ${hits.length} proposals (${hits.map((p) => p.id).join(", ")}); give more of the id`);
  const decided = readMatching(memoryDir, idOrPrefix, true)[0];
  if (decided)
    throw new MemctlError(
      ERROR_CODES.E_NOT_FOUND,
      `proposal ${decided.id} was already ${decided.status}${decided.decided_at ? ` at ${decided.decided_at}` : ""}${decided.reason ? ` (${decided.reason})` : ""}; it is kept in ${ARCHIVE_DIR}/`,
      { id: decided.id, status: decided.status },
    );
  throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no pending proposal "${idOrPrefix}"; list them with memctl review`, { id: idOrPrefix });
}

/** Rewrites a pending proposal (consolidate records merges on it). The caller holds the store lock. */
export async function rewritePending(memoryDir: string, proposal: Proposal, file = proposalFile(proposal)): Promise<void> {
  await commitFile(proposalPath(memoryDir, proposal.id), file);
}

/** A proposal's file bytes, serialized once for both the size rule and the write. */
export function proposalFile(proposal: Proposal): Buffer {
  return Buffer.from(JSON.stringify(proposal, null, 2) + "\n", "utf8");
}

/** A proposal as one page showed it: a form that posts it back accepts only these bytes (the web view). */
export function proposalMark(proposal: Proposal): string {
  return sha256Hex(proposalFile(proposal));
}

/** The staging area's size rule: a proposal file may be no bigger than a card file (the card file limit). */
export function proposalFileFits(file: Uint8Array): boolean {
  return file.length <= withDefaults().maxFileBytes;
}

/**
 * Why a proposal (proposed, or staged on disk and maybe edited since) does not name a card, or undefined: its
 * name must be a card name or a card file, and what it names (`target`) a card file at the store root —
 * never MEMORY.md, episodes, .memctl/, a subfolder note or anything outside.
 */
export function proposalCardProblem(name: unknown, target: string | null): string | undefined {
  if (typeof name !== "string" || (cardNameProblem(name) !== undefined && cardFileProblem(name) !== undefined)) {
    return `a proposal must name a card: ${JSON.stringify(name)} is neither a card name (1-80 letters, digits, . _ -) nor a card file (<type>_<name>.md at the top of the memory directory); MEMORY.md, episodes, .memctl/ and paths cannot be proposed`;
  }
  if (target !== null && cardFileProblem(target) !== undefined) {
    return `a proposal must name a card: "${name}" names ${target}, which is not a card (cards are <type>_<name>.md at the top of the memory directory, type one of ${CARD_TYPES.join(", ")})`;
  }
  return undefined;
}

/** The card file a proposal writes: its target, or `<type>_<name>.md` for a new card. */
export function cardFileOf(p: Proposal): string {
  return p.target ?? newCardFile(p);
}

/** The sha256 of the card the proposal would change, as it is now (null when there is none). */
export function currentSha(memoryDir: string, p: Proposal): string | null {
  const file = findCardFileSafe(memoryDir, p.card.name);
  if (file === undefined) return null;
  try {
    return sha256Hex(fs.readFileSync(path.join(memoryDir, file)));
  } catch {
    return null;
  }
}

function findCardFileSafe(memoryDir: string, name: string): string | undefined {
  try {
    return findCardFile(memoryDir, name);
  } catch {
    return undefined;
  }
}

/**
 * The staging area is outside the store's guardrails (.memctl/ is not counted), so it gets its own: one
 * proposal no bigger than a card may be, and at most as many pending proposals as a store may hold cards —
 * an agent in a loop cannot fill the disk; it is told the owner must review first.
 */
function checkQueueLimits(memoryDir: string, file: Uint8Array): void {
  const limits = withDefaults();
  if (!proposalFileFits(file))
    throw new MemctlError(
      ERROR_CODES.E_GUARDRAIL,
      `the proposal is ${file.length} bytes; a proposal may be at most ${limits.maxFileBytes} (the card file limit). Propose a shorter card.`,
      { bytes: file.length, limit: limits.maxFileBytes },
    );
  const pending = countPending(memoryDir);
  if (pending >= limits.maxFiles)
    throw new MemctlError(
      ERROR_CODES.E_GUARDRAIL,
      `${pending} proposals already await review (the limit is ${limits.maxFiles}); nothing was staged. The owner must review them first (memctl review, memctl consolidate).`,
      { pending, limit: limits.maxFiles },
    );
}

function newCardFile(p: Proposal): string {
  return `${p.card.type ?? "unknown"}_${p.card.name}.md`;
}

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
