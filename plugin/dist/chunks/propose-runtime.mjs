import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  cardFileOf,
  currentSha,
  findPending,
  isStale,
  proposalCardProblem,
  proposalProblems,
  propose,
  rewritePending
} from "./proposals-propose.mjs";
import "./records-card-find.mjs";
import {
  ARCHIVE_DIR,
  PROPOSALS_DIR,
  PROPOSALS_LOG,
  archiveProposal,
  logEvent,
  newProposalId,
  nextSeq,
  proposalPath,
  readArchived,
  readPending
} from "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./core-card-rules.mjs";
import "./core-index-edit.mjs";
import "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import "./store-lock.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";
export {
  ARCHIVE_DIR,
  PROPOSALS_DIR,
  PROPOSALS_LOG,
  archiveProposal,
  cardFileOf,
  currentSha,
  findPending,
  isStale,
  logEvent,
  newProposalId,
  nextSeq,
  proposalCardProblem,
  proposalPath,
  proposalProblems,
  propose,
  readArchived,
  readPending,
  rewritePending
};
