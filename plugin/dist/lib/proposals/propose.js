// lib/proposals/propose.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { withDefaults } from "../records/guardrails.js";
import { isValidActor, sha256Hex } from "../store/history.js";
import { withStoreLock } from "../store/lock.js";
import { CARD_TYPES, descriptionProblem, DESCRIPTION_MAX, hiddenTextProblem } from "../core/card-rules.js";
import { cardFileProblem, cardNameProblem, provenanceProblems } from "../records/card-input.js";
import { findCardFile } from "../records/card-find.js";
import { recallKeyProblems } from "../core/recall-keys.js";
import { scopeProblems } from "../core/scope.js";
import { assertNoSecrets, warmSecretScan } from "../records/secrets.js";
import { commitFile } from "../store/write.js";
import {
  ARCHIVE_DIR,
  archiveProposal,
  ensureDirs,
  logEvent,
  newProposalId,
  PROPOSALS_DIR,
  PROPOSALS_LOG,
  proposalPath
} from "../records/proposal-files.js";
import { countPending, nextSeq, readMatching } from "../records/proposal-read.js";
import { newProposalId as newProposalId2 } from "../records/proposal-files.js";
import {
  nextSeq as nextSeq2,
  pendingPageOf,
  readArchived,
  readPending,
  readPendingPage,
  readSummaries
} from "../records/proposal-read.js";
function proposalProblems(input, isNew) {
  const problems = [];
  const c = input.card;
  if (input.source === void 0 || input.source.trim() === "") {
    return {
      code: ERROR_CODES.E_NO_SOURCE,
      problems: [
        'a proposal must name its source (--source "where this was learned": a file, URL, conversation, command output); a claim that cannot name its source is not staged'
      ]
    };
  }
  if (c.type !== void 0 && !CARD_TYPES.includes(c.type)) problems.push(`-t ${c.type} is not a card type; use one of ${CARD_TYPES.join(", ")}`);
  if (isNew && c.type === void 0) problems.push(`card "${c.name}" does not exist yet: give its type with -t (${CARD_TYPES.join(", ")})`);
  if (isNew && c.description === void 0) problems.push(`card "${c.name}" does not exist yet: give its one-line description with -d`);
  if (c.description !== void 0) {
    const problem = descriptionProblem(c.description);
    if (problem) problems.push(problem);
  }
  problems.push(...provenanceProblems({ kind: input.kind ?? "unverified", confidence: input.confidence, source: input.source }));
  const keyProblems = recallKeyProblems(c.recall).map((p) => p.message);
  if (problems.length === 0 && keyProblems.length > 0) return { code: ERROR_CODES.E_RECALL_KEYS, problems: keyProblems };
  problems.push(...keyProblems);
  const scopeMessages = scopeProblems(c.scope).map((p) => p.message);
  if (problems.length === 0 && scopeMessages.length > 0) return { code: ERROR_CODES.E_SCOPE, problems: scopeMessages };
  problems.push(...scopeMessages);
  const tooLong = c.description !== void 0 && [...c.description].length > DESCRIPTION_MAX;
  return { code: tooLong && problems.length === 1 ? ERROR_CODES.E_DESCRIPTION_TOO_LONG : ERROR_CODES.E_USAGE, problems };
}
async function propose(ctx, input) {
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
        [c0.name, c0.description ?? "", ...c0.topics ?? [], ...c0.recall ?? [], ...c0.scope ?? [], input.source ?? "", c0.body ?? ""].join("\n")
      );
      if (hidden) throw new MemctlError(ERROR_CODES.E_CARD_RULES, `the proposal ${hidden.replace(/^it /, "")}. Nothing was staged.`, { problems: [hidden] });
      const provenance = {
        kind: input.kind ?? "unverified",
        ...input.confidence !== void 0 ? { confidence: input.confidence } : {},
        source: input.source.trim()
      };
      const proposal = {
        id: newProposalId(ctx.now),
        seq: nextSeq(ctx.memoryDir),
        status: "pending",
        proposer: ctx.actor,
        created_at: ctx.now.toISOString(),
        source: provenance.source,
        provenance,
        card: dropUndefined(input.card),
        target,
        base_sha256: target === null ? null : sha256Hex(fs.readFileSync(path.join(ctx.memoryDir, target)))
      };
      const file = proposalFile(proposal);
      checkQueueLimits(ctx.memoryDir, file);
      const c = proposal.card;
      await assertNoSecrets(
        [c.name, c.description ?? "", ...c.topics ?? [], ...c.recall ?? [], ...c.scope ?? [], proposal.source, c.body ?? ""].join("\n"),
        ctx.secrets,
        "the proposal (name, description, topics, recall keys, scope, source, then body)"
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
        kind: provenance.kind
      });
      return proposal;
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
function findPending(memoryDir, idOrPrefix) {
  const hits = readMatching(memoryDir, idOrPrefix);
  if (hits.length === 1) return hits[0];
  if (hits.length > 1) throw usageError(`"${idOrPrefix}" matches ${hits.length} proposals (${hits.map((p) => p.id).join(", ")}); give more of the id`);
  const decided = readMatching(memoryDir, idOrPrefix, true)[0];
  if (decided)
    throw new MemctlError(
      ERROR_CODES.E_NOT_FOUND,
      `proposal ${decided.id} was already ${decided.status}${decided.decided_at ? ` at ${decided.decided_at}` : ""}${decided.reason ? ` (${decided.reason})` : ""}; it is kept in ${ARCHIVE_DIR}/`,
      { id: decided.id, status: decided.status }
    );
  throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no pending proposal "${idOrPrefix}"; list them with memctl review`, { id: idOrPrefix });
}
async function rewritePending(memoryDir, proposal, file = proposalFile(proposal)) {
  await commitFile(proposalPath(memoryDir, proposal.id), file);
}
function proposalFile(proposal) {
  return Buffer.from(JSON.stringify(proposal, null, 2) + "\n", "utf8");
}
function proposalMark(proposal) {
  return sha256Hex(proposalFile(proposal));
}
function proposalFileFits(file) {
  return file.length <= withDefaults().maxFileBytes;
}
function proposalCardProblem(name, target) {
  if (typeof name !== "string" || cardNameProblem(name) !== void 0 && cardFileProblem(name) !== void 0) {
    return `a proposal must name a card: ${JSON.stringify(name)} is neither a card name (1-80 letters, digits, . _ -) nor a card file (<type>_<name>.md at the top of the memory directory); MEMORY.md, episodes, .memctl/ and paths cannot be proposed`;
  }
  if (target !== null && cardFileProblem(target) !== void 0) {
    return `a proposal must name a card: "${name}" names ${target}, which is not a card (cards are <type>_<name>.md at the top of the memory directory, type one of ${CARD_TYPES.join(", ")})`;
  }
  return void 0;
}
function cardFileOf(p) {
  return p.target ?? newCardFile(p);
}
function currentSha(memoryDir, p) {
  const file = findCardFileSafe(memoryDir, p.card.name);
  if (file === void 0) return null;
  try {
    return sha256Hex(fs.readFileSync(path.join(memoryDir, file)));
  } catch {
    return null;
  }
}
function findCardFileSafe(memoryDir, name) {
  try {
    return findCardFile(memoryDir, name);
  } catch {
    return void 0;
  }
}
function checkQueueLimits(memoryDir, file) {
  const limits = withDefaults();
  if (!proposalFileFits(file))
    throw new MemctlError(
      ERROR_CODES.E_GUARDRAIL,
      `the proposal is ${file.length} bytes; a proposal may be at most ${limits.maxFileBytes} (the card file limit). Propose a shorter card.`,
      { bytes: file.length, limit: limits.maxFileBytes }
    );
  const pending = countPending(memoryDir);
  if (pending >= limits.maxFiles)
    throw new MemctlError(
      ERROR_CODES.E_GUARDRAIL,
      `${pending} proposals already await review (the limit is ${limits.maxFiles}); nothing was staged. The owner must review them first (memctl review, memctl consolidate).`,
      { pending, limit: limits.maxFiles }
    );
}
function newCardFile(p) {
  return `${p.card.type ?? "unknown"}_${p.card.name}.md`;
}
function dropUndefined(o) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== void 0));
}
export {
  ARCHIVE_DIR,
  PROPOSALS_DIR,
  PROPOSALS_LOG,
  archiveProposal,
  cardFileOf,
  currentSha,
  findPending,
  logEvent,
  newProposalId2 as newProposalId,
  nextSeq2 as nextSeq,
  pendingPageOf,
  proposalCardProblem,
  proposalFile,
  proposalFileFits,
  proposalMark,
  proposalPath,
  proposalProblems,
  propose,
  readArchived,
  readPending,
  readPendingPage,
  readSummaries,
  rewritePending
};
