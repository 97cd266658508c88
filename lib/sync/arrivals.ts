import path from "node:path";
import { hiddenTextProblem, isCardFile, sameWords } from "../core/card-rules.js";
import { isCardFileName } from "../core/card-types.js";
import { parseCard } from "../core/card.js";
import { parseIndex, type IndexEntry } from "../core/index-file.js";
import { MemctlError } from "../core/errors.js";
import { sha256Hex } from "../core/sha256.js";
import { readArrivals, writeArrivals, type Arrival, type ArrivalKind } from "../store/arrivals.js";
import { currentSha, liveness, lineSha, normalise, stampOf } from "../store/hold.js";
import { withDefaults, type Guardrails } from "../records/guardrails.js";
import { fileProblems, nameFlags, overLimits, PROPOSAL } from "./arrival-checks.js";
import { findSecrets, type SecretPolicy } from "../records/secrets.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import { git, runGit, type GitOptions } from "./git.js";
import { isPerMachine } from "./layout.js";
import { readMergedText } from "./merged-read.js";
import { recordArrivedHistory } from "./history-arrived.js";
import { HISTORY_RELPATH } from "../store/history.js";
import type { TrustLevel } from "./trust.js";

// Every file a merge brought in is checked as a local write would be (not a link or FIFO, the size limits,
// card rules, no secret); what fails is quarantined: kept in the tree as merged (teammates are unaffected)
// but never injected or shown here. From a shared remote, card, index and compact changes that pass are
// pending: held until the owner accepts them. Logs (episodes, history, proposals log, jobs) merge as they are.

export interface InspectContext {
  memoryDir: string;
  now: () => Date;
  trust: TrustLevel;
  guardrails?: Partial<Guardrails>;
  secrets?: SecretPolicy;
}

const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
export const INDEX = /^MEMORY(\.[^/]+)?\.md$/;
const COMPACT = ".memctl/compact.json";
export const EPISODES = /^episodes[^/]*\.jsonl$/;

export type ItemFn = (rel: string, kind: ArrivalKind, state: Arrival["state"], reasons: string[], extra?: Partial<Arrival>) => Arrival;
type Pushers = Map<string, { authors: string[]; commit: string }>;

/** Records what the merge from `before` to HEAD brought in; returns the items this sync added. */
export async function inspectArrivals(ctx: InspectContext, before: string | undefined, remoteRef: string, opts: GitOptions): Promise<Arrival[]> {
  const dir = ctx.memoryDir;
  const base = before ?? EMPTY_TREE;
  const changes = (await git(dir, ["diff", "--name-status", "--no-renames", "-z", base, "HEAD"], opts)).split("\0");
  const added: Arrival[] = [];
  const pushers = await pushersOf(dir, before ? [`${before}..${remoteRef}`] : [remoteRef], opts);
  const item = itemMaker(ctx, pushers, before ?? null, remoteRef, added);
  const cardItems = new Set<string>();
  const indexFiles: string[] = [];
  // What the list held before this merge: a trivial edit passes only over a version nobody holds.
  // And whether the held file was the owner's before a teammate's edit (owners_file): a later edit is still of theirs.
  const heldPaths = new Map<string, boolean>();
  for (const a of readArrivals(dir, "paths").items) heldPaths.set(a.path, heldPaths.get(a.path) === true || a.owners_file === true);
  for (let i = 0; i + 1 < changes.length; i += 2) {
    const status = changes[i]!;
    const rel = changes[i + 1]!;
    // A teammate's history lines stay in the log, each recorded as theirs: history marks them, restore skips them.
    if (rel === HISTORY_RELPATH && status !== "D" && ctx.trust === "shared")
      await recordArrivedHistory(dir, before, pushers.get(rel) ?? pushers.get("") ?? { authors: [], commit: remoteRef }, opts);
    if (EPISODES.test(rel) && status !== "D") await inspectLog(ctx, rel, before ? ((await blobText(dir, before, rel, opts)) ?? "") : "", item);
    if (INDEX.test(rel)) indexFiles.push(rel);
    // An added path has no version before: asking git for one spawned a process per file a teammate pushed.
    else await inspectFile(ctx, rel, status, async () => (before && status !== "A" ? blobText(dir, before, rel, opts) : undefined), item, cardItems, heldPaths);
  }
  for (const rel of indexFiles) await inspectIndex(ctx, rel, before ? ((await blobText(dir, before, rel, opts)) ?? "") : "", cardItems, item, true);
  await recordArrivals(dir, withDefaults(ctx.guardrails), added);
  return added;
}

