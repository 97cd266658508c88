// lib/records/proposal-files.ts
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { usageError } from "../core/errors.js";
import { appendLine } from "../store/history.js";
import { ensureStateDir } from "../store/lock.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFile } from "../store/write.js";
import { isProposalId } from "./proposal-shape.js";
var PROPOSALS_DIR = `${STATE_DIR}/proposals`;
var ARCHIVE_DIR = `${PROPOSALS_DIR}/archive`;
var PROPOSALS_LOG = `${STATE_DIR}/proposals-log.jsonl`;
async function archiveProposal(memoryDir, decided, event) {
  ensureDirs(memoryDir);
  await commitFile(path.join(memoryDir, ARCHIVE_DIR, `${decided.id}.json`), JSON.stringify(decided, null, 2) + "\n");
  fs.rmSync(proposalPath(memoryDir, decided.id), { force: true });
  logEvent(memoryDir, { event: decided.status, id: decided.id, ...event });
}
function logEvent(memoryDir, event) {
  ensureStateDir(memoryDir);
  appendLine(path.join(memoryDir, PROPOSALS_LOG), JSON.stringify(event) + "\n");
}
function proposalPath(memoryDir, id) {
  if (!isProposalId(id)) throw usageError(`"${id}" is not a proposal id (p-YYYYMMDDTHHMMSSZ-xxxxxx)`);
  return path.join(memoryDir, PROPOSALS_DIR, `${id}.json`);
}
function ensureDirs(memoryDir) {
  realDir(memoryDir, ARCHIVE_DIR);
}
function newProposalId(now) {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `p-${stamp}-${randomBytes(3).toString("hex")}`;
}
export {
  ARCHIVE_DIR,
  PROPOSALS_DIR,
  PROPOSALS_LOG,
  archiveProposal,
  ensureDirs,
  isProposalId,
  logEvent,
  newProposalId,
  proposalPath
};
