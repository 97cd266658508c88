import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  archiveProposal,
  isProposalId,
  proposalPath
} from "./records-proposal-files.mjs";
import {
  lexicalProblem,
  resolveMemoryPath
} from "./store-safe-open.mjs";
import {
  EMPTY_INDEX,
  appendJournal,
  dirStamps,
  indexHasBytes,
  indexLineEdit,
  indexStamp,
  removeIndexLinesBytes,
  upsertIndexLineBytes,
  upsertIndexLinePieces
} from "./core-index-edit.mjs";
import {
  HISTORY_OPS,
  appendHistory,
  assertHistoryWritable,
  isValidActor,
  latestByCard,
  readCardHistory
} from "./store-history.mjs";
import {
  commitFile,
  ensureStateDir,
  notRealError,
  realDir,
  sweepDeadTemps,
  syncDirectory,
  withStoreLock
} from "./store-lock.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  INDEX_FILE,
  STATE_DIR
} from "./config-config.mjs";
import {
  ERROR_CODES,
  MemctlError,
  readRegularMemo,
  systemCode
} from "./core-bytes.mjs";

// lib/records/commit.ts
import fs2 from "node:fs";
import path2 from "node:path";

// lib/store/machine-id.ts
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
var MACHINE_ID_RELPATH = `${STATE_DIR}/machine-id`;
var ID = /^[0-9a-f]{32}$/;
function idPath(memoryDir) {
  return path.join(memoryDir, ...MACHINE_ID_RELPATH.split("/"));
}
function readMachineId(memoryDir) {
  try {
    const file = idPath(memoryDir);
    if (!fs.lstatSync(file).isFile()) return void 0;
    const id = fs.readFileSync(file, "utf8").trim();
    return ID.test(id) ? id : void 0;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return void 0;
    throw err;
  }
}
async function ensureMachineId(memoryDir) {
  const existing = readMachineId(memoryDir);
  if (existing) return existing;
  const id = randomBytes(16).toString("hex");
  await commitFile(idPath(memoryDir), `${id}
`);
  return id;
}

// lib/records/intent-check.ts
var SHA = /^[0-9a-f]{64}$/;
var TRASH_PREFIX = `${STATE_DIR}/trash/`;
function pathProblems(memoryDir, rel, what) {
  if (typeof rel !== "string" || rel === "") return [`${what} is not a path`];
  const lexical = lexicalProblem(rel);
  if (lexical) return [`${what} ${JSON.stringify(rel)}: ${lexical}`];
  if (rel.startsWith("/")) return [`${what} ${JSON.stringify(rel)} is absolute`];
  const first = rel.split("/")[0];
  if (first === STATE_DIR || first.startsWith(".git") || rel === INDEX_FILE)
    return [`${what} ${JSON.stringify(rel)} is ${first === STATE_DIR ? "memctl's own state" : rel === INDEX_FILE ? "the index, edited only through an index step" : "git's"}`];
  try {
    resolveMemoryPath(memoryDir, rel);
  } catch (err) {
    return [`${what} ${JSON.stringify(rel)}: ${err instanceof MemctlError ? err.message.replace(/^Error: /, "") : String(err)}`];
  }
  return [];
}
function trashProblems(rel) {
  if (rel === void 0) return [];
  if (typeof rel !== "string" || !rel.startsWith(TRASH_PREFIX)) return [`trash target ${JSON.stringify(rel)} is not under ${TRASH_PREFIX}`];
  const name = rel.slice(TRASH_PREFIX.length);
  if (name === "" || name.includes("/") || name === "." || name === ".." || lexicalProblem(name)) return [`trash target ${JSON.stringify(rel)} is not one file name`];
  return [];
}
function entryProblems(entry, card, at) {
  if (entry === null) return [];
  if (typeof entry !== "object" || Array.isArray(entry)) return [`${at}: history entry is not an object`];
  const e = entry;
  const ok = Number.isInteger(e.rev) && e.rev >= 1 && e.card === card && HISTORY_OPS.includes(e.op) && typeof e.actor === "string" && isValidActor(e.actor) && typeof e.at === "string" && (e.sha256 === null || typeof e.sha256 === "string" && SHA.test(e.sha256)) && Number.isInteger(e.bytes);
  return ok ? [] : [`${at}: history entry is malformed or names another card`];
}
function intentProblems(memoryDir, raw, machineId) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return ["the intent is not a JSON object"];
  const o = raw;
  const problems = [];
  if (machineId === void 0 || o.writer !== machineId) problems.push("it was not written on this machine (it arrived from elsewhere, e.g. through a sync)");
  if (!Array.isArray(o.changes) || o.changes.length === 0) return [...problems, "it lists no changes"];
  for (const [i, change] of o.changes.entries()) {
    const at = `change ${i + 1}`;
    if (change === null || typeof change !== "object") {
      problems.push(`${at} is not an object`);
      continue;
    }
    const c = change;
    problems.push(...pathProblems(memoryDir, c.card, `${at} path`));
    if (!(c.before === null || typeof c.before === "string" && SHA.test(c.before))) problems.push(`${at}: "before" is not a sha256 or null`);
    if (!(c.content === null || typeof c.content === "string")) problems.push(`${at}: "content" is not base64 text or null`);
    problems.push(...trashProblems(c.trash));
    if (c.index !== void 0) {
      const index = c.index;
      if (index === null || typeof index !== "object") problems.push(`${at}: "index" is not an object`);
      else {
        if (!(index.line === null || typeof index.line === "string" && !/[\r\n]/.test(index.line))) problems.push(`${at}: the index line is not one line`);
        if (index.from !== void 0) problems.push(...pathProblems(memoryDir, index.from, `${at} renamed-from path`));
      }
    }
    problems.push(...entryProblems(c.entry, typeof c.card === "string" ? c.card : "", at));
  }
  if (o.archive !== void 0 && !isProposalId(o.archive?.proposal?.id)) problems.push("the proposal it archives has no valid id");
  return problems;
}