/** Writes the items added over the list's live ones (arrivals past the store's limits quarantined first). */
export async function recordArrivals(dir: string, limits: Guardrails, added: Arrival[]): Promise<void> {
  const live = liveness(dir);
  const listed = readArrivals(dir).items;
  const ids = new Set(added.map((a) => a.id));
  const kept = listed.filter((old) => live(old) && !ids.has(old.id));
  overLimits(dir, limits, added, kept);
  if (added.length > 0 || kept.length !== listed.length) await writeArrivals(dir, { version: 1, items: [...kept, ...added] });
}

/** The item factory: each item named by who pushed its path (`pushers`), stamped, and pushed onto `added`. */
export function itemMaker(ctx: InspectContext, pushers: Pushers, before: string | null, fallbackCommit: string, added: Arrival[]): ItemFn {
  const dir = ctx.memoryDir;
  const at = ctx.now().toISOString();
  return (rel, kind, state, reasons, extra = {}) => {
    const sha = extra.sha256 !== undefined ? extra.sha256 : currentSha(dir, rel);
    const who = pushers.get(rel) ?? pushers.get("") ?? { authors: [], commit: fallbackCommit };
    const a: Arrival = {
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
      ...extra,
    };
    const stamp = stampOf(dir, rel);
    if (stamp && a.sha256 !== null) a.stamp = stamp;
    added.push(a);
    return a;
  };
}

/**
 * One changed path other than an index (`before`: its text before, if it existed): checked, and held where it must be.
 * With `heldPaths` (a sync's merge, not a rebuild), an edit that changes no word of a card no item holds is not held:
 * holding it only took the owner's own card out of every prompt because of someone else's whitespace.
 */
export async function inspectFile(
  ctx: InspectContext,
  rel: string,
  status: string,
  before: () => Promise<string | undefined>,
  item: ItemFn,
  cardItems: Set<string>,
  heldPaths?: ReadonlyMap<string, boolean>,
): Promise<void> {
  const dir = ctx.memoryDir;
  if (isPerMachine(rel) || rel === ".gitignore" || rel === ".gitattributes" || rel.endsWith(".jsonl")) return;
  if (status === "D") {
    if (ctx.trust === "shared" && rel.endsWith(".md")) item(rel, "removed", "pending", ["removed on another machine"], { sha256: null });
    return;
  }
  const previous = await before();
  const { problems, text } = await fileProblems(dir, rel, previous, withDefaults(ctx.guardrails), ctx.secrets);
  const named = isCardFile(rel) && previous === undefined ? nameFlags(ctx, dir, rel) : undefined;
  // An edit of a file no item held (or held as the owner's) is an edit of the owner's: it takes none of what arrivals may add.
  const owners = previous !== undefined && heldPaths !== undefined && heldPaths.get(rel) !== false ? { owners_file: true as const } : {};
  const flagged = { ...owners, ...(named?.looks_like ? { looks_like: named.looks_like } : {}) };
  if (problems.length > 0) {
    item(
      rel,
      rel === COMPACT ? "compact" : isCardFile(rel) ? (previous === undefined ? "new" : "edited") : "file",
      "quarantined",
      [...problems, ...(named?.reasons ?? [])],
      flagged,
    );
    cardItems.add(rel);
    return;
  }
  if (ctx.trust !== "shared") return;
  if (rel === COMPACT) item(rel, "compact", "pending", ["a compact summary from another machine"]);
  // Reviewed like any proposal; held only from consolidate --accept-facts, which must not take its proposer for the owner.
  else if (PROPOSAL.test(rel)) item(rel, "file", "pending", ["a proposal from another machine: its proposer is that machine's, so only memctl accept decides it"]);
  else if (rel.endsWith(".md") && !rel.startsWith(".memctl/") && text !== undefined) {
    if (heldPaths && !heldPaths.has(rel) && previous !== undefined && isCardFile(rel) && sameWords(previous, text)) return;
    const pinned = parseCard(text).meta.priority === "always" && (previous === undefined || parseCard(previous).meta.priority !== "always");
    item(
      rel,
      pinned ? "pinned" : previous === undefined ? "new" : "edited",
      "pending",
      [pinned ? "pinned (priority: always): injected into every prompt" : "changed on another machine", ...(named?.reasons ?? [])],
      flagged,
    );
    cardItems.add(rel);
  }
}

