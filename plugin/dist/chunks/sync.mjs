import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  DEFAULT_TRUST,
  DRIVER_KINDS,
  SYNC_DIR,
  aheadBehind,
  assertRepoTop,
  configureDrivers,
  findUpstream,
  gitDir,
  headCommit,
  isPerMachine,
  isTrustLevel,
  mergeIndex,
  mergeLog,
  mergeText,
  parkIncoming,
  readIncoming,
  readJournal,
  readTrust,
  refExists,
  runMergeDriver,
  syncStatus,
  writeJournal,
  writeLastSync,
  writeRepoRules,
  writeTrust
} from "./sync-layout.mjs";
import {
  NETWORK_TIMEOUT_MS,
  git,
  gitFailure,
  readBlobs,
  runGit
} from "./sync-git.mjs";
import {
  runJob
} from "./store-jobs.mjs";
import {
  PROPOSALS_DIR,
  logEvent,
  newProposalId,
  nextSeq,
  readPending
} from "./records-proposal-files.mjs";
import {
  cardTextProblems,
  isCardFile
} from "./core-card-rules.mjs";
import {
  journalChange,
  snapshotIndex
} from "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import {
  JSON_FLAG,
  STORE_FLAGS,
  assertOwnerShell,
  requireStore
} from "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import {
  configuredGuardrails,
  findSecrets,
  measureStore,
  secretPolicy,
  withDefaults
} from "./records-guardrails.mjs";
import {
  HISTORY_RELPATH,
  appendHistory,
  latestByCard,
  makeEntry,
  parseHistory,
  readHistory
} from "./store-history.mjs";
import "./store-read.mjs";
import {
  currentSha,
  normalise,
  parseIndex,
  readArrivals,
  stampOf,
  writeArrivals
} from "./core-index-file.mjs";
import {
  parseCard
} from "./core-card.mjs";
import {
  typeFromFileName
} from "./core-card-types.mjs";
import {
  findPackageRoot
} from "./core-hook-flags.mjs";
import "./install-mcp-command.mjs";
import {
  commitFile,
  commitFileSync,
  processAlive,
  realDir,
  withStoreLock
} from "./store-lock.mjs";
import {
  colorsFor,
  printJson
} from "./cli-output.mjs";
import {
  bool,
  commandSummary,
  parseArgs,
  str
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import {
  inertText
} from "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError,
  usageError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/sync.ts
import { spawn } from "node:child_process";
import fs7 from "node:fs";
import path7 from "node:path";

// lib/sync/run.ts
import fs6 from "node:fs";
import path6 from "node:path";

// lib/sync/conflicts.ts
import fs from "node:fs";
import path from "node:path";
var SYNC_SOURCE = "memctl sync";
async function stageIncoming(memoryDir, now) {
  const staged = [];
  const history = readHistory(memoryDir).entries;
  for (const { file, card } of readIncoming(memoryDir)) {
    const proposal = toProposal(memoryDir, card, history, now);
    if (proposal && !alreadyStaged(memoryDir, card)) {
      realDir(memoryDir, ...PROPOSALS_DIR.split("/"));
      await commitFile(path.join(memoryDir, PROPOSALS_DIR, `${proposal.id}.json`), JSON.stringify(proposal, null, 2) + "\n");
      logEvent(memoryDir, { event: "proposed", id: proposal.id, actor: "system", at: proposal.created_at, card: card.path, source: proposal.source, kind: "fact" });
      staged.push(proposal);
    }
    fs.rmSync(file, { force: true });
  }
  return staged;
}
function alreadyStaged(memoryDir, card) {
  return readPending(memoryDir).proposals.some((p) => p.conflict?.sha256 === card.sha256);
}
function toProposal(memoryDir, card, history, now) {
  const type = typeFromFileName(card.path);
  if (!type) return void 0;
  const parsed = parseCard(card.text);
  const stem = card.path.slice(type.length + 1, -".md".length);
  const name = typeof parsed.meta.name === "string" && parsed.meta.name !== "" ? parsed.meta.name : stem;
  const author = [...history].reverse().find((e) => e.card === card.path && e.sha256 === card.sha256)?.actor ?? "system";
  const exists = fs.existsSync(path.join(memoryDir, card.path));
  const why = card.reason === "edited-both" ? `edited on two machines; the other edit is the card now, this one (by ${author}) waits for review` : `removed on one machine and edited on another (by ${author}); the removal stands, accept this to revive the card`;
  const source = `${SYNC_SOURCE}: ${card.path} ${why}`;
  const proposal = {
    id: newProposalId(now),
    seq: nextSeq(memoryDir),
    status: "pending",
    proposer: author,
    created_at: now.toISOString(),
    source,
    provenance: { kind: "fact", source },
    card: {
      name,
      type,
      ...typeof parsed.meta.description === "string" ? { description: parsed.meta.description } : {},
      body: parsed.body,
      ...parsed.meta.topics.length > 0 ? { topics: parsed.meta.topics } : {}
    },
    target: exists ? card.path : null,
    base_sha256: exists ? sha256Hex(fs.readFileSync(path.join(memoryDir, card.path))) : null,
    conflict: { reason: card.reason, card: card.path, sha256: card.sha256, kept_sha256: card.kept_sha256, text: card.text }
  };
  return proposal;
}
function reconcileHistory(memoryDir, cards, now) {
  const entries = readHistory(memoryDir).entries;
  const latest = latestByCard(entries);
  let appended = 0;
  for (const card of new Set(cards)) {
    if (!typeFromFileName(card) || card.includes("/")) continue;
    const last = latest.get(card);
    let content;
    try {
      content = fs.readFileSync(path.join(memoryDir, card));
    } catch {
      content = null;
    }
    if (content === null ? last === void 0 || last.sha256 === null : last !== void 0 && last.sha256 === sha256Hex(content)) continue;
    if (content !== null && last === void 0) continue;
    const entry = makeEntry(entries, card, content === null ? "delete" : "adopt", "system", now, content);
    appendHistory(memoryDir, entry);
    entries.push(entry);
    appended++;
  }
  return appended;
}

// lib/sync/message.ts
import os from "node:os";
var OP_VERB = { create: "new", update: "edit", delete: "rm", adopt: "adopt", import: "import" };
async function commitMessage(memoryDir, options) {
  const before = await runGit(memoryDir, ["show", `HEAD:${HISTORY_RELPATH}`], options);
  const seen = new Set(before.code === 0 ? before.stdout.split("\n") : []);
  const staged = await runGit(memoryDir, ["show", `:${HISTORY_RELPATH}`], options);
  const added = staged.code === 0 ? parseHistory(
    staged.stdout.split("\n").filter((l) => !seen.has(l)).join("\n")
  ).entries : [];
  const numstat = await runGit(memoryDir, ["diff", "--cached", "--numstat", "--no-renames"], options);
  const files = numstat.stdout.split("\n").filter(Boolean).map((l) => l.split("	")).map(([add, del, file]) => ({ add: Number(add) || 0, del: Number(del) || 0, file: file ?? "" }));
  const episodes = files.filter((f) => /^episodes(\.[^/]+)?\.jsonl$/.test(f.file)).reduce((n, f) => n + f.add, 0);
  const proposals = files.filter((f) => /^\.memctl\/proposals\/[^/]+\.json$/.test(f.file)).length;
  const cards = [...new Map(added.map((e) => [e.card, e])).values()];
  const actors = [...new Set(added.map((e) => e.actor))];
  const parts = [];
  if (cards.length > 0) {
    const named = cards.slice(0, 3).map((e) => `${OP_VERB[e.op] ?? e.op} ${e.card}`);
    parts.push(named.join(", ") + (cards.length > 3 ? ` (+${cards.length - 3} more)` : "") + ` by ${actors.join(", ")}`);
  }
  if (episodes > 0) parts.push(`${episodes} episode${episodes === 1 ? "" : "s"}`);
  if (proposals > 0) parts.push(`${proposals} proposal file${proposals === 1 ? "" : "s"}`);
  if (parts.length === 0) parts.push(`${files.length} file${files.length === 1 ? "" : "s"}`);
  const subject = `memory (${os.hostname()}): ${parts.join("; ")}`;
  const lines = capped(added.map((e) => `${e.at} ${e.card} rev ${e.rev} ${e.op} by ${e.actor}`));
  const touched = new Set(added.map((e) => e.card));
  const others = capped(files.filter((f) => f.file !== HISTORY_RELPATH && !touched.has(f.file)).map((f) => `${f.file} +${f.add} -${f.del}`));
  return { subject, body: [...lines, ...lines.length > 0 && others.length > 0 ? [""] : [], ...others].join("\n") };
}
var MAX_LINES = 100;
function capped(lines) {
  return lines.length <= MAX_LINES ? lines : [...lines.slice(0, MAX_LINES), `\u2026 and ${lines.length - MAX_LINES} more`];
}

// lib/sync/tree-journal.ts
async function journalTreeChange(memoryDir, round) {
  const before = snapshotIndex(memoryDir);
  let touched;
  try {
    touched = await round();
  } finally {
    if (touched === void 0 || touched.length > 0) journalChange(memoryDir, before, touched);
  }
}
async function changedSince(memoryDir, commit, options) {
  return (await git(memoryDir, ["diff", "--name-only", "--no-renames", "-z", commit], options)).split("\0").filter((f) => f !== "");
}

// lib/sync/repair.ts
import fs2 from "node:fs";
import path2 from "node:path";
async function repairKilledMerge(repo, opts) {
  const touched = [];
  for (const name of fs2.readdirSync(repo)) if (name.startsWith(".merge_file_")) fs2.rmSync(path2.join(repo, name), { force: true });
  const changed = (await git(repo, ["diff", "--name-status", "--no-renames", "-z", "HEAD"], opts)).split("\0");
  const history = latestByCard(readHistory(repo).entries);
  for (let i = 0; i + 1 < changed.length; i += 2) {
    const status = changed[i];
    const file = changed[i + 1];
    const abs = path2.join(repo, file);
    const head = await runGit(repo, ["show", `HEAD:${file}`], opts);
    if (head.code !== 0) continue;
    const now = fs2.existsSync(abs) ? fs2.readFileSync(abs, "utf8") : void 0;
    let next;
    if (file.endsWith(".jsonl")) next = mergeLog("", head.stdout, now ?? "");
    else if (/^MEMORY(\..+)?\.md$/.test(file)) next = now === void 0 ? head.stdout : mergeIndex("", now, head.stdout);
    else if (status === "D" && !(typeFromFileName(file) && history.get(file)?.op === "delete")) next = head.stdout;
    if (next === void 0 || next === now) continue;
    await commitFile(abs, next);
    touched.push(file);
  }
  const index = path2.join(repo, "MEMORY.md");
  if (fs2.existsSync(index)) {
    const text = fs2.readFileSync(index, "utf8");
    const dead = new Set(
      parseIndex(text).entries.filter((e) => !e.file.includes("/") && typeFromFileName(e.file) && !fs2.existsSync(path2.join(repo, e.file))).map((e) => e.line - 1)
    );
    if (dead.size > 0)
      await commitFile(
        index,
        text.split("\n").filter((_, i) => !dead.has(i)).join("\n")
      );
  }
  return touched;
}

// lib/sync/unmerged.ts
import fs3 from "node:fs";
import path3 from "node:path";
async function unmergedPaths(repo, options) {
  const out = await git(repo, ["ls-files", "-u", "-z"], options);
  const paths = /* @__PURE__ */ new Map();
  for (const record of out.split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("	");
    const [, sha, stage] = record.slice(0, tab).split(" ");
    const file = record.slice(tab + 1);
    const s = paths.get(file) ?? {};
    if (stage === "1") s.base = sha;
    if (stage === "2") s.ours = sha;
    if (stage === "3") s.theirs = sha;
    paths.set(file, s);
  }
  return paths;
}
function kindOf(file) {
  if (file.endsWith(".jsonl")) return "log";
  if (!file.includes("/") && /^MEMORY(\..+)?\.md$/.test(file)) return "index";
  if (!file.includes("/") && typeFromFileName(file)) return "card";
  if (file.startsWith(".memctl/")) return "ours";
  return void 0;
}
async function resolveUnmerged(repo, options) {
  const paths = await unmergedPaths(repo, options);
  const blobs = await readBlobs(
    repo,
    [...paths.values()].flatMap((s) => [s.base, s.ours, s.theirs].filter((x) => x !== void 0)),
    options
  );
  const text = (sha) => sha === void 0 ? "" : blobs.get(sha);
  const add = [];
  const remove = [];
  for (const [file, s] of paths) {
    const abs = path3.join(repo, file);
    const kind = kindOf(file);
    if (s.ours !== void 0 && s.theirs !== void 0) {
      const ours = text(s.ours);
      const merged = mergeText(
        kind ?? "card",
        text(s.base),
        ours,
        text(s.theirs),
        (loser) => kind === "card" ? parkIncoming(repo, { path: file, text: loser, sha256: sha256Hex(loser), kept_sha256: sha256Hex(ours), reason: "edited-both" }) : commitFileSync(`${abs}.theirs-${s.theirs.slice(0, 8)}`, loser)
      );
      await commitFile(abs, merged);
      add.push(file);
    } else if (s.ours !== void 0 || s.theirs !== void 0) {
      const edited = text(s.ours ?? s.theirs);
      if (kind === "card") {
        parkIncoming(repo, { path: file, text: edited, sha256: sha256Hex(edited), kept_sha256: null, reason: "removed-edited" });
        fs3.rmSync(abs, { force: true });
        remove.push(file);
      } else {
        await commitFile(abs, edited);
        add.push(file);
      }
    } else {
      fs3.rmSync(abs, { force: true });
      remove.push(file);
    }
  }
  if (add.length > 0) await git(repo, ["add", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...options, input: add.join("\0") });
  if (remove.length > 0)
    await git(repo, ["rm", "--cached", "--quiet", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...options, input: remove.join("\0") });
  return [...paths.keys()];
}

// lib/sync/arrivals.ts
import fs4 from "node:fs";
import path4 from "node:path";
var EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
var INDEX = /^MEMORY(\.[^/]+)?\.md$/;
var COMPACT = ".memctl/compact.json";
async function inspectArrivals(ctx, before, remoteRef, opts) {
  const dir = ctx.memoryDir;
  const limits = withDefaults(ctx.guardrails);
  const base = before ?? EMPTY_TREE;
  const changes = (await git(dir, ["diff", "--name-status", "--no-renames", "-z", base, "HEAD"], opts)).split("\0");
  const pushers = await pushersOf(dir, before, remoteRef, opts);
  const at = ctx.now().toISOString();
  const added = [];
  const item = (rel, kind, state, reasons, extra = {}) => {
    const sha = extra.sha256 !== void 0 ? extra.sha256 : currentSha(dir, rel);
    const who = pushers.get(rel) ?? pushers.get("") ?? { authors: [], commit: remoteRef };
    const a = {
      id: `a-${sha256Hex(`${rel}\0${sha}\0${who.commit}\0${kind}`).slice(0, 12)}`,
      path: rel,
      kind,
      state,
      sha256: sha,
      reasons,
      pushed_by: who.authors,
      commit: who.commit,
      before: before ?? null,
      at,
      ...extra
    };
    const stamp = stampOf(dir, rel);
    if (stamp && a.sha256 !== null) a.stamp = stamp;
    added.push(a);
    return a;
  };
  const cardItems = /* @__PURE__ */ new Set();
  const indexFiles = [];
  for (let i = 0; i + 1 < changes.length; i += 2) {
    const status = changes[i];
    const rel = changes[i + 1];
    if (isPerMachine(rel) || rel === ".gitignore" || rel === ".gitattributes" || rel.endsWith(".jsonl")) continue;
    if (INDEX.test(rel)) {
      indexFiles.push(rel);
      continue;
    }
    if (status === "D") {
      if (ctx.trust === "shared" && rel.endsWith(".md")) item(rel, "removed", "pending", ["removed on another machine"], { sha256: null });
      continue;
    }
    const previous = before ? await blobText(dir, before, rel, opts) : void 0;
    const problems = await fileProblems(dir, rel, previous, limits, ctx.secrets);
    if (problems.length > 0) {
      item(rel, rel === COMPACT ? "compact" : isCardFile(rel) ? previous === void 0 ? "new" : "edited" : "file", "quarantined", problems);
      cardItems.add(rel);
      continue;
    }
    if (ctx.trust !== "shared") continue;
    if (rel === COMPACT) item(rel, "compact", "pending", ["a compact summary from another machine"]);
    else if (rel.endsWith(".md") && !rel.startsWith(".memctl/")) {
      const text = fs4.readFileSync(path4.join(dir, rel), "utf8");
      const pinned = parseCard(text).meta.priority === "always" && (previous === void 0 || parseCard(previous).meta.priority !== "always");
      item(rel, pinned ? "pinned" : previous === void 0 ? "new" : "edited", "pending", [
        pinned ? "pinned (priority: always): injected into every prompt" : "changed on another machine"
      ]);
      cardItems.add(rel);
    }
  }
  for (const rel of indexFiles) await inspectIndex(ctx, rel, before, opts, cardItems, item);
  overLimits(dir, limits, added);
  const kept = readArrivals(dir).items.filter((old) => old.sha256 === currentSha(dir, old.path) && !added.some((a) => a.id === old.id));
  if (added.length > 0 || kept.length !== readArrivals(dir).items.length) await writeArrivals(dir, { version: 1, items: [...kept, ...added] });
  return added;
}
async function inspectIndex(ctx, rel, before, opts, cardItems, item) {
  const old = new Set(before ? parseIndex(await blobText(ctx.memoryDir, before, rel, opts) ?? "").entries.map((e) => e.raw) : []);
  let text;
  try {
    text = fs4.readFileSync(path4.join(ctx.memoryDir, rel), "utf8");
  } catch {
    return;
  }
  for (const entry of parseIndex(text).entries) {
    if (old.has(entry.raw)) continue;
    const target = normalise(entry.file);
    const secrets = await findSecrets(entry.raw, ctx.secrets);
    if (secrets.length > 0) item(target, "index", "quarantined", [`its index line holds a secret (${secrets.map((s) => s.kind).join(", ")})`], { line: entry.raw });
    else if (ctx.trust === "shared" && !cardItems.has(target)) item(target, "index", "pending", ["index line added or changed on another machine"], { line: entry.raw });
  }
}
async function fileProblems(dir, rel, previous, limits, policy) {
  const abs = path4.join(dir, rel);
  const st = fs4.lstatSync(abs, { throwIfNoEntry: false });
  if (!st) return [];
  if (st.isSymbolicLink()) return [`a symlink (to ${fs4.readlinkSync(abs)}): memctl never writes or follows links in a store`];
  if (!st.isFile()) return ["not a regular file"];
  if (st.size > limits.maxFileBytes) return [`${st.size} bytes; the per-file limit is ${limits.maxFileBytes}`];
  const problems = [];
  const text = fs4.readFileSync(abs, "utf8");
  if (isCardFile(rel)) problems.push(...cardTextProblems(text, previous).map((p) => `breaks the card rules: ${p}`));
  const secrets = await findSecrets(text, policy);
  if (secrets.length > 0) problems.push(`holds a secret (${[...new Set(secrets.map((s) => s.kind))].join(", ")})`);
  return problems;
}
function overLimits(dir, limits, added) {
  const usage = measureStore(dir);
  const sizeOf = (a) => a.stamp?.[1] ?? 0;
  for (const a of added.filter((x) => x.state === "quarantined" && x.kind !== "index")) {
    usage.bytes -= sizeOf(a);
    usage.files -= 1;
  }
  const candidates = added.filter((a) => a.state !== "quarantined" && a.kind !== "removed" && a.kind !== "index" && a.kind !== "compact").sort((x, y) => sizeOf(y) - sizeOf(x));
  for (const a of candidates) {
    if (usage.bytes <= limits.maxTotalBytes && usage.files <= limits.maxFiles) return;
    a.state = "quarantined";
    a.reasons = [`the store would hold ${usage.bytes} bytes in ${usage.files} files; the limits are ${limits.maxTotalBytes} bytes and ${limits.maxFiles} files`];
    usage.bytes -= sizeOf(a);
    usage.files -= 1;
  }
}
async function blobText(dir, commit, rel, opts) {
  const r = await runGit(dir, ["show", `${commit}:${rel}`], opts);
  return r.code === 0 ? r.stdout : void 0;
}
async function pushersOf(dir, before, remoteRef, opts) {
  const range = before ? [`${before}..${remoteRef}`] : [remoteRef];
  const out = await git(dir, ["-c", "core.quotePath=false", "log", "--no-renames", "--format=%x01%H %an <%ae>", "--name-only", ...range], opts);
  const map = /* @__PURE__ */ new Map();
  const add = (key, author, commit) => {
    const entry = map.get(key) ?? { authors: [], commit };
    if (!entry.authors.includes(author)) entry.authors.push(author);
    map.set(key, entry);
  };
  for (const block of out.split("").filter(Boolean)) {
    const [head, ...files] = block.split("\n");
    const commit = head.slice(0, head.indexOf(" "));
    const author = head.slice(head.indexOf(" ") + 1);
    add("", author, commit);
    for (const f of files) if (f) add(f, author, commit);
  }
  return map;
}

// lib/sync/incoming.ts
import fs5 from "node:fs";
import path5 from "node:path";
async function mergeableCommit(dir, ref, opts) {
  const top = (await git(dir, ["ls-tree", "-z", ref, "--", ".memctl"], opts)).split("\0").filter(Boolean);
  const notDir = top.filter((l) => !l.startsWith("040000 ")).map((l) => l.slice(l.indexOf("	") + 1));
  const listed = (await git(dir, ["ls-tree", "-r", "-z", "--name-only", ref, "--", ".memctl/"], opts)).split("\0").filter((f) => f !== "" && isPerMachine(f));
  const dropped = [...notDir, ...listed];
  if (dropped.length === 0) return { commit: ref, dropped };
  const index = path5.join(gitDir(dir), "memctl-incoming.index");
  const env = { ...opts, env: { ...opts.env, GIT_INDEX_FILE: index } };
  try {
    await git(dir, ["read-tree", ref], env);
    await git(dir, ["update-index", "--force-remove", "-z", "--stdin"], { ...env, input: dropped.join("\0") + "\0" });
    const tree = await git(dir, ["write-tree"], env);
    const message = `memory: leave out per-machine files the remote tracks (${dropped.length}): ${dropped.slice(0, 5).join(", ")}${dropped.length > 5 ? ", \u2026" : ""}`;
    return { commit: await git(dir, ["commit-tree", tree, "-p", ref, "-m", message], opts), dropped };
  } finally {
    fs5.rmSync(index, { force: true });
  }
}

// lib/sync/run.ts
var MAX_ROUNDS = 3;
var MERGE_TIMEOUT_MS = 18e4;
async function syncStore(ctx) {
  const opts = { env: ctx.env };
  await assertRepoTop(ctx.memoryDir, opts);
  try {
    return await withStoreLock(ctx.memoryDir, () => syncAsJob(ctx, opts), { name: "sync-lock", timeoutMs: 0 });
  } catch (err) {
    if (err instanceof MemctlError && err.code === ERROR_CODES.E_LOCK_TIMEOUT && String(err.data?.lock ?? "").endsWith("sync-lock"))
      throw new MemctlError(ERROR_CODES.E_SYNC_BUSY, "another memctl sync of this store is running; nothing was done (it will carry these changes too)", {
        memory_dir: ctx.memoryDir
      });
    throw err;
  }
}
async function syncAsJob(ctx, opts) {
  let report;
  await runJob(
    { memoryDir: ctx.memoryDir, now: ctx.now, lockTimeoutMs: ctx.lockTimeoutMs },
    "sync",
    async () => {
      report = await syncLocked(ctx, opts);
      const { status, committed, merged, pushed, head, repaired } = report;
      return { status, committed, merged, pushed, head: head ?? null, repaired: repaired.length, proposals: report.proposals.length, arrivals: report.arrivals.length };
    },
    { command: "memctl sync" }
  );
  return report;
}
async function syncLocked(ctx, opts) {
  const upstream = await findUpstream(ctx.memoryDir, opts);
  const trust = await readTrust(ctx.memoryDir, opts);
  const report = {
    status: "local-only",
    committed: 0,
    merged: false,
    pushed: false,
    proposals: [],
    repaired: [],
    ahead: 0,
    behind: 0,
    trust: trust.level,
    trust_chosen: trust.chosen,
    arrivals: [],
    left_out: []
  };
  if (upstream) Object.assign(report, { remote: upstream.remote, branch: upstream.branch });
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    if (upstream) await fetch(ctx, upstream, opts);
    await ctx.onPhase?.("fetched");
    await withStoreLock(ctx.memoryDir, () => local(ctx, upstream, opts, report), { timeoutMs: ctx.lockTimeoutMs ?? 1e4 });
    if (!upstream) break;
    const counts = await aheadBehind(ctx.memoryDir, upstream.trackingRef, opts) ?? { ahead: 0, behind: 0 };
    if (counts.ahead === 0) break;
    const push = await runGit(ctx.memoryDir, ["push", "--quiet", "--no-verify", upstream.remote, `HEAD:refs/heads/${upstream.branch}`], {
      ...opts,
      timeoutMs: ctx.networkTimeoutMs ?? NETWORK_TIMEOUT_MS
    });
    if (push.code === 0) {
      report.pushed = true;
      await git(ctx.memoryDir, ["update-ref", upstream.trackingRef, "HEAD"], opts);
      break;
    }
    const rejected = /\[rejected\]|non-fast-forward|fetch first|failed to push some refs/.test(push.stderr);
    if (!rejected || round === MAX_ROUNDS) throw offline(upstream, push.stderr, "your commits stay here and go with the next sync");
  }
  if (upstream) {
    const counts = await aheadBehind(ctx.memoryDir, upstream.trackingRef, opts) ?? { ahead: 0, behind: 0 };
    Object.assign(report, counts);
    report.status = report.committed > 0 || report.merged || report.pushed ? "synced" : "up-to-date";
  }
  report.head = await headCommit(ctx.memoryDir, opts);
  await writeLastSync(ctx.memoryDir, { at: ctx.now().toISOString(), result: report.status, head: report.head, remote: upstream?.remote, branch: upstream?.branch });
  return report;
}
async function fetch(ctx, upstream, opts) {
  const refspec = `+refs/heads/${upstream.branch}:${upstream.trackingRef}`;
  const r = await runGit(ctx.memoryDir, ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", upstream.remote, refspec], {
    ...opts,
    timeoutMs: ctx.networkTimeoutMs ?? NETWORK_TIMEOUT_MS
  }).catch((err) => {
    throw err instanceof MemctlError && err.code === ERROR_CODES.E_SYNC_GIT ? offline(upstream, err.message, "nothing was changed") : err;
  });
  if (r.code !== 0 && !/couldn't find remote ref/i.test(r.stderr)) throw offline(upstream, r.stderr, "nothing was changed");
}
function offline(upstream, detail, consequence) {
  const why = detail.trim().split("\n").slice(-2).join(" / ");
  return new MemctlError(ERROR_CODES.E_SYNC_OFFLINE, `cannot reach ${upstream.remote} (${why}); ${consequence}. Retry when online: memctl sync`, {
    remote: upstream.remote
  });
}
async function local(ctx, upstream, opts, report) {
  const tracked = {
    ...opts,
    onSpawn: (pid) => writeJournal(ctx.memoryDir, { ...readJournal(ctx.memoryDir) ?? { pid: process.pid, phase: "commit" }, git_pid: pid })
  };
  await journalTreeChange(ctx.memoryDir, async () => {
    const repaired = await repair(ctx, upstream, opts, report);
    report.repaired.push(...repaired);
    const rules = (await writeRepoRules(ctx.memoryDir)).filter((f) => !f.startsWith(".git/"));
    const merged = await commitAndMerge(ctx, upstream, opts, tracked, report);
    return repaired.length > 0 || merged === void 0 ? void 0 : [...rules, ...merged];
  });
  writeJournal(ctx.memoryDir, void 0);
}
async function commitAndMerge(ctx, upstream, opts, tracked, report) {
  await configureDrivers(ctx.memoryDir, ctx.driverCommand, opts);
  writeJournal(ctx.memoryDir, { pid: process.pid, phase: "commit" });
  report.committed += await commitLocal(ctx.memoryDir, tracked);
  if (upstream && await refExists(ctx.memoryDir, upstream.trackingRef, opts)) {
    const head = await headCommit(ctx.memoryDir, opts);
    const upToDate = head !== void 0 && (await runGit(ctx.memoryDir, ["merge-base", "--is-ancestor", upstream.trackingRef, "HEAD"], opts)).code === 0;
    if (!upToDate) {
      writeJournal(ctx.memoryDir, { pid: process.pid, phase: "merge", head_before: head });
      const incoming = await mergeableCommit(ctx.memoryDir, upstream.trackingRef, opts);
      report.left_out.push(...incoming.dropped.filter((f) => !report.left_out.includes(f)));
      await ctx.onPhase?.("merge");
      const args = head === void 0 ? ["reset", "--hard", "-q", incoming.commit] : [
        "merge",
        "--no-edit",
        "-q",
        "-s",
        "recursive",
        "-X",
        "no-renames",
        "--allow-unrelated-histories",
        "-m",
        `memory: merge ${upstream.remote}/${upstream.branch}`,
        incoming.commit
      ];
      const r = await runGit(ctx.memoryDir, args, { ...tracked, timeoutMs: MERGE_TIMEOUT_MS });
      if (r.code !== 0) {
        if (!fs6.existsSync(path6.join(gitDir(ctx.memoryDir), "MERGE_HEAD"))) throw gitFailure(args, r);
        await finishMerge(ctx, tracked);
      }
      report.merged = true;
      await afterMerge(ctx, head, upstream, tracked, report);
      return head === void 0 ? void 0 : changedSince(ctx.memoryDir, head, opts);
    }
  }
  return [];
}
async function commitLocal(dir, opts) {
  await git(dir, ["add", "-A"], opts);
  const tracked = (await git(dir, ["ls-files", "-z", "--", ".memctl"], opts)).split("\0").filter((f) => f !== "" && isPerMachine(f));
  if (tracked.length > 0) await git(dir, ["rm", "--cached", "-q", "--", ...tracked], opts);
  if ((await runGit(dir, ["diff", "--cached", "--quiet"], opts)).code === 0 && await headCommit(dir, opts) !== void 0) return 0;
  const { subject, body } = await commitMessage(dir, opts);
  await git(dir, ["commit", "-q", "--no-verify", "--allow-empty", "-m", subject, ...body ? ["-m", body] : []], opts);
  return 1;
}
async function finishMerge(ctx, opts) {
  writeJournal(ctx.memoryDir, { ...readJournal(ctx.memoryDir) ?? { pid: process.pid }, pid: process.pid, phase: "resolve" });
  await resolveUnmerged(ctx.memoryDir, opts);
  await git(ctx.memoryDir, ["commit", "-q", "--no-verify", "--no-edit"], opts);
}
async function afterMerge(ctx, headBefore, upstream, opts, report) {
  const changed = headBefore === void 0 ? [] : (await git(ctx.memoryDir, ["diff", "--name-only", "--no-renames", "-z", headBefore, "HEAD"], opts)).split("\0").filter(Boolean);
  const staged = await stageIncoming(ctx.memoryDir, ctx.now());
  report.proposals.push(...staged.map((p) => p.id));
  reconcileHistory(ctx.memoryDir, [...changed, ...staged.map((p) => p.conflict?.card ?? "")], ctx.now());
  if (upstream) {
    const held = await inspectArrivals({ ...ctx, trust: report.trust }, headBefore, upstream.trackingRef, opts);
    report.arrivals.push(...held);
  }
  await git(ctx.memoryDir, ["add", "-A"], opts);
  if ((await runGit(ctx.memoryDir, ["diff", "--cached", "--quiet"], opts)).code !== 0) {
    const n = staged.length;
    await git(
      ctx.memoryDir,
      ["commit", "-q", "--no-verify", "-m", `memory: merge follow-up${n > 0 ? `, ${n} conflicting edit${n === 1 ? "" : "s"} kept as proposal${n === 1 ? "" : "s"}` : ""}`],
      opts
    );
  }
}
async function repair(ctx, upstream, opts, report) {
  const repaired = [];
  const journal = readJournal(ctx.memoryDir);
  const indexLock = path6.join(gitDir(ctx.memoryDir), "index.lock");
  if (fs6.existsSync(indexLock)) {
    const ours = journal !== void 0 && !processAlive(journal.pid) && (journal.git_pid === void 0 || !processAlive(journal.git_pid));
    if (!ours)
      throw new MemctlError(
        ERROR_CODES.E_SYNC_BUSY,
        `git is running in ${ctx.memoryDir} (.git/index.lock exists); retry when it is done, or remove that file if no git is running`
      );
    fs6.rmSync(indexLock, { force: true });
    repaired.push("removed the git index lock a killed sync left");
  }
  if (fs6.existsSync(path6.join(gitDir(ctx.memoryDir), "MERGE_HEAD"))) {
    const head = await headCommit(ctx.memoryDir, opts);
    await finishMerge(ctx, opts);
    await afterMerge(ctx, head, upstream, opts, report);
    repaired.push("finished a merge a killed sync left");
  }
  if (journal !== void 0 && journal.phase !== "commit" && !processAlive(journal.pid)) {
    if (journal.phase === "merge" && await headCommit(ctx.memoryDir, opts) === journal.head_before) await repairKilledMerge(ctx.memoryDir, opts);
    repaired.push(`resumed after a sync killed in its ${journal.phase} step`);
  }
  return repaired;
}

