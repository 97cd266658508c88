import path from "node:path";
import { pastedWord } from "../core/shell-quote.js";
import { isCardFile } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { diffLines, type DiffLine } from "../core/line-diff.js";
import { assertOwner } from "../records/actor.js";
import { readArrivals, writeArrivals, type Arrival } from "../store/arrivals.js";
import { liveness } from "../store/hold.js";
import { appendHistory, makeEntry, readHistory, sha256Hex } from "../store/history.js";
import { withStoreLock } from "../store/lock.js";
import { runGit, type GitOptions } from "./git.js";
import { restoreCard } from "../records/restore.js";
import { relinkCard } from "../records/admin.js";
import type { WriteContext } from "../records/save.js";
import { readRevision } from "../store/revisions.js";
import { readMerged, readMergedText } from "./merged-read.js";

// The owner's side of what a sync held: review lists it beside the proposals, accept releases it (the file
// becomes the owner's: a history revision in the owner's name), reject keeps it out of injection on this
// machine. Neither deletes or rewrites the teammate's file: the git tree stays as merged.

export const ARRIVAL_ID = /^a-[0-9a-f]{1,12}$/;

export function isArrivalId(id: string): boolean {
  return ARRIVAL_ID.test(id);
}

/** Items still holding their path (the file unchanged since it arrived), oldest first. */
export function liveArrivals(memoryDir: string): Arrival[] {
  return readArrivals(memoryDir).items.filter(liveness(memoryDir));
}

