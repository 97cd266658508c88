import path from "node:path";
import { readArrivals, writeArrivals, type Arrival } from "../store/arrivals.js";
import { liveness } from "../store/hold.js";
import { withStoreLock } from "../store/lock.js";
import { EPISODES, INDEX, inspectFile, inspectIndex, inspectLog, itemMaker, pushersOf, type InspectContext } from "./arrivals.js";
import { git, readBlobs, runGit, type GitOptions } from "./git.js";
import { assertRepoTop } from "./repo.js";
import { readMergedText } from "./merged-read.js";
import { withDefaults } from "../records/guardrails.js";
import { overLimits } from "./arrival-checks.js";

// `memctl sync --rebuild-hold`: the hold list (.memctl/arrivals.json) rebuilt from git when it is damaged. What this
// machine committed is the owner's; everything else in HEAD came by a merge, or git cannot tell, and is checked and
// held again as a sync holds what it brings. "Committed here" is what HEAD's reflog records as `git commit` on this
// machine: a fast-forward, a merge or a reset brings another machine's commits, and the reflog (.git/logs) is never
// pushed. Where it has expired (90 days by default) or was never kept, the owner's older files are held for review.

export interface RebuildReport {
  /** Every item the list now holds (what was readable of it, still live, and what the rebuild found). */
  held: Arrival[];
  /** Commits HEAD's reflog records as made on this machine. */
  local_commits: number;
}

const ZERO = /^0+$/;
const LINE_FILE = (rel: string) => INDEX.test(rel) || EPISODES.test(rel);
const REBUILT = "held again by memctl sync --rebuild-hold: git does not show it committed on this machine";

export async function rebuildHold(ctx: InspectContext, opts: GitOptions): Promise<RebuildReport> {
  await assertRepoTop(ctx.memoryDir, opts);
  // Under the sync's lock and the store's: no sync merges and no accept writes the list meanwhile.
  return withStoreLock(ctx.memoryDir, () => withStoreLock(ctx.memoryDir, () => rebuild(ctx, opts)), { name: "sync-lock", timeoutMs: 0 });
}

async function rebuild(ctx: InspectContext, opts: GitOptions): Promise<RebuildReport> {
  const dir = ctx.memoryDir;
  const local = await localCommits(dir, opts);
  const { blobs: owned, lines: ownedLines } = await ownWrites(dir, local, opts);
  const head = await headBlobs(dir, opts);
  // A file changed since HEAD was written here: a merge commits everything it brings.
  const dirty = new Set((await git(dir, ["diff", "--name-only", "--no-renames", "-z", "HEAD", "--"], opts)).split("\0").filter(Boolean));
  const headTexts = await readBlobs(
    dir,
    [...head].filter(([rel]) => LINE_FILE(rel)).map(([, sha]) => sha),
    opts,
  );
  const added: Arrival[] = [];
  const made = itemMaker(ctx, await pushersOf(dir, ["HEAD"], opts, new Set(local)), null, "HEAD", added);
  // A path a commit made here wrote was the owner's file: a teammate's edit of it takes none of the arrivals' limits.
  const item: typeof made = (rel, kind, state, reasons, extra) => made(rel, kind, state, [...reasons, REBUILT], owned.has(rel) ? { ...extra, owners_file: true } : extra);
  const cardItems = new Set<string>();
  const lineFiles: string[] = [];
  for (const [rel, sha] of head) {
    if (LINE_FILE(rel)) lineFiles.push(rel);
    // Checked against itself: the rules a change must pass (a description's length, a field's shape) were the sync's to
    // apply; a card held again is reviewed whole, and an old card of the owner's must not become unacceptable.
    else if (!dirty.has(rel) && !owned.get(rel)?.has(sha)) await inspectFile(ctx, rel, "M", async () => readOr(path.join(dir, rel)), item, cardItems);
  }
  for (const rel of lineFiles) {
    // The owner's lines: those a commit made here added, and those added since HEAD.
    const mine = new Set(ownedLines.get(rel));
    const committed = new Set(splitLines(headTexts.get(head.get(rel)!) ?? ""));
    for (const raw of splitLines(readOr(path.join(dir, rel)))) if (!committed.has(raw)) mine.add(raw);
    const oldText = [...mine].join("\n");
    if (EPISODES.test(rel)) await inspectLog(ctx, rel, oldText, item);
    else await inspectIndex(ctx, rel, oldText, cardItems, item, false);
  }
  // The store's limits as a sync applies them: what would take it past them is quarantined, not merely pending.
  let old: Arrival[] = [];
  try {
    old = readArrivals(dir).items;
  } catch {
    try {
      old = readArrivals(dir, "paths").items; // the notes' file alone is damaged
    } catch {}
  }
  // Nothing a readable part of the list held is released: a rebuild only adds.
  const live = liveness(dir);
  const ids = new Set(added.map((a) => a.id));
  const kept = old.filter((o) => live(o) && !ids.has(o.id));
  overLimits(dir, withDefaults(ctx.guardrails), added, kept);
  const items = [...kept, ...added];
  await writeArrivals(dir, { version: 1, items });
  return { held: items, local_commits: local.length };
}

