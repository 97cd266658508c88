import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  git,
  runGit
} from "./sync-git.mjs";
import {
  readPending
} from "./records-proposal-files.mjs";
import {
  commitFile,
  commitFileSync,
  parseIndex,
  realDir,
  writeNewFile
} from "./core-index-file.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  STATE_DIR
} from "./store-paths.mjs";
import {
  ERROR_CODES,
  MemctlError,
  systemCode
} from "./core-errors.mjs";

// lib/sync/layout.ts
import fs from "node:fs";
import path from "node:path";
var SHARED_STATE = [".memctl/history.jsonl", ".memctl/proposals-log.jsonl", ".memctl/proposals/", ".memctl/compact.json", ".memctl/revisions/"];
var BEGIN = "# memctl:begin sync";
var END = "# memctl:end sync";
var IGNORE_BLOCK = [
  `${BEGIN} (per-machine state is never committed: rank cache, usage, locks, sync state, session and code caches)`,
  "/.memctl/*",
  ...SHARED_STATE.map((p) => `!/${p}`),
  ".*.tmp",
  "/.merge_file_*",
  END
].join("\n");
var ATTRIBUTES_BLOCK = [
  // Cards edited on both sides are left unmerged without markers (git's binary driver) and resolved by memctl sync
  // in one process: a driver per card would start a process per conflicting card.
  `${BEGIN} (merge rules: here, not in .gitattributes, so no committed file overrides them; drivers in .git/config; cards both sides changed are resolved by memctl sync)`,
  "*.jsonl merge=memctl-log",
  "/MEMORY.md merge=memctl-index",
  "/MEMORY.*.md merge=memctl-index",
  "/feedback_*.md merge=binary",
  "/project_*.md merge=binary",
  "/reference_*.md merge=binary",
  "/user_*.md merge=binary",
  "/.memctl/compact.json merge=memctl-ours",
  "/.memctl/proposals/*.json merge=memctl-ours",
  "/.memctl/proposals/archive/*.json merge=memctl-ours",
  END
].join("\n");
var DRIVER_KINDS = {
  log: "union of an append-only log",
  index: "MEMORY.md lines by card",
  card: "one side wins, the other becomes a proposal",
  ours: "keep this side"
};
function isPerMachine(rel) {
  if (!rel.startsWith(".memctl/")) return false;
  if (/(^|\/)\.[^/]+\.tmp$/.test(rel)) return true;
  return !SHARED_STATE.some((p) => p.endsWith("/") ? rel.startsWith(p) : rel === p);
}
async function writeRepoRules(memoryDir) {
  const changed = [];
  const info = path.join(memoryDir, ".git", "info");
  fs.mkdirSync(info, { recursive: true });
  for (const [name, file, block] of [
    [".gitignore", path.join(memoryDir, ".gitignore"), IGNORE_BLOCK],
    [".git/info/attributes", path.join(info, "attributes"), ATTRIBUTES_BLOCK]
  ]) {
    const before2 = readOr(file);
    const after2 = withBlock(before2, block);
    if (after2 !== before2) {
      await commitFile(file, after2);
      changed.push(name);
    }
  }
  const committed = path.join(memoryDir, ".gitattributes");
  const before = readOr(committed);
  const after = withBlock(before, void 0);
  if (after !== before) {
    if (after.trim() === "") fs.rmSync(committed, { force: true });
    else await commitFile(committed, after);
    changed.push(".gitattributes");
  }
  return changed;
}
function withBlock(text, block) {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END, start);
  if (start >= 0 && end > start) {
    if (block !== void 0) return text.slice(0, start) + block + text.slice(end + END.length);
    const rest = text.slice(end + END.length);
    return text.slice(0, start) + (rest.startsWith("\n") ? rest.slice(1) : rest);
  }
  if (block === void 0) return text;
  return (text === "" || text.endsWith("\n") ? text : `${text}
`) + `${block}
`;
}
function readOr(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if (systemCode(err) === "ENOENT") return "";
    throw err;
  }
}
function shellQuote(word) {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
async function configureDrivers(memoryDir, command, options) {
  const current = await runGit(memoryDir, ["config", "--local", "--get-regexp", "^merge\\.memctl-"], options);
  const have = new Map(
    current.stdout.split("\n").filter(Boolean).map((l) => [l.slice(0, l.indexOf(" ")), l.slice(l.indexOf(" ") + 1)])
  );
  const prefix = [...command, "sync", "merge-driver"].map(shellQuote).join(" ");
  for (const [kind, name] of Object.entries(DRIVER_KINDS)) {
    const want = /* @__PURE__ */ new Map([
      [`merge.memctl-${kind}.name`, `memctl: ${name}`],
      [`merge.memctl-${kind}.driver`, `${prefix} ${kind} %O %A %B %P`]
    ]);
    for (const [key, value] of want) if (have.get(key) !== value) await git(memoryDir, ["config", "--local", key, value], options);
  }
}

// lib/sync/merge-driver.ts
import fs2 from "node:fs";
import path2 from "node:path";
import { randomBytes } from "node:crypto";

// lib/sync/merge-lines.ts
function splitLines(text) {
  if (text === "") return { lines: [], newlineAtEnd: true };
  const newlineAtEnd = text.endsWith("\n");
  const lines = (newlineAtEnd ? text.slice(0, -1) : text).split("\n");
  return { lines, newlineAtEnd };
}
function joinLines(lines, newlineAtEnd) {
  if (lines.length === 0) return "";
  return lines.join("\n") + (newlineAtEnd ? "\n" : "");
}
var TIME_KEY = /"(?:ts|at|created_at|date)"\s*:\s*"([^"]*)"/;
function timeOf(line) {
  return TIME_KEY.exec(line)?.[1];
}
function mergeLog(base, ours, theirs) {
  const b = new Set(splitLines(base).lines.filter((l) => l !== ""));
  const o = splitLines(ours).lines.filter((l) => l !== "");
  const t = splitLines(theirs).lines.filter((l) => l !== "");
  const tSet = new Set(t);
  const oSet = new Set(o);
  const kept = o.filter((l) => !(b.has(l) && !tSet.has(l)));
  const seen = /* @__PURE__ */ new Set();
  const added = [];
  for (const l of t) {
    if (oSet.has(l) || b.has(l) || seen.has(l)) continue;
    seen.add(l);
    added.push(l);
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < kept.length && j < added.length) {
    const ko = timeOf(kept[i]);
    const kt = timeOf(added[j]);
    if (ko !== void 0 && kt !== void 0 && kt < ko) out.push(added[j++]);
    else out.push(kept[i++]);
  }
  while (i < kept.length) out.push(kept[i++]);
  while (j < added.length) out.push(added[j++]);
  return joinLines(out, true);
}
function keyed(text) {
  const { lines, newlineAtEnd } = splitLines(text);
  const fileAt = /* @__PURE__ */ new Map();
  for (const e of parseIndex(lines.join("\n")).entries) fileAt.set(e.line - 1, e.file);
  const counts = /* @__PURE__ */ new Map();
  const keys = lines.map((line, i) => {
    const file = fileAt.get(i);
    const k = file !== void 0 ? `card:${file}` : `text:${line}`;
    const n = counts.get(k) ?? 0;
    counts.set(k, n + 1);
    return `${k}#${n}`;
  });
  return { keys, lines, newlineAtEnd };
}
var START = "\0start";
function mergeIndex(base, ours, theirs) {
  const b = keyed(base);
  const o = keyed(ours);
  const t = keyed(theirs);
  const baseLine = new Map(b.keys.map((k, i) => [k, b.lines[i]]));
  const theirLine = new Map(t.keys.map((k, i) => [k, t.lines[i]]));
  const ourKeys = new Set(o.keys);
  const result = /* @__PURE__ */ new Map();
  for (let i = 0; i < o.keys.length; i++) {
    const k = o.keys[i];
    const line = o.lines[i];
    const inBase = baseLine.has(k);
    const theirs2 = theirLine.get(k);
    if (inBase && theirs2 === void 0) continue;
    if (theirs2 !== void 0 && theirs2 !== line && line === baseLine.get(k)) result.set(k, theirs2);
    else result.set(k, line);
  }
  const inserts = /* @__PURE__ */ new Map();
  let anchor = START;
  for (let i = 0; i < t.keys.length; i++) {
    const k = t.keys[i];
    if (result.has(k)) {
      anchor = k;
      continue;
    }
    if (baseLine.has(k) || ourKeys.has(k)) continue;
    const list = inserts.get(anchor) ?? [];
    list.push(t.lines[i]);
    inserts.set(anchor, list);
  }
  const out = [...inserts.get(START) ?? []];
  for (const [k, line] of result) {
    out.push(line);
    out.push(...inserts.get(k) ?? []);
  }
  return joinLines(out, o.lines.length > 0 ? o.newlineAtEnd : t.newlineAtEnd);
}

