// lib/sync/rebuild-hold.ts
import path from "node:path";
import { readArrivals, writeArrivals } from "../store/arrivals.js";
import { liveness } from "../store/hold.js";
import { withStoreLock } from "../store/lock.js";
import { EPISODES, INDEX, inspectFile, inspectIndex, inspectLog, itemMaker, pushersOf } from "./arrivals.js";
import { git, readBlobs, runGit } from "./git.js";
import { assertRepoTop } from "./repo.js";
import { readMergedText } from "./merged-read.js";
import { withDefaults } from "../records/guardrails.js";
import { overLimits } from "./arrival-checks.js";
var ZERO = /^0+$/;
var LINE_FILE = (rel) => INDEX.test(rel) || EPISODES.test(rel);
var REBUILT = "held again by memctl sync --rebuild-hold: git does not show it committed on this machine";
async function rebuildHold(ctx, opts) {
  await assertRepoTop(ctx.memoryDir, opts);
  return withStoreLock(ctx.memoryDir, () => withStoreLock(ctx.memoryDir, () => rebuild(ctx, opts)), { name: "sync-lock", timeoutMs: 0 });
}
async function rebuild(ctx, opts) {
  const dir = ctx.memoryDir;
  const local = await localCommits(dir, opts);
  const { blobs: owned, lines: ownedLines } = await ownWrites(dir, local, opts);
  const head = await headBlobs(dir, opts);
  const dirty = new Set((await git(dir, ["diff", "--name-only", "--no-renames", "-z", "HEAD", "--"], opts)).split("\0").filter(Boolean));
  const headTexts = await readBlobs(
    dir,
    [...head].filter(([rel]) => LINE_FILE(rel)).map(([, sha]) => sha),
    opts
  );
  const added = [];
  const made = itemMaker(ctx, await pushersOf(dir, ["HEAD"], opts, new Set(local)), null, "HEAD", added);
  const item = (rel, kind, state, reasons, extra) => made(rel, kind, state, [...reasons, REBUILT], owned.has(rel) ? { ...extra, owners_file: true } : extra);
  const cardItems = /* @__PURE__ */ new Set();
  const lineFiles = [];
  for (const [rel, sha] of head) {
    if (LINE_FILE(rel)) lineFiles.push(rel);
    else if (!dirty.has(rel) && !owned.get(rel)?.has(sha)) await inspectFile(ctx, rel, "M", async () => readOr(path.join(dir, rel)), item, cardItems);
  }
  for (const rel of lineFiles) {
    const mine = new Set(ownedLines.get(rel));
    const committed = new Set(splitLines(headTexts.get(head.get(rel)) ?? ""));
    for (const raw of splitLines(readOr(path.join(dir, rel)))) if (!committed.has(raw)) mine.add(raw);
    const oldText = [...mine].join("\n");
    if (EPISODES.test(rel)) await inspectLog(ctx, rel, oldText, item);
    else await inspectIndex(ctx, rel, oldText, cardItems, item, false);
  }
  let old = [];
  try {
    old = readArrivals(dir).items;
  } catch {
    try {
      old = readArrivals(dir, "paths").items;
    } catch {
    }
  }
  const live = liveness(dir);
  const ids = new Set(added.map((a) => a.id));
  const kept = old.filter((o) => live(o) && !ids.has(o.id));
  overLimits(dir, withDefaults(ctx.guardrails), added, kept);
  const items = [...kept, ...added];
  await writeArrivals(dir, { version: 1, items });
  return { held: items, local_commits: local.length };
}
async function localCommits(dir, opts) {
  const r = await runGit(dir, ["reflog", "show", "--format=%H%x09%gs", "HEAD", "--"], opts);
  if (r.code !== 0) return [];
  const out = /* @__PURE__ */ new Set();
  for (const line of r.stdout.split("\n")) {
    const tab = line.indexOf("	");
    if (tab > 0 && /^commit( \((initial|amend)\))?: /.test(line.slice(tab + 1))) out.add(line.slice(0, tab));
  }
  return [...out];
}
async function ownWrites(dir, commits, opts) {
  const blobs = /* @__PURE__ */ new Map();
  const lines = /* @__PURE__ */ new Map();
  if (commits.length === 0) return { blobs, lines };
  const out = await git(dir, ["diff-tree", "--stdin", "-r", "--root", "--no-renames", "-z"], { ...opts, input: `${commits.join("\n")}
` });
  const pairs = [];
  const tokens = out.split("\0");
  for (let i = 0; i < tokens.length; i++) {
    if (!tokens[i].startsWith(":")) continue;
    const [, , oldSha, newSha, status] = tokens[i].slice(1).split(" ");
    const rel = tokens[++i];
    if (status === "D" || newSha === void 0 || ZERO.test(newSha)) continue;
    blobs.set(rel, (blobs.get(rel) ?? /* @__PURE__ */ new Set()).add(newSha));
    if (LINE_FILE(rel)) pairs.push([rel, oldSha, newSha]);
  }
  for (let at = 0; at < pairs.length; at += 32) {
    const batch = pairs.slice(at, at + 32);
    const texts = await readBlobs(
      dir,
      batch.flatMap(([, o, n]) => ZERO.test(o) ? [n] : [o, n]),
      opts
    );
    for (const [rel, o, n] of batch) {
      const before = new Set(splitLines(texts.get(o) ?? ""));
      const set = lines.get(rel) ?? /* @__PURE__ */ new Set();
      for (const raw of splitLines(texts.get(n) ?? "")) if (!before.has(raw)) set.add(raw);
      lines.set(rel, set);
    }
  }
  return { blobs, lines };
}
async function headBlobs(dir, opts) {
  const r = await runGit(dir, ["ls-tree", "-r", "-z", "HEAD"], opts);
  const out = /* @__PURE__ */ new Map();
  if (r.code !== 0) return out;
  for (const entry of r.stdout.split("\0").filter(Boolean)) {
    const [, type, sha] = entry.slice(0, entry.indexOf("	")).split(" ");
    if (type === "blob") out.set(entry.slice(entry.indexOf("	") + 1), sha);
  }
  return out;
}
function splitLines(text) {
  return text.split(/\r?\n/);
}
function readOr(file) {
  return readMergedText(file, Number.POSITIVE_INFINITY) ?? "";
}
export {
  localCommits,
  rebuildHold
};
