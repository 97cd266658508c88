// Where proposals live on disk (.memctl/proposals/*.json, archive/, proposals-log.jsonl), what a proposal holds, its
// id, and the archive step; reading the queue (pages, counts, summaries, numbering) is ./proposal-read.ts.
// Below the proposal feature (lib/proposals/) because a records commit archives the proposal it accepts, also when
// the next writer completes a killed one (lib/records/commit.ts).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { usageError } from "../core/errors.js";
import { appendLine } from "../store/history.js";
import { ensureStateDir } from "../store/lock.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFile } from "../store/write.js";
import type { SaveInput } from "./card-input.js";
import type { CardProvenance } from "./card-input.js";
import type { Restatement } from "./proposal-restated.js";
import { isProposalId } from "./proposal-shape.js";

export const PROPOSALS_DIR = `${STATE_DIR}/proposals`;
export const ARCHIVE_DIR = `${PROPOSALS_DIR}/archive`;
export const PROPOSALS_LOG = `${STATE_DIR}/proposals-log.jsonl`;
export { isProposalId };

/** The card a proposal would write: what `memctl save` takes (recall keys and scope included: accept keeps them). */
export type ProposedCard = Pick<SaveInput, "name" | "type" | "description" | "body" | "topics" | "recall" | "scope">;

export type ProposalStatus = "pending" | "accepted" | "rejected" | "merged";

export interface Proposal {
  id: string;
  /** Staging order in this store (1-based, assigned under the lock): ties on created_at are broken by it. */
  seq: number;
  status: ProposalStatus;
  /** Who proposed it: human, host:<name>, agent:<id>. */
  proposer: string;
  created_at: string;
  source: string;
  provenance: CardProvenance;
  card: ProposedCard;
  /** The existing card file this updates, or null for a new card. */
  target: string | null;
  /** sha256 of the target's bytes when proposed (null for a new card): a changed card makes the proposal stale. */
  base_sha256: string | null;
  /** Proposals with the same content folded into this one by consolidate: who else proposed it, from where. */
  merged?: { id: string; proposer: string; source: string; created_at: string }[];
  /** Later sessions that said the same again, which capture skipped as restatements of it (./proposal-restated.ts). */
  restated?: Restatement[];
  /** Set when decided. */
  decided_at?: string;
  decided_by?: string;
  reason?: string;
  card_file?: string;
  rev?: number;
  merged_into?: string;
}

/**
 * Moves a pending proposal to the archive with its decision, and logs it. The caller holds the store lock.
 * The archive copy is written first, then the pending file removed: a crash in between leaves both, never neither.
 */
export async function archiveProposal(memoryDir: string, decided: Proposal, event: Record<string, unknown>): Promise<void> {
  ensureDirs(memoryDir);
  await commitFile(path.join(memoryDir, ARCHIVE_DIR, `${decided.id}.json`), JSON.stringify(decided, null, 2) + "\n");
  fs.rmSync(proposalPath(memoryDir, decided.id), { force: true });
  logEvent(memoryDir, { event: decided.status, id: decided.id, ...event });
}

export function logEvent(memoryDir: string, event: Record<string, unknown>): void {
  ensureStateDir(memoryDir);
  appendLine(path.join(memoryDir, PROPOSALS_LOG), JSON.stringify(event) + "\n");
}

export function proposalPath(memoryDir: string, id: string): string {
  if (!isProposalId(id)) throw usageError(`"${id}" is not a proposal id (p-YYYYMMDDTHHMMSSZ-xxxxxx)`);
  return path.join(memoryDir, PROPOSALS_DIR, `${id}.json`);
}

/** .memctl/proposals/archive/ as real directories: a link there would put proposals outside the store. */
export function ensureDirs(memoryDir: string): void {
  realDir(memoryDir, ARCHIVE_DIR);
}

/** A new proposal id: the UTC second it was staged and 6 random hex digits, so names sort in staging order. */
export function newProposalId(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `p-${stamp}-${randomBytes(3).toString("hex")}`;
}
