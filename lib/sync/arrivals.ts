import fs from "node:fs";
import path from "node:path";
import { cardTextProblems, hiddenTextProblem, isCardFile } from "../core/card-rules.js";
import { isCardFileName } from "../core/card-types.js";
import { parseCard } from "../core/card.js";
import { parseIndex, type IndexEntry } from "../core/index-file.js";
import { MemctlError } from "../core/errors.js";
import { sha256Hex } from "../core/sha256.js";
import { currentSha, liveness, lineSha, normalise, readArrivals, stampOf, writeArrivals, type Arrival, type ArrivalKind } from "../store/arrivals.js";
import { measureStore, withDefaults, type Guardrails } from "../records/guardrails.js";
import { findSecrets, type SecretPolicy } from "../records/secrets.js";
import { resolveMemoryPath } from "../store/safe-path.js";
import { git, runGit, type GitOptions } from "./git.js";
import { isPerMachine } from "./layout.js";
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
const INDEX = /^MEMORY(\.[^/]+)?\.md$/;
const COMPACT = ".memctl/compact.json";
const PROPOSAL = /^\.memctl\/proposals\/[^/]+\.json$/;
const EPISODES = /^episodes[^/]*\.jsonl$/;

type ItemFn = (rel: string, kind: ArrivalKind, state: Arrival["state"], reasons: string[], extra?: Partial<Arrival>) => Arrival;

/** Records what the merge from `before` to HEAD brought in; returns the items this sync added. */
export async function inspectArrivals(ctx: InspectContext, before: string | undefined, remoteRef: string, opts: GitOptions): Promise<Arrival[]> {
  const dir = ctx.memoryDir;
  const limits = withDefaults(ctx.guardrails);
  const base = before ?? EMPTY_TREE;
  const changes = (await git(dir, ["diff", "--name-status", "--no-renames", "-z", base, "HEAD"], opts)).split("\0");
  const pushers = await pushersOf(dir, before, remoteRef, opts);
  const at = ctx.now().toISOString();
  const added: Arrival[] = [];
  const item = (rel: string, kind: ArrivalKind, state: Arrival["state"], reasons: string[], extra: Partial<Arrival> = {}): Arrival => {
    const sha = extra.sha256 !== undefined ? extra.sha256 : currentSha(dir, rel);
    const who = pushers.get(rel) ?? pushers.get("") ?? { authors: [], commit: remoteRef };
    const a: Arrival = {
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
      ...extra,
    };
    const stamp = stampOf(dir, rel);
    if (stamp && a.sha256 !== null) a.stamp = stamp;
    added.push(a);
    return a;
  };
  const cardItems = new Set<string>();
  const indexFiles: string[] = [];
  for (let i = 0; i + 1 < changes.length; i += 2) {
    const status = changes[i]!;
    const rel = changes[i + 1]!;
    if (EPISODES.test(rel) && status !== "D") await inspectLog(ctx, rel, before, opts, item);
    if (isPerMachine(rel) || rel === ".gitignore" || rel === ".gitattributes" || rel.endsWith(".jsonl")) continue;
    if (INDEX.test(rel)) {
      indexFiles.push(rel);
      continue;
    }
    if (status === "D") {
      if (ctx.trust === "shared" && rel.endsWith(".md")) item(rel, "removed", "pending", ["removed on another machine"], { sha256: null });
      continue;
    }
    const previous = before ? await blobText(dir, before, rel, opts) : undefined;
    const problems = await fileProblems(dir, rel, previous, limits, ctx.secrets);
    if (problems.length > 0) {
      item(rel, rel === COMPACT ? "compact" : isCardFile(rel) ? (previous === undefined ? "new" : "edited") : "file", "quarantined", problems);
      cardItems.add(rel);
      continue;
    }
    if (ctx.trust !== "shared") continue;
    if (rel === COMPACT) item(rel, "compact", "pending", ["a compact summary from another machine"]);
    // Reviewed like any proposal; held only from consolidate --accept-facts, which must not take its proposer for the owner.
    else if (PROPOSAL.test(rel)) item(rel, "file", "pending", ["a proposal from another machine: its proposer is that machine's, so only memctl accept decides it"]);
    else if (rel.endsWith(".md") && !rel.startsWith(".memctl/")) {
      const text = fs.readFileSync(path.join(dir, rel), "utf8");
      const pinned = parseCard(text).meta.priority === "always" && (previous === undefined || parseCard(previous).meta.priority !== "always");
      item(rel, pinned ? "pinned" : previous === undefined ? "new" : "edited", "pending", [
        pinned ? "pinned (priority: always): injected into every prompt" : "changed on another machine",
      ]);
      cardItems.add(rel);
    }
  }
  for (const rel of indexFiles) await inspectIndex(ctx, rel, before, opts, cardItems, item);
  overLimits(dir, limits, added);
  const live = liveness(dir);
  const kept = readArrivals(dir).items.filter((old) => live(old) && !added.some((a) => a.id === old.id));
  if (added.length > 0 || kept.length !== readArrivals(dir).items.length) await writeArrivals(dir, { version: 1, items: [...kept, ...added] });
  return added;
}

