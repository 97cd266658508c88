import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  archiveProposal,
  isProposalId,
  proposalPath
} from "./records-proposal-files.mjs";
import {
  upsertIndexLineStreamed
} from "./core-frontmatter-edit.mjs";
import {
  lexicalProblem,
  resolveMemoryPath
} from "./store-safe-open.mjs";
import {
  appendJournal,
  dirStamps,
  indexStamp
} from "./store-write-journal.mjs";
import {
  EMPTY_INDEX,
  indexHasBytes,
  indexLineEdit,
  removeIndexLinesBytes,
  upsertIndexLineBytes,
  upsertIndexLinePieces
} from "./core-index-bytes.mjs";
import {
  HISTORY_OPS,
  appendHistory,
  assertHistoryWritable,
  historyPath,
  isValidActor,
  latestByCard,
  parseHistoryLine,
  readCardHistory
} from "./store-history.mjs";
import {
  commitFile,
  commitFileSync,
  ensureStateDir,
  notRealError,
  realDir,
  sweepDeadTemps,
  syncDirectory,
  withStoreLock
} from "./core-index-file.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  INDEX_FILE,
  STATE_DIR
} from "./store-paths.mjs";
import {
  close,
  fileStamp,
  openRegular,
  readAt,
  readRegular,
  readRegularMemo
} from "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError,
  systemCode
} from "./core-errors.mjs";

