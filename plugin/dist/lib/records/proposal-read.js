// lib/records/proposal-read.ts
import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { readHold } from "../store/hold.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { ARCHIVE_DIR, PROPOSALS_DIR } from "./proposal-files.js";
import { validRestatements } from "./proposal-restated.js";
import { proposalShapeProblem } from "./proposal-shape.js";
function readPending(memoryDir) {
  return readDir(path.join(memoryDir, PROPOSALS_DIR), quarantinedIn(memoryDir));
}
function countPending(memoryDir) {
  return namesIn(entriesOf(path.join(memoryDir, PROPOSALS_DIR)), quarantinedIn(memoryDir)).names.length;
}
function quarantinedIn(memoryDir) {
  const hold = readHold(memoryDir);
  return (name) => {
    const held = hold?.held(`${PROPOSALS_DIR}/${name}`);
    return held?.state === "quarantined" ? held.reasons : void 0;
  };
}
var isProposalName = (name) => name.endsWith(".json") && !name.startsWith(".");
var PROPOSAL_READ_CAP = 4 * 1024 * 1024;
function readArchived(memoryDir) {
  return readDir(path.join(memoryDir, ARCHIVE_DIR));
}
function nextSeq(memoryDir) {
  const all = [...readNewest(memoryDir), ...readNewest(memoryDir, true)];
  return all.reduce((max, p) => Math.max(max, Number.isInteger(p.seq) ? p.seq : 0), 0) + 1;
}
function readSummaries(memoryDir, archived = false) {
  const dir = path.join(memoryDir, archived ? ARCHIVE_DIR : PROPOSALS_DIR);
  const names = listNames(dir, archived ? void 0 : quarantinedIn(memoryDir)).names;
  const out = [];
  for (let at = 0; at < names.length; at += PENDING_PAGE)
    for (const p of readNames(dir, names.slice(at, at + PENDING_PAGE)).proposals)
      out.push({
        id: p.id,
        status: p.status,
        source: p.source,
        card: { name: p.card.name, description: p.card.description },
        ...p.restated ? { restated: p.restated } : {},
        ...p.conflict !== void 0 ? { conflict: true } : {}
      });
  return out;
}
var NEWEST_READ = 50;
function readNewest(memoryDir, archived = false, n = NEWEST_READ) {
  const dir = path.join(memoryDir, archived ? ARCHIVE_DIR : PROPOSALS_DIR);
  const names = listNames(dir, archived ? void 0 : quarantinedIn(memoryDir)).names;
  return readNames(dir, names.slice(-n)).proposals;
}
function entriesOf(dir) {
  try {
    return fs.readdirSync(dir);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return [];
    throw err;
  }
}
function namesIn(entries, quarantined) {
  const names = [];
  const held = [];
  for (const name of entries) {
    if (!isProposalName(name)) continue;
    const reasons = quarantined(name);
    if (reasons) held.push({ name, reasons });
    else names.push(name);
  }
  return { names, held };
}
function listNames(dir, quarantined = () => void 0) {
  let all;
  try {
    all = entriesOf(dir);
  } catch (err) {
    return { names: [], unreadable: [{ file: dir, reason: err.message }] };
  }
  const { names, held } = namesIn(all.sort(), quarantined);
  const unreadable = held.map(({ name, reasons }) => ({ file: name, reason: `quarantined when it arrived through memctl sync (${reasons.join("; ")}); memctl doctor lists it` }));
  return { names, unreadable };
}
function readDir(dir, quarantined = () => void 0) {
  const listed = listNames(dir, quarantined);
  const read = readNames(dir, listed.names);
  return { proposals: read.proposals, unreadable: [...listed.unreadable, ...read.unreadable] };
}
var PENDING_PAGE = 50;
function readPendingPage(memoryDir, page, options = {}) {
  const size = options.size ?? PENDING_PAGE;
  const dir = path.join(memoryDir, PROPOSALS_DIR);
  const listed = listNames(dir, quarantinedIn(memoryDir));
  const hold = options.withoutHeld ? readHold(memoryDir) : void 0;
  const names = hold ? listed.names.filter((name) => hold.held(`${PROPOSALS_DIR}/${name}`) === void 0) : listed.names;
  const pages = Math.max(1, Math.ceil(names.length / size));
  const at = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const read = readNames(dir, names.slice((at - 1) * size, at * size));
  return { proposals: read.proposals, unreadable: [...listed.unreadable, ...read.unreadable], total: names.length, page: at, pages };
}
function pendingPageOf(memoryDir, id, size = PENDING_PAGE) {
  const i = listNames(path.join(memoryDir, PROPOSALS_DIR), quarantinedIn(memoryDir)).names.indexOf(`${id}.json`);
  return i < 0 ? void 0 : Math.floor(i / size) + 1;
}
function readMatching(memoryDir, idOrPrefix, archived = false) {
  const dir = path.join(memoryDir, archived ? ARCHIVE_DIR : PROPOSALS_DIR);
  const names = listNames(dir, archived ? void 0 : quarantinedIn(memoryDir)).names.filter((n) => n.startsWith(idOrPrefix));
  return readNames(dir, names).proposals;
}
var listPendingNames = (memoryDir) => listNames(path.join(memoryDir, PROPOSALS_DIR), quarantinedIn(memoryDir));
var readPendingNames = (memoryDir, names) => readNames(path.join(memoryDir, PROPOSALS_DIR), names);
function stagingOrder(a, b) {
  return a.created_at.localeCompare(b.created_at) || (a.seq ?? 0) - (b.seq ?? 0) || a.id.localeCompare(b.id);
}
function readNames(dir, names) {
  const proposals = [];
  const unreadable = [];
  for (const name of names) {
    try {
      const p = JSON.parse(readRegularUtf8(path.join(dir, name), PROPOSAL_READ_CAP, { nofollow: true }));
      const shape = proposalShapeProblem(p);
      if (shape) throw new Error(shape);
      if (`${p.id}.json` !== name) throw new Error("not a proposal: its id is not its file's name");
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
  proposals.sort(stagingOrder);
  return { proposals, unreadable };
}
export {
  PENDING_PAGE,
  countPending,
  listPendingNames,
  nextSeq,
  pendingPageOf,
  readArchived,
  readMatching,
  readNewest,
  readPending,
  readPendingNames,
  readPendingPage,
  readSummaries,
  stagingOrder
};