/** Changed index lines, held by their link target (unless the card itself is already an item this sync). */
async function inspectIndex(ctx: InspectContext, rel: string, before: string | undefined, opts: GitOptions, cardItems: Set<string>, item: ItemFn): Promise<void> {
  const oldText = before ? ((await blobText(ctx.memoryDir, before, rel, opts)) ?? "") : "";
  const oldEntries = parseIndex(oldText).entries;
  const old = new Set(oldEntries.map((e) => e.raw));
  let text: string;
  try {
    text = fs.readFileSync(path.join(ctx.memoryDir, rel), "utf8");
  } catch {
    return;
  }
  const entries = parseIndex(text).entries;
  await inspectNotes(ctx, rel, oldText, text, new Set(entries.map((e) => e.line)), item);
  if (ctx.trust === "shared") unlinked(ctx.memoryDir, oldEntries, entries, cardItems, item);
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
async function inspectLog(ctx: InspectContext, rel: string, before: string | undefined, opts: GitOptions, item: ItemFn): Promise<void> {
  let text: string;
  try {
    text = fs.readFileSync(path.join(ctx.memoryDir, rel), "utf8");
  } catch {
    return;
  }
  const old = new Set((before ? ((await blobText(ctx.memoryDir, before, rel, opts)) ?? "") : "").split("\n"));
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

/** What keeps an arrived file from being written here by memctl: every problem at once. */
async function fileProblems(dir: string, rel: string, previous: string | undefined, limits: Guardrails, policy: SecretPolicy | undefined): Promise<string[]> {
  const abs = path.join(dir, rel);
  const st = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!st) return [];
  if (st.isSymbolicLink()) return [`a symlink (to ${fs.readlinkSync(abs)}): memctl never writes or follows links in a store`];
  if (!st.isFile()) return ["not a regular file"];
  if (st.size > limits.maxFileBytes) return [`${st.size} bytes; the per-file limit is ${limits.maxFileBytes}`];
  const problems: string[] = [];
  const text = fs.readFileSync(abs, "utf8");
  if (isCardFile(rel)) problems.push(...cardTextProblems(text, previous).map((p) => `breaks the card rules: ${p}`));
  else {
    // A compact, a proposal or a note is shown to the owner or injected as well.
    const hidden = hiddenTextProblem(text);
    if (hidden) problems.push(hidden);
  }
  const secrets = await findSecrets(text, policy);
  if (secrets.length > 0) problems.push(`holds a secret (${[...new Set(secrets.map((s) => s.kind))].join(", ")})`);
  return problems;
}

/** Arrivals that would take the store past its total size or file count are quarantined, largest first. */
function overLimits(dir: string, limits: Guardrails, added: Arrival[]): void {
  // measureStore already leaves out what earlier syncs quarantined; this sync's quarantine is not written yet.
  const usage = measureStore(dir);
  const sizeOf = (a: Arrival) => a.stamp?.[1] ?? 0;
  for (const a of added.filter((x) => x.state === "quarantined" && x.kind !== "index")) {
    usage.bytes -= sizeOf(a);
    usage.files -= 1;
  }
  const candidates = added
    .filter((a) => a.state !== "quarantined" && a.kind !== "removed" && a.kind !== "index" && a.kind !== "compact" && a.kind !== "note")
    .sort((x, y) => sizeOf(y) - sizeOf(x));
  for (const a of candidates) {
    if (usage.bytes <= limits.maxTotalBytes && usage.files <= limits.maxFiles) return;
    a.state = "quarantined";
    a.reasons = [`the store would hold ${usage.bytes} bytes in ${usage.files} files; the limits are ${limits.maxTotalBytes} bytes and ${limits.maxFiles} files`];
    usage.bytes -= sizeOf(a);
    usage.files -= 1;
  }
}

async function blobText(dir: string, commit: string, rel: string, opts: GitOptions): Promise<string | undefined> {
  const r = await runGit(dir, ["show", `${commit}:${rel}`], opts);
  return r.code === 0 ? r.stdout : undefined;
}

/** Path → the authors of the remote commits that touched it (newest commit first); "" → every author. */
async function pushersOf(dir: string, before: string | undefined, remoteRef: string, opts: GitOptions): Promise<Map<string, { authors: string[]; commit: string }>> {
  const range = before ? [`${before}..${remoteRef}`] : [remoteRef];
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
    const author = head!.slice(head!.indexOf(" ") + 1);
    add("", author, commit);
    for (const f of files) if (f) add(f, author, commit);
  }
  return map;
}