export function findArrival(memoryDir: string, id: string): Arrival {
  const hits = liveArrivals(memoryDir).filter((a) => a.id.startsWith(id));
  if (hits.length === 1) return hits[0]!;
  if (hits.length === 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no held arrival ${id}; memctl review lists them`, { id });
  throw new MemctlError(ERROR_CODES.E_MULTIPLE_MATCHES, `${id} matches ${hits.length} arrivals (${hits.map((h) => h.id).join(", ")}); give more of the id`, { id });
}

export interface ArrivalDecision {
  arrival: Arrival;
  /** Other items for the same path released with it (its index line). */
  released: string[];
  /** A rejected removal: the card written back, as its new revision. */
  restored?: { file: string; rev: number };
  /** A rejected removal of an index line alone: the card whose line was put back. */
  relinked?: string;
}

/** Releases an arrival: removed from the hold list, a history `adopt` revision by the owner for a card. */
export async function acceptArrival(ctx: { memoryDir: string; actor: string; now: Date }, id: string): Promise<ArrivalDecision> {
  assertOwner(ctx.actor, "accept what a sync brought in");
  return withStoreLock(ctx.memoryDir, async () => {
    const arrival = findArrival(ctx.memoryDir, id);
    if (arrival.state === "quarantined")
      throw usageError(
        `${arrival.id} (${arrival.path}) is quarantined: ${arrival.reasons.join("; ")}. It cannot be accepted as it is; fix the file (your edit makes it yours) or remove it with memctl rm.`,
        { id: arrival.id },
      );
    const file = readArrivals(ctx.memoryDir);
    // A note is its own line; a card's items (its file, its index line) go together.
    const released = arrival.kind === "note" ? [arrival.id] : file.items.filter((a) => a.path === arrival.path && a.state !== "quarantined" && a.kind !== "note").map((a) => a.id);
    await writeArrivals(ctx.memoryDir, { version: 1, items: file.items.filter((a) => !released.includes(a.id)) });
    const abs = path.join(ctx.memoryDir, arrival.path);
    // An accepted removal of an index line leaves its card as it was: nothing to adopt.
    const bytes = isCardFile(arrival.path) && arrival.kind !== "removed" && arrival.sha256 !== null ? readMerged(abs) : undefined;
    if (bytes) appendHistory(ctx.memoryDir, makeEntry(readHistory(ctx.memoryDir).entries, arrival.path, "adopt", ctx.actor, ctx.now, bytes));
    return { arrival, released: released.filter((r) => r !== arrival.id) };
  });
}

/** Releases every held arrival that is not quarantined (a first sync into a team store holds every card). */
export async function acceptAllArrivals(ctx: { memoryDir: string; actor: string; now: Date }): Promise<ArrivalDecision[]> {
  assertOwner(ctx.actor, "accept what a sync brought in");
  const decided: ArrivalDecision[] = [];
  const done = new Set<string>();
  for (const a of liveArrivals(ctx.memoryDir)) {
    if (a.state !== "pending" || done.has(a.id)) continue;
    const decision = await acceptArrival(ctx, a.id);
    for (const id of [decision.arrival.id, ...decision.released]) done.add(id);
    decided.push(decision);
  }
  return decided;
}

/**
 * Keeps an arrival out of injection on this machine for as long as the file stays as it arrived. A removal has
 * nothing left to keep out (the merge took the card and its line away): rejecting it restores the card as it stood
 * here before the merge as the owner's write (memctl restore's path, its index line back where it stood), shared by
 * the next sync.
 */
export async function rejectArrival(ctx: WriteContext, id: string, reason: string, git: GitOptions): Promise<ArrivalDecision> {
  assertOwner(ctx.actor, "reject what a sync brought in");
  const removed = findArrival(ctx.memoryDir, id);
  // A removed index line (the card stays) is put back; a removed card is restored from its revision.
  const relinked = removed.kind === "removed" && removed.sha256 !== null && removed.line !== undefined;
  if (relinked) await relinkCard(ctx, removed.path, removed.line!);
  const restored = removed.kind === "removed" && !relinked && isCardFile(removed.path) ? await restoreRemoved(ctx, removed, git) : undefined;
  return withStoreLock(ctx.memoryDir, async () => {
    // A restored removal no longer matches its file (null: absent), so it is not looked up again.
    const arrival = restored || relinked ? removed : findArrival(ctx.memoryDir, id);
    const file = readArrivals(ctx.memoryDir);
    // A line put back leaves nothing to decide: the card is linked as before.
    if (relinked) {
      await writeArrivals(ctx.memoryDir, { version: 1, items: file.items.filter((a) => a.id !== arrival.id) });
      return { arrival: { ...arrival, state: "rejected" as const }, released: [], relinked: arrival.path };
    }
    const items = file.items.map((a) =>
      a.id === arrival.id
        ? { ...a, state: a.state === "quarantined" ? a.state : ("rejected" as const), reasons: [...a.reasons, `rejected by ${ctx.actor} at ${ctx.now.toISOString()}: ${reason}`] }
        : a,
    );
    await writeArrivals(ctx.memoryDir, { version: 1, items });
    return { arrival: items.find((a) => a.id === arrival.id)!, released: [], ...(restored ? { restored } : {}) };
  });
}

/**
 * The removed card as it stood here before the merge (its text at the arrival's `before` commit), written back from
 * the history revision holding exactly that text; E_NOT_FOUND (nothing written) when there is none. Never simply the
 * newest revision: the history and its revisions are shared files, so the newest may be a teammate's unreviewed edit
 * that the merge never brought in as a file (edited, then removed, in one push).
 */
async function restoreRemoved(ctx: WriteContext, arrival: Arrival, git: GitOptions): Promise<{ file: string; rev: number }> {
  const before = arrival.before ? await runGit(ctx.memoryDir, ["show", `${arrival.before}:${arrival.path}`], git) : undefined;
  const owned = before?.code === 0 ? sha256Hex(before.stdout) : undefined;
  const kept = readHistory(ctx.memoryDir)
    .entries.filter((e) => e.card === arrival.path && owned !== undefined && e.sha256 === owned)
    .at(-1);
  if (!kept || readRevision(ctx.memoryDir, kept.sha256!).state !== "kept")
    throw new MemctlError(
      ERROR_CODES.E_NOT_FOUND,
      `${arrival.path} was removed on another machine and memctl kept no revision of it as it stood here; nothing was changed. Bring it back from git: git -C ${pastedWord(ctx.memoryDir)} checkout ${arrival.before ?? "HEAD~1"} -- ${pastedWord(arrival.path)}`,
      { id: arrival.id, path: arrival.path },
    );
  const saved = await restoreCard(ctx, arrival.path, kept.rev);
  return { file: saved.file, rev: saved.entry?.rev ?? kept.rev };
}

export interface ArrivalPreview {
  /** The text before the merge (undefined: the path did not exist) and now; both omitted when quarantined for a secret or a link. */
  before?: string;
  after?: string;
  diff: DiffLine[];
  withheld?: string;
}

/** The arrival against the pre-merge version; a secret or a link target is never printed. */
export async function previewArrival(memoryDir: string, a: Arrival, opts: GitOptions): Promise<ArrivalPreview> {
  if (a.state === "quarantined" && a.reasons.some((r) => /secret|symlink|not a regular file|bytes/.test(r))) return { diff: [], withheld: a.reasons.join("; ") };
  const before = a.before ? await runGit(memoryDir, ["show", `${a.before}:${a.path}`], opts) : undefined;
  const beforeText = before && before.code === 0 ? before.stdout : undefined;
  const abs = path.join(memoryDir, a.path);
  const afterText = readMergedText(abs);
  return {
    ...(beforeText !== undefined ? { before: beforeText } : {}),
    ...(afterText !== undefined ? { after: afterText } : {}),
    diff: diffLines(beforeText ?? "", afterText ?? ""),
  };
}