// lib/sync/merge-driver.ts
var INCOMING_DIR = ".memctl/sync/incoming";
function runMergeDriver(kind, files) {
  const base = readOrEmpty(files.base);
  const ours = readOrEmpty(files.ours);
  const theirs = readOrEmpty(files.theirs);
  const merged = mergeText(
    kind,
    base,
    ours,
    theirs,
    (loser) => parkIncoming(files.cwd, { path: files.path, text: loser, sha256: sha256Hex(loser), kept_sha256: sha256Hex(ours), reason: "edited-both" })
  );
  if (merged !== ours) commitFileSync(files.ours, merged, { durable: false });
  return merged;
}
function mergeText(kind, base, ours, theirs, onLoser) {
  switch (kind) {
    case "log":
      return mergeLog(base, ours, theirs);
    case "index":
      return mergeIndex(base, ours, theirs);
    case "card":
      if (ours === theirs || theirs === base) return ours;
      if (ours === base) return theirs;
      onLoser(theirs);
      return ours;
    case "ours":
      return ours;
  }
}
function parkIncoming(repoTop, card) {
  const dir = realDir(repoTop, ...INCOMING_DIR.split("/"));
  const name = `${card.path.replace(/[^A-Za-z0-9._-]/g, "_")}.${Date.now()}-${randomBytes(4).toString("hex")}.json`;
  writeNewFile(path2.join(dir, name), JSON.stringify(card) + "\n", { fsync: true });
}
function readIncoming(repoTop) {
  const dir = path2.join(repoTop, ...INCOMING_DIR.split("/"));
  let names;
  try {
    names = fs2.readdirSync(dir).filter((n) => n.endsWith(".json") && !n.startsWith("."));
  } catch {
    return [];
  }
  const out = [];
  for (const name of names.sort()) {
    const file = path2.join(dir, name);
    try {
      out.push({ file, card: JSON.parse(fs2.readFileSync(file, "utf8")) });
    } catch {
    }
  }
  return out;
}
function readOrEmpty(file) {
  try {
    return fs2.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

// lib/sync/trust.ts
var TRUST_LEVELS = ["own", "shared"];
var DEFAULT_TRUST = "shared";
var KEY = "memctl.trust";
function isTrustLevel(v) {
  return typeof v === "string" && TRUST_LEVELS.includes(v);
}
async function readTrust(memoryDir, options) {
  const r = await runGit(memoryDir, ["config", "--local", "--get", KEY], options);
  const v = r.stdout.trim();
  return r.code === 0 && isTrustLevel(v) ? { level: v, chosen: true } : { level: DEFAULT_TRUST, chosen: false };
}
async function writeTrust(memoryDir, level, options) {
  await git(memoryDir, ["config", "--local", KEY, level], options);
}

// lib/sync/repo.ts
import fs3 from "node:fs";
import path3 from "node:path";
var SYNC_DIR = `${STATE_DIR}/sync`;
async function assertRepoTop(memoryDir, options) {
  const r = await runGit(memoryDir, ["rev-parse", "--show-toplevel"], options);
  const top = r.code === 0 ? r.stdout.trim() : void 0;
  if (top === void 0 || fs3.realpathSync(top) !== fs3.realpathSync(memoryDir)) {
    throw new MemctlError(
      ERROR_CODES.E_SYNC_NOT_REPO,
      top === void 0 ? `${memoryDir} is not a git work tree; run "memctl sync init <remote-url>" to make it one` : `${memoryDir} is inside the git work tree ${top}, not the top of its own; sync commits only a memory directory that is its own repository (move it, or point the config at one)`,
      { memory_dir: memoryDir, ...top !== void 0 ? { work_tree: top } : {} }
    );
  }
}
async function assertOutsideRepos(memoryDir, options) {
  const r = await runGit(memoryDir, ["rev-parse", "--show-toplevel"], options);
  if (r.code !== 0) return;
  const top = r.stdout.trim();
  throw new MemctlError(
    ERROR_CODES.E_SYNC_NOT_REPO,
    `${memoryDir} is inside the git work tree ${top}; sync needs a memory directory that is its own repository, so nothing was created (move the store out, or let that repository carry it)`,
    { memory_dir: memoryDir, work_tree: top }
  );
}
async function findUpstream(memoryDir, options) {
  const branch = (await runGit(memoryDir, ["symbolic-ref", "--short", "-q", "HEAD"], options)).stdout.trim() || "main";
  const remoteOf = (await runGit(memoryDir, ["config", "--get", `branch.${branch}.remote`], options)).stdout.trim();
  const mergeOf = (await runGit(memoryDir, ["config", "--get", `branch.${branch}.merge`], options)).stdout.trim();
  const remotes = (await runGit(memoryDir, ["remote"], options)).stdout.split("\n").filter(Boolean);
  const remote = remoteOf && remotes.includes(remoteOf) ? remoteOf : remotes.includes("origin") ? "origin" : remotes[0];
  if (remote === void 0) return void 0;
  const remoteBranch = remoteOf === remote && mergeOf.startsWith("refs/heads/") ? mergeOf.slice("refs/heads/".length) : branch;
  return { remote, branch: remoteBranch, trackingRef: `refs/remotes/${remote}/${remoteBranch}` };
}
async function remoteBranches(memoryDir, remote, options) {
  const out = await git(memoryDir, ["ls-remote", "--heads", remote], options);
  return out.split("\n").map((line) => line.split("	")[1] ?? "").filter((ref) => ref.startsWith("refs/heads/")).map((ref) => ref.slice("refs/heads/".length)).sort();
}
async function trackBranch(memoryDir, remote, branch, options) {
  const local = (await runGit(memoryDir, ["symbolic-ref", "--short", "-q", "HEAD"], options)).stdout.trim();
  if (!local) return;
  await git(memoryDir, ["config", `branch.${local}.remote`, remote], options);
  await git(memoryDir, ["config", `branch.${local}.merge`, `refs/heads/${branch}`], options);
}
async function refExists(memoryDir, ref, options) {
  return (await runGit(memoryDir, ["rev-parse", "--verify", "-q", `${ref}^{commit}`], options)).code === 0;
}
async function headCommit(memoryDir, options) {
  const r = await runGit(memoryDir, ["rev-parse", "--verify", "-q", "HEAD"], options);
  return r.code === 0 ? r.stdout.trim() : void 0;
}
async function aheadBehind(memoryDir, trackingRef, options) {
  if (!await refExists(memoryDir, trackingRef, options)) {
    const head = await headCommit(memoryDir, options);
    if (head === void 0) return { ahead: 0, behind: 0 };
    return { ahead: Number(await git(memoryDir, ["rev-list", "--count", "HEAD"], options)), behind: 0 };
  }
  if (await headCommit(memoryDir, options) === void 0) return { ahead: 0, behind: Number(await git(memoryDir, ["rev-list", "--count", trackingRef], options)) };
  const [ahead, behind] = (await git(memoryDir, ["rev-list", "--left-right", "--count", `HEAD...${trackingRef}`], options)).split(/\s+/).map(Number);
  return { ahead: ahead ?? 0, behind: behind ?? 0 };
}
function gitDir(memoryDir) {
  return path3.join(memoryDir, ".git");
}
function readLastSync(memoryDir) {
  try {
    return JSON.parse(fs3.readFileSync(path3.join(memoryDir, SYNC_DIR, "state.json"), "utf8"));
  } catch {
    return void 0;
  }
}
async function writeLastSync(memoryDir, last) {
  realDir(memoryDir, ...SYNC_DIR.split("/"));
  await commitFile(path3.join(memoryDir, SYNC_DIR, "state.json"), JSON.stringify(last, null, 2) + "\n");
}
var journalPath = (memoryDir) => path3.join(memoryDir, SYNC_DIR, "journal.json");
function readJournal(memoryDir) {
  try {
    return JSON.parse(fs3.readFileSync(journalPath(memoryDir), "utf8"));
  } catch {
    return void 0;
  }
}
function writeJournal(memoryDir, journal) {
  realDir(memoryDir, ...SYNC_DIR.split("/"));
  if (journal === void 0) fs3.rmSync(journalPath(memoryDir), { force: true });
  else commitFileSync(journalPath(memoryDir), JSON.stringify(journal), { durable: false });
}

// lib/sync/status.ts
import fs4 from "node:fs";
import path4 from "node:path";
async function syncStatus(memoryDir, env) {
  const none = {
    repo: false,
    remote: null,
    branch: null,
    ahead: 0,
    behind: 0,
    uncommitted: 0,
    last_sync: null,
    conflicts: { proposals: [], parked: 0, files: [] },
    tracked_per_machine: [],
    merge_in_progress: false,
    drivers_configured: false,
    trust: { level: "shared", chosen: false }
  };
  if (!fs4.existsSync(path4.join(memoryDir, ".git"))) return none;
  const opts = { env };
  const top = await runGit(memoryDir, ["rev-parse", "--show-toplevel"], opts);
  if (top.code !== 0 || fs4.realpathSync(top.stdout.trim()) !== fs4.realpathSync(memoryDir)) return none;
  const upstream = await findUpstream(memoryDir, opts);
  const counts = upstream ? await aheadBehind(memoryDir, upstream.trackingRef, opts) : void 0;
  const porcelain = await runGit(memoryDir, ["status", "--porcelain", "-z", "--untracked-files=all"], opts);
  const tracked = await runGit(memoryDir, ["ls-files", "-z", "--", ".memctl"], opts);
  const all = await runGit(memoryDir, ["ls-files", "-z", "--others", "--cached", "--exclude-standard"], opts);
  const drivers = await runGit(memoryDir, ["config", "--local", "--get", "merge.memctl-log.driver"], opts);
  return {
    repo: true,
    remote: upstream?.remote ?? null,
    branch: upstream?.branch ?? null,
    ahead: counts?.ahead ?? 0,
    behind: counts?.behind ?? 0,
    uncommitted: porcelain.stdout.split("\0").filter((r) => r.length > 3 && r[2] === " ").length,
    last_sync: readLastSync(memoryDir) ?? null,
    conflicts: {
      proposals: readPending(memoryDir).proposals.filter((p) => p.conflict !== void 0).map((p) => p.id),
      parked: readIncoming(memoryDir).length,
      files: all.stdout.split("\0").filter((f) => /\.theirs-[0-9a-f]{8}$/.test(f))
    },
    tracked_per_machine: tracked.stdout.split("\0").filter((f) => f !== "" && isPerMachine(f)),
    merge_in_progress: fs4.existsSync(path4.join(gitDir(memoryDir), "MERGE_HEAD")),
    drivers_configured: drivers.code === 0,
    trust: await readTrust(memoryDir, opts)
  };
}

export {
  DRIVER_KINDS,
  isPerMachine,
  writeRepoRules,
  configureDrivers,
  mergeLog,
  mergeIndex,
  runMergeDriver,
  mergeText,
  parkIncoming,
  readIncoming,
  DEFAULT_TRUST,
  isTrustLevel,
  readTrust,
  writeTrust,
  SYNC_DIR,
  assertRepoTop,
  assertOutsideRepos,
  findUpstream,
  remoteBranches,
  trackBranch,
  refExists,
  headCommit,
  aheadBehind,
  gitDir,
  writeLastSync,
  readJournal,
  writeJournal,
  syncStatus
};