// lib/store/history-latest.ts
import fs from "node:fs";
import path from "node:path";
var HISTORY_LATEST_RELPATH = `${STATE_DIR}/history-latest.idx`;
var MAGIC = "memctl-history-latest 1";
var WINDOW = 4096;
var CATCH_UP_MAX = 4 * 1024 * 1024;
var OFFSET_MAX = 4294967295;
function readLatestHistory(memoryDir, cards) {
  const file = historyPath(memoryDir);
  let opened;
  try {
    opened = openRegular(file);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { entries: [], malformed: 0 };
    return wholeRead(memoryDir, cards);
  }
  const { fd } = opened;
  try {
    const st = fs.fstatSync(fd, { bigint: true });
    const size = Number(st.size);
    const stamp = { dev: String(st.dev), ino: String(st.ino) };
    const disk = indexStamp2(memoryDir);
    const mine = held.get(file);
    let index = trusted(mine && mine.disk === disk ? mine.index : loadIndex(memoryDir), stamp, size, fd);
    if (index && index.covered < size && !catchUp(index, fd, size)) index = void 0;
    index ??= rebuild(fd, size, stamp);
    let entries = lookUp(index, fd, cards);
    if (!entries) {
      index = rebuild(fd, size, stamp);
      entries = lookUp(index, fd, cards) ?? [];
    }
    held.set(file, { index, disk });
    return { entries, malformed: 0 };
  } catch {
    held.delete(file);
    return wholeRead(memoryDir, cards);
  } finally {
    close(fd);
  }
}
function keepHistoryIndex(memoryDir) {
  readLatestHistory(memoryDir, []);
  const mine = held.get(historyPath(memoryDir));
  if (!mine || mine.index.onDisk || mine.index.covered > OFFSET_MAX) return;
  saveIndex(memoryDir, mine.index);
  mine.disk = indexStamp2(memoryDir);
}
var held = /* @__PURE__ */ new Map();
function indexStamp2(memoryDir) {
  return fileStamp(fs.statSync(indexPath(memoryDir), { bigint: true, throwIfNoEntry: false }));
}
function wholeRead(memoryDir, cards) {
  const read = readCardHistory(memoryDir, cards);
  return { ...read, entries: [...latestByCard(read.entries).values()] };
}
function trusted(index, stamp, size, fd) {
  if (!index || index.dev !== stamp.dev || index.ino !== stamp.ino || index.covered > size) return void 0;
  if (!bytesAt(fd, 0, index.head) || !bytesAt(fd, index.covered - index.tail.length, index.tail)) return void 0;
  return index;
}
function bytesAt(fd, position, expected) {
  const got = Buffer.alloc(expected.length);
  return readAt(fd, got, 0, got.length, position) === got.length && got.equals(expected);
}
function catchUp(index, fd, size) {
  if (size - index.covered > CATCH_UP_MAX) return false;
  const bytes = Buffer.alloc(size - index.covered);
  if (readAt(fd, bytes, 0, bytes.length, index.covered) !== bytes.length) return false;
  const end = bytes.lastIndexOf(10) + 1;
  for (const [card, latest] of latestLines(bytes, end)) {
    const offset = index.covered + latest.offset;
    const at = pairOf(index, fd, card);
    if (at === void 0) index.pairs = insertPair(index.pairs, hashOf(card), offset);
    else if (latest.rev >= at.entry.rev) index.pairs[at.i + 1] = offset;
  }
  index.covered += end;
  index.onDisk = false;
  index.tail = readWindowEnding(fd, index.covered);
  if (index.head.length < WINDOW) index.head = readWindow(fd, 0, Math.min(WINDOW, index.covered));
  return true;
}
function latestLines(bytes, end) {
  const latest = /* @__PURE__ */ new Map();
  for (let start = 0; start < end; ) {
    const nl = bytes.indexOf(10, start);
    const entry = parseHistoryLine(bytes.toString("utf8", start, nl));
    if (entry && entry.rev >= (latest.get(entry.card)?.rev ?? 0)) latest.set(entry.card, { rev: entry.rev, offset: start });
    start = nl + 1;
  }
  return latest;
}
function rebuild(fd, size, stamp) {
  const bytes = Buffer.alloc(size);
  let got = 0;
  for (let n = -1; got < size && n !== 0; got += n) n = readAt(fd, bytes, got, size - got, got);
  const end = got === 0 ? 0 : bytes.lastIndexOf(10, got - 1) + 1;
  const pairs = [...latestLines(bytes, end)].map(([card, l]) => [hashOf(card), l.offset]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    ...stamp,
    covered: end,
    head: Buffer.from(bytes.subarray(0, Math.min(WINDOW, end))),
    tail: Buffer.from(bytes.subarray(Math.max(0, end - WINDOW), end)),
    pairs: Uint32Array.from(pairs.flat()),
    onDisk: false
  };
}
function lookUp(index, fd, cards) {
  const entries = [];
  for (const card of new Set(cards)) {
    let found;
    const hash = hashOf(card);
    const first = lowerBound(index.pairs, hash);
    if (first > 0 && index.pairs[first - 2] >= hash || first < index.pairs.length && index.pairs[first] < hash) return void 0;
    for (let i = first; i < index.pairs.length && index.pairs[i] === hash; i += 2) {
      const entry = lineAt(fd, index.pairs[i + 1], index.covered);
      if (!entry) return void 0;
      if (entry.card === card) found = entry;
    }
    if (found) entries.push(found);
  }
  return entries;
}
function pairOf(index, fd, card) {
  const hash = hashOf(card);
  for (let i = lowerBound(index.pairs, hash); i < index.pairs.length && index.pairs[i] === hash; i += 2) {
    const entry = lineAt(fd, index.pairs[i + 1], index.covered);
    if (!entry) throw new Error("history index: an offset is not a history line");
    if (entry.card === card) return { i, entry };
  }
  return void 0;
}
function lineAt(fd, offset, covered) {
  if (offset >= covered) return void 0;
  const start = offset === 0 ? 0 : offset - 1;
  for (let length = 1024; ; length *= 4) {
    const bytes = Buffer.alloc(Math.min(length, covered - start));
    const got = readAt(fd, bytes, 0, bytes.length, start);
    if (offset > 0 && (got === 0 || bytes[0] !== 10)) return void 0;
    const from = offset === 0 ? 0 : 1;
    const nl = bytes.subarray(0, got).indexOf(10, from);
    if (nl !== -1) return parseHistoryLine(bytes.toString("utf8", from, nl));
    if (got < bytes.length || start + got >= covered) return void 0;
  }
}
function lowerBound(pairs, hash) {
  let lo = 0;
  let hi = pairs.length / 2;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (pairs[mid * 2] < hash) lo = mid + 1;
    else hi = mid;
  }
  return lo * 2;
}
function insertPair(pairs, hash, offset) {
  const at = lowerBound(pairs, hash);
  const next = new Uint32Array(pairs.length + 2);
  next.set(pairs.subarray(0, at));
  next[at] = hash;
  next[at + 1] = offset;
  next.set(pairs.subarray(at), at + 2);
  return next;
}
function hashOf(card) {
  let h = 2166136261;
  for (let i = 0; i < card.length; i++) h = Math.imul(h ^ card.charCodeAt(i), 16777619);
  return h >>> 0;
}
function readWindow(fd, position, length) {
  const bytes = Buffer.alloc(length);
  return bytes.subarray(0, readAt(fd, bytes, 0, length, position));
}
function readWindowEnding(fd, end) {
  return readWindow(fd, Math.max(0, end - WINDOW), Math.min(WINDOW, end));
}
function indexPath(memoryDir) {
  return path.join(memoryDir, ...HISTORY_LATEST_RELPATH.split("/"));
}
function loadIndex(memoryDir) {
  try {
    const { bytes } = readRegular(indexPath(memoryDir));
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const nl = buffer.indexOf(10);
    const header = JSON.parse(buffer.toString("utf8", 0, nl));
    const body = nl + 1;
    const { dev, ino, covered, head, tail, n } = header;
    if (header.magic !== MAGIC || typeof dev !== "string" || typeof ino !== "string" || typeof head !== "string" || typeof tail !== "string") return void 0;
    if (!Number.isSafeInteger(covered) || !Number.isSafeInteger(n) || body % 4 !== 0 || buffer.length !== body + n * 8) return void 0;
    const pairs = new Uint32Array(buffer.buffer.slice(buffer.byteOffset + body, buffer.byteOffset + buffer.length));
    const headBytes = Buffer.from(head, "base64");
    const tailBytes = Buffer.from(tail, "base64");
    const windows = Math.min(WINDOW, covered);
    if (headBytes.length !== windows || tailBytes.length !== windows) return void 0;
    return { dev, ino, covered, head: headBytes, tail: tailBytes, pairs, onDisk: true };
  } catch {
    return void 0;
  }
}
function saveIndex(memoryDir, index) {
  try {
    let header = JSON.stringify({
      magic: MAGIC,
      dev: index.dev,
      ino: index.ino,
      covered: index.covered,
      head: index.head.toString("base64"),
      tail: index.tail.toString("base64"),
      n: index.pairs.length / 2
    });
    header += " ".repeat((4 - (Buffer.byteLength(header) + 1) % 4) % 4) + "\n";
    const pairs = Buffer.from(index.pairs.buffer, index.pairs.byteOffset, index.pairs.byteLength);
    realDir(memoryDir, STATE_DIR);
    commitFileSync(indexPath(memoryDir), Buffer.concat([Buffer.from(header, "utf8"), pairs]), { durable: false });
    index.onDisk = true;
  } catch {
  }
}