/**
 * An index's lines not in `oldText`, held by their link target (unless the card itself is already an item), and its
 * other new lines as notes; `removals`: an old card line gone while its card stays is reported too.
 */
export async function inspectIndex(ctx: InspectContext, rel: string, oldText: string, cardItems: Set<string>, item: ItemFn, removals: boolean): Promise<void> {
  const oldEntries = parseIndex(oldText).entries;
  const old = new Set(oldEntries.map((e) => e.raw));
  const text = readMergedText(path.join(ctx.memoryDir, rel));
  if (text === undefined) return;
  const entries = parseIndex(text).entries;
  await inspectNotes(ctx, rel, oldText, text, new Set(entries.map((e) => e.line)), item);
  if (ctx.trust === "shared" && removals) unlinked(ctx.memoryDir, oldEntries, entries, cardItems, item);
  for (const entry of entries) {
    if (old.has(entry.raw)) continue;
    const target = normalise(entry.file);
    // A link to a card this sync already holds (a symlinked card file) is held through that item.
    const outside = cardItems.has(target) ? undefined : linkEscape(ctx.memoryDir, entry.file);
    if (outside !== undefined) {
      item(target, "index", "quarantined", [`its index line links outside the store's files: ${outside}`], { line: entry.raw });
      continue;
    }
    const hidden = cardItems.has(target) ? undefined : hiddenTextProblem(entry.raw);
    if (hidden !== undefined) {
      item(target, "index", "quarantined", [`its index line ${hidden.replace(/^it /, "")}`], { line: entry.raw });
      continue;
    }
    const secrets = await findSecrets(entry.raw, ctx.secrets);
    if (secrets.length > 0) item(target, "index", "quarantined", [`its index line holds a secret (${secrets.map((s) => s.kind).join(", ")})`], { line: entry.raw });
    else if (ctx.trust === "shared" && !cardItems.has(target)) item(target, "index", "pending", ["index line added or changed on another machine"], { line: entry.raw });
  }
}

/**
 * The lines of an index that are not card links (prose, headings, a broken bullet, a fenced block): the hook never
 * injects them, but memory_view and memctl view show them. Each new one is checked as a card's text is and, from a
 * shared remote, held by its text (lineSha) until the owner accepts it. A quarantined line's text is not kept.
 */
async function inspectNotes(ctx: InspectContext, rel: string, oldText: string, text: string, entryLines: Set<number>, item: ItemFn): Promise<void> {
  const old = new Set(oldText.split(/\r?\n/));
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === "" || old.has(raw) || entryLines.has(i + 1)) continue;
    old.add(raw); // a line repeated is one arrival
    const problems = [hiddenTextProblem(raw)].filter((p): p is string => p !== undefined);
    const secrets = await findSecrets(raw, ctx.secrets);
    if (secrets.length > 0) problems.push(`holds a secret (${[...new Set(secrets.map((x) => x.kind))].join(", ")})`);
    const held = { sha256: lineSha(raw) };
    if (problems.length > 0)
      item(
        rel,
        "note",
        "quarantined",
        problems.map((p) => `its line ${i + 1} ${p.replace(/^it /, "")}`),
        held,
      );
    else if (ctx.trust === "shared") item(rel, "note", "pending", [`line ${i + 1}, not a card link, added or changed on another machine`], { ...held, line: raw });
  }
}

/**
 * The lines an episode log gained: merged as a log, unheld, but shown to agents by recall, search and session start,
 * so a line holding a secret or hidden text is quarantined by its text (lineSha), at any trust level.
 */