// lib/cli/sync.ts
var spec = {
  name: "sync",
  summary: commandSummary("sync"),
  positionals: [
    {
      name: "init",
      description: "`init <remote-url>`: make the memory directory a git repository syncing with that remote (writes .gitignore, merge rules in .git/info/attributes, merge drivers); `trust own|shared`: change how far this machine trusts the remote"
    },
    { name: "remote", description: "the remote's URL or path (with init); own or shared (with trust)" }
  ],
  flags: {
    status: { type: "boolean", description: "report ahead / behind (as of the last fetch), uncommitted changes, the last sync and unresolved conflicts; no network" },
    detach: { type: "boolean", description: "start the sync in the background and return at once (for a session-end hook); its output goes to .memctl/sync/last.log" },
    trust: {
      type: "string",
      valueName: "LEVEL",
      description: "with init: own (only your machines push there: arrivals apply, still checked) or shared (teammates: card, index and compact changes wait for memctl accept); asked on a terminal, else shared"
    },
    timeout: { type: "number", valueName: "SECONDS", description: "limit for each network step (fetch, push); default 60" },
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "synced, already up to date, or committed locally (no remote); --status printed; --detach started",
    1: "offline or the remote refused (nothing changed; local commits stay), a git step failed or timed out, another sync is running, the store is not a git repository of its own",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: "Commits local memory (the message lists who wrote which cards), fetches, merges, pushes. Logs (episodes, history, proposals log) merge as unions, MEMORY.md lines by card; a card edited on both machines keeps this machine's text and the other arrives as a pending proposal (memctl review shows both); a card removed on one side and edited on the other stays removed and the edit becomes a proposal. Per-machine state under .memctl/ (rank cache, usage, locks, sync state, the job ledger) is never committed. Each sync is a job of this machine's ledger (memctl jobs): a killed one shows as stuck and the next sync resumes it. Every git call has a time limit and never prompts.",
  examples: ["memctl sync init git@github.com:me/memory.git --trust own", "memctl sync trust shared", "memctl sync", "memctl sync --status", "memctl sync --detach"]
};
async function run(argv, io) {
  if (argv[0] === "merge-driver") return mergeDriver(argv.slice(1), io);
  const args = parseArgs(spec, argv);
  const [verb, remote] = args.positionals;
  if (verb !== void 0 && verb !== "init" && verb !== "trust")
    throw usageError(`unknown sync action "${verb}"; use "memctl sync", "memctl sync init <remote-url>", "memctl sync trust own|shared" or "memctl sync --status"`);
  const trustFlag = str(args, "trust");
  if (trustFlag !== void 0 && !isTrustLevel(trustFlag)) throw usageError(`--trust takes own or shared, not "${trustFlag}"`);
  if (trustFlag !== void 0 && verb !== "init") throw usageError("--trust goes with memctl sync init; to change it later: memctl sync trust own|shared");
  if (verb === "trust") return setTrust(args, remote, io);
  if (verb === "init" && (remote === void 0 || remote === "")) throw usageError("memctl sync init needs the remote: memctl sync init <remote-url>");
  if (verb === "init") assertOwnerShell(io, "choose where canonical memory syncs to (memctl sync init)");
  const { memoryDir } = requireStore(args, io);
  const json = bool(args, "json");
  if (bool(args, "status")) {
    const status = await syncStatus(memoryDir, io.env);
    if (json) printJson(io, { memory_dir: memoryDir, ...status });
    else io.stdout.write(renderStatus(memoryDir, status, io));
    return 0;
  }
  if (bool(args, "detach")) return detach(memoryDir, argv, io);
  const timeout = args.flags.timeout;
  if (timeout !== void 0 && !(timeout > 0)) throw usageError("--timeout takes a positive number of seconds");
  const driverCommand = [process.execPath, path7.join(findPackageRoot(), "dist", "cli.js")];
  if (verb === "init") await init(memoryDir, remote, driverCommand, io, trustFlag);
  const report = await syncStore({
    memoryDir,
    env: io.env,
    now: io.now,
    driverCommand,
    networkTimeoutMs: timeout !== void 0 ? timeout * 1e3 : void 0,
    guardrails: configuredGuardrails(io),
    secrets: secretPolicy(io),
    onPhase: pauseFromEnv(io.env)
  });
  if (verb === "init" && report.branch) await setUpstream(memoryDir, report, io);
  if (json) printJson(io, { memory_dir: memoryDir, ...report });
  else io.stdout.write(renderReport(memoryDir, report, io));
  return 0;
}
async function init(memoryDir, remote, driverCommand, io, trust) {
  const opts = { env: io.env };
  const level = trust ?? await askTrust(remote, io);
  if (!fs7.existsSync(path7.join(memoryDir, ".git"))) await git(memoryDir, ["init", "-q", "-b", "main"], opts);
  const current = await runGit(memoryDir, ["remote", "get-url", "origin"], opts);
  if (current.code !== 0) await git(memoryDir, ["remote", "add", "origin", remote], opts);
  else if (current.stdout.trim() !== remote) await git(memoryDir, ["remote", "set-url", "origin", remote], opts);
  await writeRepoRules(memoryDir);
  await configureDrivers(memoryDir, driverCommand, opts);
  await writeTrust(memoryDir, level, opts);
}
async function askTrust(remote, io) {
  if (!io.ask) return DEFAULT_TRUST;
  const answer = (await io.ask(`Who pushes to ${inertText(remote)}? own (only your machines) or shared (teammates too) [shared]: `))?.trim().toLowerCase();
  return isTrustLevel(answer) ? answer : DEFAULT_TRUST;
}
async function setTrust(args, level, io) {
  if (!isTrustLevel(level)) throw usageError("memctl sync trust takes own or shared: memctl sync trust own");
  const { memoryDir } = requireStore(args, io);
  await assertRepoTop(memoryDir, { env: io.env });
  await writeTrust(memoryDir, level, { env: io.env });
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, trust: level });
  else
    io.stdout.write(
      `${colorsFor(io).green("\u2713")} this machine trusts its remote as ${level}: ${level === "own" ? "what arrives applies (still checked like a local write)" : "card, index and compact changes that arrive wait for memctl review / accept"}
`
    );
  return 0;
}
async function setUpstream(memoryDir, report, io) {
  const branch = (await runGit(memoryDir, ["symbolic-ref", "--short", "-q", "HEAD"], { env: io.env })).stdout.trim();
  if (!branch || !report.pushed) return;
  await git(memoryDir, ["config", `branch.${branch}.remote`, report.remote], { env: io.env });
  await git(memoryDir, ["config", `branch.${branch}.merge`, `refs/heads/${report.branch}`], { env: io.env });
}
function pauseFromEnv(env) {
  const m = /^([a-z]+):(\d+)$/.exec(env.MEMCTL_SYNC_PAUSE ?? "");
  if (!m) return void 0;
  return (phase) => phase === m[1] ? new Promise((r) => setTimeout(r, Number(m[2]))) : Promise.resolve();
}
async function mergeDriver(argv, io) {
  const [kind, base, ours, theirs, file] = argv;
  if (!kind || !(kind in DRIVER_KINDS) || !base || !ours || !theirs || !file)
    throw usageError(`merge-driver takes <${Object.keys(DRIVER_KINDS).join("|")}> %O %A %B %P (git runs it; see .git/config)`);
  const pause = /^driver:(\d+)$/.exec(io.env.MEMCTL_SYNC_PAUSE ?? "");
  if (pause) {
    commitFileSync(path7.join(realDir(io.cwd, ...SYNC_DIR.split("/")), "driver-paused"), String(process.pid), { durable: false });
    await new Promise((r) => setTimeout(r, Number(pause[1])));
  }
  runMergeDriver(kind, { base, ours, theirs, path: file, cwd: io.cwd });
  return 0;
}
function detach(memoryDir, argv, io) {
  const log = path7.join(realDir(memoryDir, ...SYNC_DIR.split("/")), "last.log");
  const fd = fs7.openSync(log, "w");
  const child = spawn(process.execPath, [path7.join(findPackageRoot(), "dist", "cli.js"), "sync", ...argv.filter((a) => a !== "--detach")], {
    cwd: io.cwd,
    env: io.env,
    detached: true,
    stdio: ["ignore", fd, fd]
  });
  child.unref();
  fs7.closeSync(fd);
  if (bool(parseArgs(spec, argv), "json")) printJson(io, { memory_dir: memoryDir, started: true, pid: child.pid, log });
  else io.stdout.write(`sync started in the background (pid ${child.pid}); its output: ${inertText(log)}; memctl sync --status shows the result
`);
  return 0;
}
function renderReport(memoryDir, r, io) {
  const c = colorsFor(io);
  const where = r.remote ? `${r.remote}/${r.branch}` : "no remote";
  const did = [r.committed > 0 ? "committed local changes" : "", r.merged ? "merged" : "", r.pushed ? "pushed" : ""].filter(Boolean).join(", ");
  const lines = [`${c.green("\u2713")} ${inertText(memoryDir)} \u2194 ${inertText(where)}: ${r.status === "up-to-date" ? "already up to date" : did || "nothing to do"}`];
  if (r.status === "local-only") lines.push(`  no remote to sync with: memctl sync init <remote-url>`);
  for (const x of r.repaired) lines.push(`  repaired: ${x}`);
  if (r.proposals.length > 0)
    lines.push(`  ${r.proposals.length} card${r.proposals.length === 1 ? "" : "s"} edited on both sides: the other edit is a pending proposal (memctl review ${r.proposals[0]})`);
  if (r.left_out.length > 0)
    lines.push(c.yellow(`  left out ${r.left_out.length} per-machine file(s) the remote tracks (never applied here): ${r.left_out.map(inertText).join(", ")}`));
  lines.push(...arrivalLines(r.arrivals, c));
  if (r.merged && !r.trust_chosen) lines.push(`  trust: shared (not chosen); if only your machines push to ${inertText(where)}: memctl sync trust own`);
  return lines.join("\n") + "\n";
}
function arrivalLines(arrivals, c) {
  if (arrivals.length === 0) return [];
  const who = (a) => a.pushed_by.length > 0 ? ` by ${a.pushed_by.map(inertText).join(", ")}` : "";
  const pending = arrivals.filter((a) => a.state === "pending");
  const first = pending.filter((a) => a.kind === "pinned" || a.kind === "compact");
  const rest = pending.filter((a) => !first.includes(a));
  const quarantined = arrivals.filter((a) => a.state === "quarantined");
  const out = [];
  if (pending.length > 0) out.push(c.yellow(`  ${pending.length} change(s) arrived from a shared remote and wait for review (not injected until accepted):`));
  for (const a of [...first, ...rest]) out.push(`    ${a.id}  ${a.kind.padEnd(8)} ${inertText(a.path)}${who(a)}`);
  if (quarantined.length > 0) out.push(c.red(`  ${quarantined.length} arrived file(s) quarantined (kept in git, never injected or shown here):`));
  for (const a of quarantined) out.push(`    ${a.id}  ${inertText(a.path)}${who(a)}: ${a.reasons.map(inertText).join("; ")}`);
  out.push(`  review them: memctl review (memctl accept ID / memctl reject ID --reason R)`);
  return out;
}
function renderStatus(memoryDir, s, io) {
  const c = colorsFor(io);
  if (!s.repo) return `${inertText(memoryDir)} is not synced (not a git repository of its own); memctl sync init <remote-url> makes it one
`;
  const lines = [
    `sync       ${s.remote ? `${s.remote}/${s.branch}` : "no remote"}: ahead ${s.ahead}, behind ${s.behind} (as of the last fetch); ${s.uncommitted} uncommitted change${s.uncommitted === 1 ? "" : "s"}`,
    `trust      ${s.trust.chosen ? s.trust.level : "shared (not chosen)"}: ${s.trust.level === "own" ? "what arrives applies, checked like a local write" : "card, index and compact changes that arrive wait for memctl review / accept"}${s.trust.chosen ? "" : "; if only your machines push there: memctl sync trust own"}`,
    `last sync  ${s.last_sync ? `${s.last_sync.at} (${s.last_sync.result})` : "never"}`
  ];
  const open = s.conflicts.proposals.length + s.conflicts.parked + s.conflicts.files.length;
  lines.push(
    `conflicts  ${open === 0 ? "none" : c.yellow(`${s.conflicts.proposals.length} proposal(s) from sync await review (memctl review)${s.conflicts.parked ? `, ${s.conflicts.parked} parked (the next sync stages them)` : ""}${s.conflicts.files.length ? `, other side kept in ${s.conflicts.files.map(inertText).join(", ")}` : ""}`)}`
  );
  if (s.merge_in_progress) lines.push(c.yellow("merge      a merge is in progress: memctl sync finishes it"));
  if (s.tracked_per_machine.length > 0)
    lines.push(c.yellow(`tracked    per-machine files are committed: ${s.tracked_per_machine.map(inertText).join(", ")} (memctl sync untracks them)`));
  if (!s.drivers_configured) lines.push(c.yellow("drivers    memctl's merge drivers are not in .git/config yet: run memctl sync"));
  return lines.join("\n") + "\n";
}
export {
  run,
  spec
};