// lib/records/commit.ts
var INTENT_RELPATH = `${STATE_DIR}/intent.json`;
var QUARANTINE_RELDIR = `${STATE_DIR}/quarantine`;
function intentPath(memoryDir) {
  return path2.join(memoryDir, ...INTENT_RELPATH.split("/"));
}
async function withRecordsLock(ctx, fn) {
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      await recoverIntent(ctx.memoryDir, ctx.commit);
      return fn();
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
async function commitIntent(memoryDir, intent, commit) {
  await writeIntent(memoryDir, intent);
  await applyIntent(memoryDir, intent, commit);
  clearIntent(memoryDir);
}
async function writeIntent(memoryDir, intent) {
  ensureStateDir(memoryDir);
  assertHistoryWritable(memoryDir);
  assertIndexRegular(memoryDir);
  const writer = await ensureMachineId(memoryDir);
  await commitFile(intentPath(memoryDir), serialize({ ...intent, writer }));
}
function assertIndexRegular(memoryDir) {
  const file = path2.join(memoryDir, INDEX_FILE);
  const stat = fs2.statSync(file, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) throw notRealError(file, "file", stat.mode);
}
async function recoverIntent(memoryDir, commit) {
  const found = inspectIntent(memoryDir);
  if (found.state === "none") return false;
  const dirs = found.state === "ours" ? found.intent.changes.map((c) => path2.dirname(path2.join(memoryDir, c.card))) : [];
  for (const dir of /* @__PURE__ */ new Set([memoryDir, ...dirs])) sweepDeadTemps(dir);
  if (found.state === "refused") {
    await quarantineIntent(memoryDir, found.text);
    return false;
  }
  const intent = found.intent;
  const first = intent.changes[0];
  const committed = first !== void 0 && shaOf(path2.join(memoryDir, first.card)) === targetOf(first);
  if (committed) await applyIntent(memoryDir, intent, commit);
  clearIntent(memoryDir);
  return committed;
}
function inspectIntent(memoryDir) {
  let text;
  try {
    const file = intentPath(memoryDir);
    if (!fs2.lstatSync(file).isFile()) throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `${INTENT_RELPATH} is not a regular file; remove it and retry`);
    text = fs2.readFileSync(file, "utf8");
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { state: "none" };
    throw err;
  }
  return judgeIntent(memoryDir, text);
}
function judgeIntent(memoryDir, text) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { state: "refused", problems: [`it does not parse: ${err.message}`], text };
  }
  const problems = intentProblems(memoryDir, raw, readMachineId(memoryDir));
  if (problems.length > 0) return { state: "refused", problems, text };
  const parsed = raw;
  return { state: "ours", intent: { ...parsed, changes: parsed.changes.map((c) => ({ ...c, content: c.content === null ? null : Buffer.from(c.content, "base64") })) } };
}
function readIntent(memoryDir) {
  const found = inspectIntent(memoryDir);
  return found.state === "ours" ? found.intent : void 0;
}
function refusedIntents(memoryDir) {
  const out = [];
  const pending = inspectIntent(memoryDir);
  if (pending.state === "refused") out.push({ file: INTENT_RELPATH, problems: pending.problems });
  const dir = path2.join(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  let names = [];
  try {
    names = fs2.readdirSync(dir).filter((n) => /^intent-[0-9a-f]{16}\.json$/.test(n)).sort();
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  for (const name of names) {
    const file = path2.join(dir, name);
    if (!fs2.lstatSync(file).isFile()) continue;
    const judged = judgeIntent(memoryDir, fs2.readFileSync(file, "utf8"));
    out.push({ file: `${QUARANTINE_RELDIR}/${name}`, problems: judged.state === "refused" ? judged.problems : ["set aside by an earlier memctl"] });
  }
  return out;
}
async function quarantineIntent(memoryDir, text) {
  const dir = realDir(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  await commitFile(path2.join(dir, `intent-${sha256Hex(text).slice(0, 16)}.json`), text);
  clearIntent(memoryDir);
}
function serialize(intent) {
  return JSON.stringify({ ...intent, changes: intent.changes.map((c) => ({ ...c, content: c.content === null ? null : c.content.toString("base64") })) }) + "\n";
}
async function applyIntent(memoryDir, intent, commit) {
  const history = readCardHistory(
    memoryDir,
    intent.changes.map((c) => c.card)
  ).entries;
  const journal = [];
  for (const change of intent.changes) {
    const indexBefore = indexStamp(memoryDir);
    const abs = path2.join(memoryDir, change.card);
    const current = shaOf(abs);
    const target = targetOf(change);
    if (current !== target) {
      if (current !== change.before) continue;
      if (change.content !== null) await commitFile(abs, change.content, { ...commit, sweep: false });
      else if (change.trash) fs2.renameSync(abs, path2.join(memoryDir, change.trash));
      else fs2.rmSync(abs, { force: true });
      syncDirectory(path2.dirname(abs));
    }
    const edit = change.index ? await editIndex(memoryDir, change.card, change.index, commit) : void 0;
    const cards = change.index?.from !== void 0 && change.index.from !== change.card ? [change.card, change.index.from] : [change.card];
    journal.push({ i: indexBefore, o: indexStamp(memoryDir), ...edit, c: cards, d: dirStamps(memoryDir, cards) });
    const recorded = latestByCard(history).get(change.card);
    if (change.entry && !(recorded && recorded.rev >= change.entry.rev)) {
      appendHistory(memoryDir, change.entry);
      history.push(change.entry);
    }
  }
  appendJournal(memoryDir, journal);
  const archive = intent.archive;
  if (archive && fs2.existsSync(proposalPath(memoryDir, archive.proposal.id))) await archiveProposal(memoryDir, archive.proposal, archive.event);
}
async function editIndex(memoryDir, card, edit, commit) {
  const file = path2.join(memoryDir, INDEX_FILE);
  let before;
  try {
    before = readRegularMemo(file);
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    if (edit.line === null) return {};
    before = Buffer.from(EMPTY_INDEX, "utf8");
  }
  const created = !fs2.existsSync(file);
  const replaced = edit.line !== null && edit.from === void 0 && !created ? upsertIndexLinePieces(before, card, edit.line) : void 0;
  if (replaced) {
    if (!replaced.changed) return {};
    await commitFile(file, replaced.pieces, { ...commit, sweep: false });
    return replaced.edit ? { e: [replaced.edit.at, replaced.edit.removed, replaced.edit.inserted] } : { x: 1 };
  }
  let next;
  if (edit.line === null) next = removeIndexLinesBytes(before, card).bytes;
  else {
    const link = edit.from !== void 0 && !indexHasBytes(before, card) && indexHasBytes(before, edit.from) ? edit.from : card;
    next = upsertIndexLineBytes(before, link, edit.line);
    if (edit.from !== void 0 && edit.from !== card) next = removeIndexLinesBytes(next, edit.from).bytes;
  }
  if (!created && next.equals(before)) return {};
  await commitFile(file, next, { ...commit, sweep: false });
  const lines = created ? void 0 : indexLineEdit(before, next);
  return lines ? { e: [lines.at, lines.removed, lines.inserted] } : { x: 1 };
}
function clearIntent(memoryDir) {
  fs2.rmSync(intentPath(memoryDir), { force: true });
  syncDirectory(path2.dirname(intentPath(memoryDir)));
}
function targetOf(change) {
  return change.content === null ? null : sha256Hex(change.content);
}
function shaOf(abs) {
  try {
    return fs2.lstatSync(abs).isFile() ? sha256Hex(fs2.readFileSync(abs)) : null;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return null;
    throw err;
  }
}

export {
  INTENT_RELPATH,
  withRecordsLock,
  commitIntent,
  writeIntent,
  readIntent,
  refusedIntents,
  clearIntent
};
