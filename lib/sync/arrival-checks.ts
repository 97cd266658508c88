import fs from "node:fs";
import path from "node:path";
import { cardTextProblems, hiddenTextProblem, isCardFile } from "../core/card-rules.js";
import type { Arrival } from "../store/arrivals.js";
import type { Guardrails } from "../records/guardrails.js";
import { findSecrets, type SecretPolicy } from "../records/secrets.js";
import { proposalShapeProblem } from "../records/proposal-shape.js";
import { readMerged } from "./merged-read.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { deceptiveNameProblems, lookAlikeIndex } from "../core/look-alike.js";

// The checks every arrived file passes, as a local write would (lib/sync/arrivals.ts holds what fails them).

/** A pending proposal's path in the store. */
export const PROPOSAL = /^\.memctl\/proposals\/[^/]+\.json$/;

/** A pending proposal every reader of the queue can take as typed, named by its file: said at the sync, not at review. */
function proposalFileProblems(text: string, rel: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return ["not a proposal: not JSON"];
  }
  const shape = proposalShapeProblem(parsed);
  if (shape) return [shape];
  return `${(parsed as { id: string }).id}.json` === path.basename(rel) ? [] : ["not a proposal: its id is not its file's name"];
}

/**
 * What keeps an arrived file from being written here by memctl: every problem at once, and the text read (once,
 * through the checked reader: a file swapped for a link or a FIFO after its lstat is not followed or opened).
 */
export async function fileProblems(
  dir: string,
  rel: string,
  previous: string | undefined,
  limits: Guardrails,
  policy: SecretPolicy | undefined,
): Promise<{ problems: string[]; text?: string }> {
  const abs = path.join(dir, rel);
  const st = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!st) return { problems: [] };
  if (st.isSymbolicLink()) return { problems: [`a symlink (to ${fs.readlinkSync(abs)}): memctl never writes or follows links in a store`] };
  if (!st.isFile()) return { problems: ["not a regular file"] };
  if (st.size > limits.maxFileBytes) return { problems: [`${st.size} bytes; the per-file limit is ${limits.maxFileBytes}`] };
  const problems: string[] = [];
  const bytes = readMerged(abs, limits.maxFileBytes);
  if (!bytes) return { problems: bytes === null ? [] : ["not a regular file, or over the per-file limit, when read"] };
  const text = bytes.toString("utf8");
  if (isCardFile(rel)) problems.push(...cardTextProblems(text, previous).map((p) => `breaks the card rules: ${p}`));
  else {
    // A compact, a proposal or a note is shown to the owner or injected as well.
    const hidden = hiddenTextProblem(text);
    if (hidden) problems.push(hidden);
    if (PROPOSAL.test(rel)) problems.push(...proposalFileProblems(text, rel));
  }
  const secrets = await findSecrets(text, policy);
  if (secrets.length > 0) problems.push(`holds a secret (${[...new Set(secrets.map((s) => s.kind))].join(", ")})`);
  return { problems, text };
}

/** The kinds of item that stand for a whole file a sync brought (an index line, a note or a removal adds none). */
const FILE_KINDS: ReadonlySet<string> = new Set(["new", "edited", "pinned", "file"]);

/**
 * Arrivals past the store's total size or file count are quarantined. The limits bound others' writes, not the owner's
 * (storeLimitsBind), so they are measured over what syncs brought and this machine still holds (`earlier`: the list's
 * live items, which keep their places, then this sync's), never over the owner's own files: an edit of one
 * (`owners_file`) is counted nowhere and never set aside, and an owner past the limits by their own writes still gets
 * a teammate's card held for review. What failed its content checks was quarantined before and takes no room. Of this
 * sync's files the largest go first; every one is a pusher's, so no order among them could protect the owner's.
 * Linear in the items: sizes come from their stamps, the store is not walked.
 */
export function overLimits(dir: string, limits: Guardrails, added: Arrival[], earlier: readonly Arrival[]): void {
  const counts = (a: Arrival) => FILE_KINDS.has(a.kind) && a.state !== "quarantined" && a.owners_file !== true;
  const sizeOf = (a: Arrival) => a.stamp?.[1] ?? fs.lstatSync(path.join(dir, a.path), { throwIfNoEntry: false })?.size ?? 0;
  const candidates = added.filter(counts);
  const paths = new Set(added.map((a) => a.path));
  const usage = { files: 0, bytes: 0 };
  for (const a of earlier)
    if (counts(a) && !paths.has(a.path)) {
      paths.add(a.path); // a path two items hold is one file
      usage.files++;
      usage.bytes += sizeOf(a);
    }
  const sized = candidates.map((a) => ({ a, size: sizeOf(a) })).sort((x, y) => y.size - x.size);
  for (const { size } of sized) {
    usage.files++;
    usage.bytes += size;
  }
  for (const { a, size } of sized) {
    if (usage.bytes <= limits.maxTotalBytes && usage.files <= limits.maxFiles) return;
    a.state = "quarantined";
    a.reasons = [
      `what syncs brought in and this machine holds would be ${usage.bytes} bytes in ${usage.files} files; the limits are ${limits.maxTotalBytes} bytes and ${limits.maxFiles} files`,
    ];
    usage.bytes -= size;
    usage.files--;
  }
}

/** The store's card files, listed and indexed by look once per sync (keyed by the sync's context). */
const listed = new WeakMap<object, (stem: string) => string | undefined>();
const stemOf = (f: string) => withoutTypePrefix(f.slice(0, -".md".length));

/**
 * What the owner must know about a new card's name: the card it looks like but is not (a Cyrillic "е" for an "e",
 * an invisible character inside), and why its name deceives (hidden characters, Latin mixed with a look-alike script).
 */
export function nameFlags(key: object, dir: string, rel: string): { looks_like?: string; reasons: string[] } {
  let twinOf = listed.get(key);
  if (!twinOf) {
    let cards: string[];
    try {
      cards = fs.readdirSync(dir).filter((f) => isCardFile(f));
    } catch {
      cards = [];
    }
    // rel itself needs no leaving out: its stem is the name asked, which is never its own look-alike.
    twinOf = lookAlikeIndex(cards.map((f) => [stemOf(f), f] as const));
    listed.set(key, twinOf);
  }
  const looks = twinOf(stemOf(rel));
  const reasons = deceptiveNameProblems(stemOf(rel));
  if (looks) reasons.unshift(`its name looks like ${looks}, an existing card, but is not it`);
  return looks ? { looks_like: looks, reasons } : { reasons };
}
