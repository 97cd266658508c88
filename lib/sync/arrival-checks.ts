import fs from "node:fs";
import path from "node:path";
import { cardTextProblems, hiddenTextProblem, isCardFile } from "../core/card-rules.js";
import type { Arrival } from "../store/arrivals.js";
import { measureStore, type Guardrails } from "../records/guardrails.js";
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

/** Arrivals that would take the store past its total size or file count are quarantined, largest first. */
export function overLimits(dir: string, limits: Guardrails, added: Arrival[]): void {
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