/** Commits HEAD's reflog records as made here by `git commit` (newest first); none when there is no reflog. */
export async function localCommits(dir: string, opts: GitOptions): Promise<string[]> {
  const r = await runGit(dir, ["reflog", "show", "--format=%H%x09%gs", "HEAD", "--"], opts);
  if (r.code !== 0) return [];
  const out = new Set<string>();
  for (const line of r.stdout.split("\n")) {
    const tab = line.indexOf("\t");
    // Not `commit (merge)`: a merge's tree holds what it brought; `commit (amend)` rewrote a commit made here.
    if (tab > 0 && /^commit( \((initial|amend)\))?: /.test(line.slice(tab + 1))) out.add(line.slice(0, tab));
  }
  return [...out];
}

/** What the commits made here wrote: each path's blobs, and the lines each added to an index or an episode log. */
async function ownWrites(dir: string, commits: readonly string[], opts: GitOptions): Promise<{ blobs: Map<string, Set<string>>; lines: Map<string, Set<string>> }> {
  const blobs = new Map<string, Set<string>>();
  const lines = new Map<string, Set<string>>();
  if (commits.length === 0) return { blobs, lines };
  const out = await git(dir, ["diff-tree", "--stdin", "-r", "--root", "--no-renames", "-z"], { ...opts, input: `${commits.join("\n")}\n` });
  const pairs: [string, string, string][] = [];
  const tokens = out.split("\0");
  for (let i = 0; i < tokens.length; i++) {
    if (!tokens[i]!.startsWith(":")) continue; // a commit's own line
    const [, , oldSha, newSha, status] = tokens[i]!.slice(1).split(" ");
    const rel = tokens[++i]!;
    if (status === "D" || newSha === undefined || ZERO.test(newSha)) continue;
    blobs.set(rel, (blobs.get(rel) ?? new Set()).add(newSha));
    if (LINE_FILE(rel)) pairs.push([rel, oldSha!, newSha]);
  }
  // In batches: a store synced for years holds thousands of versions of a multi-megabyte index.
  for (let at = 0; at < pairs.length; at += 32) {
    const batch = pairs.slice(at, at + 32);
    const texts = await readBlobs(
      dir,
      batch.flatMap(([, o, n]) => (ZERO.test(o) ? [n] : [o, n])),
      opts,
    );
    for (const [rel, o, n] of batch) {
      const before = new Set(splitLines(texts.get(o) ?? ""));
      const set = lines.get(rel) ?? new Set<string>();
      for (const raw of splitLines(texts.get(n) ?? "")) if (!before.has(raw)) set.add(raw);
      lines.set(rel, set);
    }
  }
  return { blobs, lines };
}

/** Path → blob of every file HEAD holds (none before the first commit). */
async function headBlobs(dir: string, opts: GitOptions): Promise<Map<string, string>> {
  const r = await runGit(dir, ["ls-tree", "-r", "-z", "HEAD"], opts);
  const out = new Map<string, string>();
  if (r.code !== 0) return out;
  for (const entry of r.stdout.split("\0").filter(Boolean)) {
    const [, type, sha] = entry.slice(0, entry.indexOf("\t")).split(" ");
    if (type === "blob") out.set(entry.slice(entry.indexOf("\t") + 1), sha!);
  }
  return out;
}

function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * A file's text, "" when it is gone or is no file memctl reads (a link, a FIFO: HEAD's paths came by merges). No size
 * cap, as before: an episode log synced for years may be large, and a regular file's read ends.
 */
function readOr(file: string): string {
  return readMergedText(file, Number.POSITIVE_INFINITY) ?? "";
}
