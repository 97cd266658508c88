import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  descriptionProblem
} from "./core-card-rules.mjs";
import {
  appendLine,
  isValidActor
} from "./store-history.mjs";
import {
  commitFile,
  ensureStateDir,
  readHold,
  realDir
} from "./core-index-file.mjs";
import {
  STATE_DIR
} from "./store-paths.mjs";
import {
  systemCode,
  usageError
} from "./core-errors.mjs";

// lib/records/proposal-files.ts
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// lib/records/proposal-restated.ts
var RESTATED_MAX = 10;
var RESTATED_SOURCE_MAX = 400;
var ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
function restatementProblem(r) {
  if (typeof r !== "object" || r === null || Array.isArray(r)) return "not an object";
  const { source, description, proposer, at } = r;
  if (typeof source !== "string" || source.trim() === "") return "no source";
  if ([...source].length > RESTATED_SOURCE_MAX) return `a source of ${[...source].length} characters; the limit is ${RESTATED_SOURCE_MAX}`;
  if (/[\n\r]/.test(source)) return "a source of more than one line";
  if (typeof description !== "string") return "no description";
  const problem = descriptionProblem(description);
  if (problem) return problem;
  if (/[\n\r]/.test(description)) return "a description of more than one line";
  if (typeof proposer !== "string" || !isValidActor(proposer)) return "not a valid actor (human, system, host:<name>, agent:<id>)";
  if (typeof at !== "string" || !ISO.test(at) || !Number.isFinite(Date.parse(at))) return "no ISO time";
  return void 0;
}
function validRestatements(value) {
  if (!Array.isArray(value)) return [];
  const out = [];
  for (const r of value) {
    if (out.length >= RESTATED_MAX) break;
    if (restatementProblem(r) !== void 0) continue;
    const { source, description, proposer, at } = r;
    out.push({ source, description, proposer, at });
  }
  return out;
}

// lib/records/proposal-files.ts
var PROPOSALS_DIR = `${STATE_DIR}/proposals`;
var ARCHIVE_DIR = `${PROPOSALS_DIR}/archive`;
var PROPOSALS_LOG = `${STATE_DIR}/proposals-log.jsonl`;
var ID = /^p-\d{8}T\d{6}Z-[0-9a-f]{6}$/;
function isProposalId(id) {
  return typeof id === "string" && ID.test(id);
}
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
  if (!ID.test(id)) throw usageError(`"${id}" is not a proposal id (p-YYYYMMDDTHHMMSSZ-xxxxxx)`);
  return path.join(memoryDir, PROPOSALS_DIR, `${id}.json`);
}
function ensureDirs(memoryDir) {
  realDir(memoryDir, ARCHIVE_DIR);
}
function readPending(memoryDir) {
  const hold = readHold(memoryDir);
  const quarantined = (name) => {
    const held = hold?.held(`${PROPOSALS_DIR}/${name}`);
    return held?.state === "quarantined" ? held.reasons : void 0;
  };
  return readDir(path.join(memoryDir, PROPOSALS_DIR), quarantined);
}
function readArchived(memoryDir) {
  return readDir(path.join(memoryDir, ARCHIVE_DIR));
}
function nextSeq(memoryDir) {
  const all = [...readPending(memoryDir).proposals, ...readArchived(memoryDir).proposals];
  return all.reduce((max, p) => Math.max(max, Number.isInteger(p.seq) ? p.seq : 0), 0) + 1;
}
function newProposalId(now) {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `p-${stamp}-${randomBytes(3).toString("hex")}`;
}
function readDir(dir, quarantined = () => void 0) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { proposals: [], unreadable: [] };
    return { proposals: [], unreadable: [{ file: dir, reason: err.message }] };
  }
  const proposals = [];
  const unreadable = [];
  for (const name of names.sort()) {
    if (!name.endsWith(".json") || name.startsWith(".")) continue;
    const reasons = quarantined(name);
    if (reasons) {
      unreadable.push({ file: name, reason: `quarantined when it arrived through memctl sync (${reasons.join("; ")}); memctl doctor lists it` });
      continue;
    }
    try {
      const p = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
      if (typeof p.id !== "string" || `${p.id}.json` !== name || typeof p.card?.name !== "string") throw new Error("not a proposal (id, card.name)");
      if (p.restated !== void 0) {
        const restated = validRestatements(p.restated);
        if (restated.length > 0) p.restated = restated;
        else delete p.restated;
      }
      proposals.push(p);
    } catch (err) {
      unreadable.push({ file: name, reason: err.message });
    }
  }
  proposals.sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.seq ?? 0) - (b.seq ?? 0) || a.id.localeCompare(b.id));
  return { proposals, unreadable };
}

export {
  RESTATED_MAX,
  restatementProblem,
  validRestatements,
  PROPOSALS_DIR,
  ARCHIVE_DIR,
  PROPOSALS_LOG,
  isProposalId,
  archiveProposal,
  logEvent,
  proposalPath,
  ensureDirs,
  readPending,
  readArchived,
  nextSeq,
  newProposalId
};
