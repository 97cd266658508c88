// lib/sync/arrivals.ts
import path from "node:path";
import { hiddenTextProblem, isCardFile, sameWords } from "../core/card-rules.js";
import { isCardFileName } from "../core/card-types.js";
import { parseCard } from "../core/card.js";
import { parseIndex } from "../core/index-file.js";
import { MemctlError } from "../core/errors.js";
import { sha256Hex } from "../core/sha256.js";
import { readArrivals, writeArrivals } from "../store/arrivals.js";
import { currentSha, liveness, lineSha, normalise, stampOf } from "../store/hold.js";
import { withDefaults } from "../records/guardrails.js";
import { fileProblems, nameFlags, overLimits, PROPOSAL } from "./arrival-checks.js";
import { findSecrets } from "../records/secrets.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import { git, runGit } from "./git.js";
import { isPerMachine } from "./layout.js";
import { readMergedText } from "./merged-read.js";
import { recordArrivedHistory } from "./history-arrived.js";
import { HISTORY_RELPATH } from "../store/history.js";
var EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
var INDEX = /^MEMORY(\.[^/]+)?\.md$/;
var COMPACT = ".memctl/compact.json";
var EPISODES = /^episodes[^/]*\.jsonl$/;
async function inspectArrivals(ctx, before, remoteRef, opts) {
  const dir = ctx.memoryDir;
  const base = before ?? EMPTY_TREE;
  const changes = (await git(dir, ["diff", "--name-status", "--no-renames", "-z", base, "HEAD"], opts)).split("\0");
  const added = [];
  const pushers = await pushersOf(dir, before ? [`${before}..${remoteRef}`] : [remoteRef], opts);
  const item = itemMaker(ctx, pushers, before ?? null, remoteRef, added);
  const cardItems = /* @__PURE__ */ new Set();
  const indexFiles = [];
  const heldPaths = /* @__PURE__ */ new Map();
  for (const a of readArrivals(dir, "paths").items) heldPaths.set(a.path, heldPaths.get(a.path) === true || a.owners_file === true);
  for (let i = 0; i + 1 < changes.length; i += 2) {
    const status = changes[i];
    const rel = changes[i + 1];
    if (rel === HISTORY_RELPATH && status !== "D" && ctx.trust === "shared")
      await recordArrivedHistory(dir, before, pushers.get(rel) ?? pushers.get("") ?? { authors: [], commit: remoteRef }, opts);
    if (EPISODES.test(rel) && status !== "D") await inspectLog(ctx, rel, before ? await blobText(dir, before, rel, opts) ?? "" : "", item);
    if (INDEX.test(rel)) indexFiles.push(rel);
    else await inspectFile(ctx, rel, status, async () => before && status !== "A" ? blobText(dir, before, rel, opts) : void 0, item, cardItems, heldPaths);
  }
  for (const rel of indexFiles) await inspectIndex(ctx, rel, before ? await blobText(dir, before, rel, opts) ?? "" : "", cardItems, item, true);
  await recordArrivals(dir, withDefaults(ctx.guardrails), added);
  return added;
}
async function recordArrivals(dir, limits, added) {
  const live = liveness(dir);
  const listed = readArrivals(dir).items;
  const ids = new Set(added.map((a) => a.id));
  const kept = listed.filter((old) => live(old) && !ids.has(old.id));
  overLimits(dir, limits, added, kept);
  if (added.length > 0 || kept.length !== listed.length) await writeArrivals(dir, { version: 1, items: [...kept, ...added] });
}
function itemMaker(ctx, pushers, before, fallbackCommit, added) {
  const dir = ctx.memoryDir;
  const at = ctx.now().toISOString();
  return (rel, kind, state, reasons, extra = {}) => {
    const sha = extra.sha256 !== void 0 ? extra.sha256 : currentSha(dir, rel);
    const who = pushers.get(rel) ?? pushers.get("") ?? { authors: [], commit: fallbackCommit };
    const a = {
      id: `a-${sha256Hex(`${rel}\0${sha}\0${who.commit}\0${kind}`).slice(0, 12)}`,
      path: rel,
      kind,
      state,
      sha256: sha,
      reasons,
      pushed_by: who.authors,
      commit: who.commit,
      before,
      at,
      ...extra
    };
    const stamp = stampOf(dir, rel);
    if (stamp && a.sha256 !== null) a.stamp = stamp;
    added.push(a);
    return a;
  };
}
async function inspectFile(ctx, rel, status, before, item, cardItems, heldPaths) {
  const dir = ctx.memoryDir;
  if (isPerMachine(rel) || rel === ".gitignore" || rel === ".gitattributes" || rel.endsWith(".jsonl")) return;
  if (status === "D") {
    if (ctx.trust === "shared" && rel.endsWith(".md")) item(rel, "removed", "pending", ["removed on another machine"], { sha256: null });
    return;
  }
  const previous = await before();
  const { problems, text } = await fileProblems(dir, rel, previous, withDefaults(ctx.guardrails), ctx.secrets);
  const named = isCardFile(rel) && previous === void 0 ? nameFlags(ctx, dir, rel) : void 0;
  const owners = previous !== void 0 && heldPaths !== void 0 && heldPaths.get(rel) !== false ? { owners_file: true } : {};
  const flagged = { ...owners, ...named?.looks_like ? { looks_like: named.looks_like } : {} };
  if (problems.length > 0) {
    item(
      rel,
      rel === COMPACT ? "compact" : isCardFile(rel) ? previous === void 0 ? "new" : "edited" : "file",
      "quarantined",
      [...problems, ...named?.reasons ?? []],
      flagged
    );
    cardItems.add(rel);
    return;
  }
  if (ctx.trust !== "shared") return;
  if (rel === COMPACT) item(rel, "compact", "pending", ["a compact summary from another machine"]);
  else if (PROPOSAL.test(rel)) item(rel, "file", "pending", ["a proposal from another machine: its proposer is that machine's, so only memctl accept decides it"]);
  else if (rel.endsWith(".md") && !rel.startsWith(".memctl/") && text !== void 0) {
    if (heldPaths && !heldPaths.has(rel) && previous !== void 0 && isCardFile(rel) && sameWords(previous, text)) return;
    const pinned = parseCard(text).meta.priority === "always" && (previous === void 0 || parseCard(previous).meta.priority !== "always");
    item(
      rel,
      pinned ? "pinned" : previous === void 0 ? "new" : "edited",
      "pending",
      [pinned ? "pinned (priority: always): injected into every prompt" : "changed on another machine", ...named?.reasons ?? []],
      flagged
    );
    cardItems.add(rel);
  }
}
async function inspectIndex(ctx, rel, oldText, cardItems, item, removals) {
  const oldEntries = parseIndex(oldText).entries;
  const old = new Set(oldEntries.map((e) => e.raw));
  const text = readMergedText(path.join(ctx.memoryDir, rel));
  if (text === void 0) return;
  const entries = parseIndex(text).entries;
  await inspectNotes(ctx, rel, oldText, text, new Set(entries.map((e) => e.line)), item);
  if (ctx.trust === "shared" && removals) unlinked(ctx.memoryDir, oldEntries, entries, cardItems, item);
  for (const entry of entries) {
    if (old.has(entry.raw)) continue;
    const target = normalise(entry.file);
    const outside = cardItems.has(target) ? void 0 : linkEscape(ctx.memoryDir, entry.file);
    if (outside !== void 0) {
      item(target, "index", "quarantined", [`its index line links outside the store's files: ${outside}`], { line: entry.raw });
      continue;
    }
    const hidden = cardItems.has(target) ? void 0 : hiddenTextProblem(entry.raw);
    if (hidden !== void 0) {
      item(target, "index", "quarantined", [`its index line ${hidden.replace(/^it /, "")}`], { line: entry.raw });
      continue;
    }
    const secrets = await findSecrets(entry.raw, ctx.secrets);
    if (secrets.length > 0) item(target, "index", "quarantined", [`its index line holds a secret (${secrets.map((s) => s.kind).join(", ")})`], { line: entry.raw });
    else if (ctx.trust === "shared" && !cardItems.has(target)) item(target, "index", "pending", ["index line added or changed on another machine"], { line: entry.raw });
  }
}
async function inspectNotes(ctx, rel, oldText, text, entryLines, item) {
  const old = new Set(oldText.split(/\r?\n/));
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (raw.trim() === "" || old.has(raw) || entryLines.has(i + 1)) continue;
    old.add(raw);
    const problems = [hiddenTextProblem(raw)].filter((p) => p !== void 0);
    const secrets = await findSecrets(raw, ctx.secrets);
    if (secrets.length > 0) problems.push(`holds a secret (${[...new Set(secrets.map((x) => x.kind))].join(", ")})`);
    const held = { sha256: lineSha(raw) };
    if (problems.length > 0)
      item(
        rel,
        "note",
        "quarantined",
        problems.map((p) => `its line ${i + 1} ${p.replace(/^it /, "")}`),
        held
      );
    else if (ctx.trust === "shared") item(rel, "note", "pending", [`line ${i + 1}, not a card link, added or changed on another machine`], { ...held, line: raw });
  }
}
async function inspectLog(ctx, rel, oldText, item) {
  const text = readMergedText(path.join(ctx.memoryDir, rel), Number.POSITIVE_INFINITY);
  if (text === void 0) return;
  const old = new Set(oldText.split("\n"));
  const added = text.split("\n").filter((raw) => raw.trim() !== "" && !old.has(raw));
  if (added.length === 0 || added.every((raw) => hiddenTextProblem(raw) === void 0) && (await findSecrets(added.join("\n"), ctx.secrets)).length === 0) return;
  for (const raw of new Set(added)) {
    const problems = [hiddenTextProblem(raw)].filter((p) => p !== void 0);
    const secrets = await findSecrets(raw, ctx.secrets);
    if (secrets.length > 0) problems.push(`holds a secret (${[...new Set(secrets.map((x) => x.kind))].join(", ")})`);
    if (problems.length > 0)
      item(
        rel,
        "note",
        "quarantined",
        problems.map((p) => `an episode line ${p.replace(/^it /, "")}`),
        { sha256: lineSha(raw) }
      );
  }
}
function unlinked(dir, oldEntries, entries, cardItems, item) {
  const linked = new Set(entries.map((e) => normalise(e.file)));
  const seen = /* @__PURE__ */ new Set();
  for (const e of oldEntries) {
    const target = normalise(e.file);
    if (linked.has(target) || seen.has(target) || cardItems.has(target) || !isCardFileName(target) || linkEscape(dir, target) !== void 0 || currentSha(dir, target) === null)
      continue;
    seen.add(target);
    item(target, "removed", "pending", ["its index line was removed on another machine; the card file stays, no longer injected"], { line: e.raw });
  }
}
function linkEscape(memoryDir, file) {
  if (path.posix.isAbsolute(file) || path.win32.isAbsolute(file)) return `${file} is an absolute path (E_PATH_ESCAPE)`;
  try {
    resolveMemoryPath(memoryDir, file);
    return void 0;
  } catch (err) {
    if (err instanceof MemctlError) return `${err.message.replace(/^Error: /, "")} (${err.code})`;
    throw err;
  }
}
async function blobText(dir, commit, rel, opts) {
  const r = await runGit(dir, ["show", `${commit}:${rel}`], opts);
  return r.code === 0 ? r.stdout : void 0;
}
async function pushersOf(dir, range, opts, skip) {
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
    if (skip?.has(commit)) continue;
    const author = head.slice(head.indexOf(" ") + 1);
    add("", author, commit);
    for (const f of files) if (f) add(f, author, commit);
  }
  return map;
}
export {
  EPISODES,
  INDEX,
  inspectArrivals,
  inspectFile,
  inspectIndex,
  inspectLog,
  itemMaker,
  pushersOf,
  recordArrivals
};