export async function inspectLog(ctx: InspectContext, rel: string, oldText: string, item: ItemFn): Promise<void> {
  // Not capped: an episode log synced for years is large, and a regular file's read ends.
  const text = readMergedText(path.join(ctx.memoryDir, rel), Number.POSITIVE_INFINITY);
  if (text === undefined) return;
  const old = new Set(oldText.split("\n"));
  const added = text.split("\n").filter((raw) => raw.trim() !== "" && !old.has(raw));
  // One scan of everything added finds most logs clean; only then is each line scanned.
  if (added.length === 0 || (added.every((raw) => hiddenTextProblem(raw) === undefined) && (await findSecrets(added.join("\n"), ctx.secrets)).length === 0)) return;
  for (const raw of new Set(added)) {
    const problems = [hiddenTextProblem(raw)].filter((p): p is string => p !== undefined);
    const secrets = await findSecrets(raw, ctx.secrets);
    if (secrets.length > 0) problems.push(`holds a secret (${[...new Set(secrets.map((x) => x.kind))].join(", ")})`);
    if (problems.length > 0)
      item(
        rel,
        "note",
        "quarantined",
        problems.map((p) => `an episode line ${p.replace(/^it /, "")}`),
        { sha256: lineSha(raw) },
      );
  }
}

/**
 * Cards the index linked before the merge and no longer links, whose file stays: the teammate took the card out of
 * injection without removing it. Reported as a removal (the line kept, for memctl reject to put back).
 */
function unlinked(dir: string, oldEntries: readonly IndexEntry[], entries: readonly IndexEntry[], cardItems: Set<string>, item: ItemFn): void {
  const linked = new Set(entries.map((e) => normalise(e.file)));
  const seen = new Set<string>();
  for (const e of oldEntries) {
    const target = normalise(e.file);
    if (linked.has(target) || seen.has(target) || cardItems.has(target) || !isCardFileName(target) || linkEscape(dir, target) !== undefined || currentSha(dir, target) === null)
      continue;
    seen.add(target);
    item(target, "removed", "pending", ["its index line was removed on another machine; the card file stays, no longer injected"], { line: e.raw });
  }
}

/**
 * Why an index line's link leaves the store's own files (absolute, `..`, through a symlink or hard link, into
 * .memctl/), or undefined: a line memctl writes never does, and the model reads the link as where a card is.
 */
function linkEscape(memoryDir: string, file: string): string | undefined {
  if (path.posix.isAbsolute(file) || path.win32.isAbsolute(file)) return `${file} is an absolute path (E_PATH_ESCAPE)`;
  try {
    resolveMemoryPath(memoryDir, file);
    return undefined;
  } catch (err) {
    if (err instanceof MemctlError) return `${err.message.replace(/^Error: /, "")} (${err.code})`;
    throw err;
  }
}

async function blobText(dir: string, commit: string, rel: string, opts: GitOptions): Promise<string | undefined> {
  const r = await runGit(dir, ["show", `${commit}:${rel}`], opts);
  return r.code === 0 ? r.stdout : undefined;
}

/** Path → the authors of the commits in `range` that touched it (newest commit first; none of `skip`); "" → every author. */
export async function pushersOf(dir: string, range: string[], opts: GitOptions, skip?: ReadonlySet<string>): Promise<Pushers> {
  const out = await git(dir, ["-c", "core.quotePath=false", "log", "--no-renames", "--format=%x01%H %an <%ae>", "--name-only", ...range], opts);
  const map = new Map<string, { authors: string[]; commit: string }>();
  const add = (key: string, author: string, commit: string) => {
    const entry = map.get(key) ?? { authors: [], commit };
    if (!entry.authors.includes(author)) entry.authors.push(author);
    map.set(key, entry);
  };
  for (const block of out.split("\x01").filter(Boolean)) {
    const [head, ...files] = block.split("\n");
    const commit = head!.slice(0, head!.indexOf(" "));
    if (skip?.has(commit)) continue;
    const author = head!.slice(head!.indexOf(" ") + 1);
    add("", author, commit);
    for (const f of files) if (f) add(f, author, commit);
  }
  return map;
}