// lib/records/commit.ts
import fs3 from "node:fs";
import path3 from "node:path";

// lib/store/machine-id.ts
import { randomBytes } from "node:crypto";
import fs2 from "node:fs";
import path2 from "node:path";
var MACHINE_ID_RELPATH = `${STATE_DIR}/machine-id`;
var ID = /^[0-9a-f]{32}$/;
function idPath(memoryDir) {
  return path2.join(memoryDir, ...MACHINE_ID_RELPATH.split("/"));
}
function readMachineId(memoryDir) {
  try {
    const file = idPath(memoryDir);
    if (!fs2.lstatSync(file).isFile()) return void 0;
    const id = fs2.readFileSync(file, "utf8").trim();
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
  return path3.join(memoryDir, ...INTENT_RELPATH.split("/"));
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
  const file = path3.join(memoryDir, INDEX_FILE);
  const stat = fs3.statSync(file, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) throw notRealError(file, "file", stat.mode);
}
async function recoverIntent(memoryDir, commit) {
  const found = inspectIntent(memoryDir);
  if (found.state === "none") return false;
  const dirs = found.state === "ours" ? found.intent.changes.map((c) => path3.dirname(path3.join(memoryDir, c.card))) : [];
  for (const dir of /* @__PURE__ */ new Set([memoryDir, ...dirs])) sweepDeadTemps(dir);
  if (found.state === "refused") {
    await quarantineIntent(memoryDir, found.text);
    return false;
  }
  const intent = found.intent;
  const first = intent.changes[0];
  const committed = first !== void 0 && shaOf(path3.join(memoryDir, first.card)) === targetOf(first);
  if (committed) await applyIntent(memoryDir, intent, commit);
  clearIntent(memoryDir);
  return committed;
}
function inspectIntent(memoryDir) {
  let text;
  try {
    const file = intentPath(memoryDir);
    if (!fs3.lstatSync(file).isFile()) throw new MemctlError(ERROR_CODES.E_PATH_ESCAPE, `${INTENT_RELPATH} is not a regular file; remove it and retry`);
    text = fs3.readFileSync(file, "utf8");
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
  const dir = path3.join(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  let names = [];
  try {
    names = fs3.readdirSync(dir).filter((n) => /^intent-[0-9a-f]{16}\.json$/.test(n)).sort();
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  for (const name of names) {
    const file = path3.join(dir, name);
    if (!fs3.lstatSync(file).isFile()) continue;
    const judged = judgeIntent(memoryDir, fs3.readFileSync(file, "utf8"));
    out.push({ file: `${QUARANTINE_RELDIR}/${name}`, problems: judged.state === "refused" ? judged.problems : ["set aside by an earlier memctl"] });
  }
  return out;
}
async function quarantineIntent(memoryDir, text) {
  const dir = realDir(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  await commitFile(path3.join(dir, `intent-${sha256Hex(text).slice(0, 16)}.json`), text);
  clearIntent(memoryDir);
}
function serialize(intent) {
  return JSON.stringify({ ...intent, changes: intent.changes.map((c) => ({ ...c, content: c.content === null ? null : c.content.toString("base64") })) }) + "\n";
}
async function applyIntent(memoryDir, intent, commit) {
  const history = readLatestHistory(
    memoryDir,
    intent.changes.map((c) => c.card)
  ).entries;
  const journal = [];
  for (const change of intent.changes) {
    const indexBefore = indexStamp(memoryDir);
    const abs = path3.join(memoryDir, change.card);
    const current = shaOf(abs);
    const target = targetOf(change);
    if (current !== target) {
      if (current !== change.before) continue;
      if (change.content !== null) await commitFile(abs, change.content, { ...commit, sweep: false });
      else if (change.trash) fs3.renameSync(abs, path3.join(memoryDir, change.trash));
      else fs3.rmSync(abs, { force: true });
      syncDirectory(path3.dirname(abs));
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
  if (intent.changes.some((c) => c.entry)) keepHistoryIndex(memoryDir);
  appendJournal(memoryDir, journal);
  const archive = intent.archive;
  if (archive && fs3.existsSync(proposalPath(memoryDir, archive.proposal.id))) await archiveProposal(memoryDir, archive.proposal, archive.event);
}
async function editIndex(memoryDir, card, edit, commit) {
  const file = path3.join(memoryDir, INDEX_FILE);
  if (edit.line !== null && edit.from === void 0 && fs3.existsSync(file)) {
    const streamed = await upsertIndexLineStreamed(file, card, edit.line, commit);
    if (streamed) return !streamed.changed ? {} : streamed.edit ? { e: [streamed.edit.at, streamed.edit.removed, streamed.edit.inserted] } : { x: 1 };
  }
  let before;
  try {
    before = readRegularMemo(file);
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    if (edit.line === null) return {};
    before = Buffer.from(EMPTY_INDEX, "utf8");
  }
  const created = !fs3.existsSync(file);
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
  fs3.rmSync(intentPath(memoryDir), { force: true });
  syncDirectory(path3.dirname(intentPath(memoryDir)));
}
function targetOf(change) {
  return change.content === null ? null : sha256Hex(change.content);
}
function shaOf(abs) {
  try {
    return fs3.lstatSync(abs).isFile() ? sha256Hex(fs3.readFileSync(abs)) : null;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return null;
    throw err;
  }
}

export {
  readLatestHistory,
  INTENT_RELPATH,
  withRecordsLock,
  commitIntent,
  writeIntent,
  readIntent,
  refusedIntents,
  clearIntent,
  shaOf
};
