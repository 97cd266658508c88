// Reading the proposal queue (.memctl/proposals/*.json and archive/) a page of files at a time: listing by name
// (staging order), counts, pages, summaries and the next staging number. Every file goes through the checked reader and
// the proposal shape check; one that fails is named as unreadable, never deleted; one a sync quarantined is never read.
import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { readHold } from "../store/hold.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { ARCHIVE_DIR, PROPOSALS_DIR, type Proposal } from "./proposal-files.js";
import { validRestatements } from "./proposal-restated.js";
import { proposalShapeProblem } from "./proposal-shape.js";

export interface ProposalsRead {
  proposals: Proposal[];
  /** Files under .memctl/proposals/ that do not parse as a proposal: counted and named, never deleted. */
  unreadable: { file: string; reason: string }[];
}

/** Every pending proposal, oldest first. Never throws for a bad file; reports it instead. */
export function readPending(memoryDir: string): ProposalsRead {
  return readDir(path.join(memoryDir, PROPOSALS_DIR), quarantinedIn(memoryDir));
}

/**
 * How many proposals wait, by their file names alone (a file that does not parse counts too: review names it). For the
 * notes of session start, session end and the queue limit: reading a full queue (2,000 of up to a card's size) to count it
 * cost every session start about a second and 270 MB.
 */
export function countPending(memoryDir: string): number {
  return namesIn(entriesOf(path.join(memoryDir, PROPOSALS_DIR)), quarantinedIn(memoryDir)).names.length;
}

/** A proposal file a sync quarantined (a secret, a link, an oversized file) is named, never read or listed. */
function quarantinedIn(memoryDir: string): (name: string) => string[] | undefined {
  const hold = readHold(memoryDir);
  return (name) => {
    const held = hold?.held(`${PROPOSALS_DIR}/${name}`);
    return held?.state === "quarantined" ? held.reasons : undefined;
  };
}

const isProposalName = (name: string) => name.endsWith(".json") && !name.startsWith(".");

/** Above any proposal memctl writes (a card's size, pretty-printed), far below what would hold a reader up. */
const PROPOSAL_READ_CAP = 4 * 1024 * 1024;

export function readArchived(memoryDir: string): ProposalsRead {
  return readDir(path.join(memoryDir, ARCHIVE_DIR));
}

/**
 * The number after the highest staged (pending or archived; the caller holds the store lock). Only the newest files
 * of the queue and the archive are read: names sort in staging order, so they hold the highest numbers (a number only
 * breaks ties in review's order). The whole queue, 2,000 of ~95 KB, cost every propose 190 MB of reads.
 */
export function nextSeq(memoryDir: string): number {
  const all = [...readNewest(memoryDir), ...readNewest(memoryDir, true)];
  return all.reduce((max, p) => Math.max(max, Number.isInteger(p.seq) ? p.seq : 0), 0) + 1;
}

/** A proposal without its body: the wording capture compares a candidate with. */
export type ProposalSummary = Pick<Proposal, "id" | "status" | "source" | "restated"> & {
  card: Pick<Proposal["card"], "name" | "description">;
  /** A sync staged it: the other side of a card edited on two machines. */
  conflict?: true;
};

/**
 * Every pending (or archived) proposal's summary, read a page of files at a time with the bodies let go: a full queue
 * (2,000 of ~95 KB) read whole held 270 MB at every session end (capture), and in doctor's sync status.
 */
export function readSummaries(memoryDir: string, archived = false): ProposalSummary[] {
  const dir = path.join(memoryDir, archived ? ARCHIVE_DIR : PROPOSALS_DIR);
  const names = listNames(dir, archived ? undefined : quarantinedIn(memoryDir)).names;
  const out: ProposalSummary[] = [];
  for (let at = 0; at < names.length; at += PENDING_PAGE)
    for (const p of readNames(dir, names.slice(at, at + PENDING_PAGE)).proposals)
      out.push({
        id: p.id,
        status: p.status,
        source: p.source,
        card: { name: p.card.name, description: p.card.description },
        ...(p.restated ? { restated: p.restated } : {}),
        ...((p as { conflict?: unknown }).conflict !== undefined ? { conflict: true as const } : {}),
      });
  return out;
}

/** How many of the newest proposal files readNewest reads. */
const NEWEST_READ = 50;

/** The newest pending (or archived) proposals by file name (staging order), at most `n` files read. */
export function readNewest(memoryDir: string, archived = false, n = NEWEST_READ): Proposal[] {
  const dir = path.join(memoryDir, archived ? ARCHIVE_DIR : PROPOSALS_DIR);
  const names = listNames(dir, archived ? undefined : quarantinedIn(memoryDir)).names;
  return readNames(dir, names.slice(-n)).proposals;
}

/** The folder's entries, none when it is missing; another readdir error is thrown. */
function entriesOf(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return [];
    throw err;
  }
}

/** The proposal file names among `entries`, in their order, apart from the quarantined ones (with their reasons). */
function namesIn(entries: readonly string[], quarantined: (name: string) => string[] | undefined): { names: string[]; held: { name: string; reasons: string[] }[] } {
  const names: string[] = [];
  const held: { name: string; reasons: string[] }[] = [];
  for (const name of entries) {
    if (!isProposalName(name)) continue;
    const reasons = quarantined(name);
    if (reasons) held.push({ name, reasons });
    else names.push(name);
  }
  return { names, held };
}

/** The proposal file names in `dir` in name (so staging) order, and the quarantined ones named; nothing is read. */
function listNames(dir: string, quarantined: (name: string) => string[] | undefined = () => undefined): { names: string[]; unreadable: ProposalsRead["unreadable"] } {
  let all: string[];
  try {
    all = entriesOf(dir);
  } catch (err) {
    return { names: [], unreadable: [{ file: dir, reason: (err as Error).message }] };
  }
  const { names, held } = namesIn(all.sort(), quarantined);
  const unreadable = held.map(({ name, reasons }) => ({ file: name, reason: `quarantined when it arrived through memctl sync (${reasons.join("; ")}); memctl doctor lists it` }));
  return { names, unreadable };
}

function readDir(dir: string, quarantined: (name: string) => string[] | undefined = () => undefined): ProposalsRead {
  const listed = listNames(dir, quarantined);
  const read = readNames(dir, listed.names);
  return { proposals: read.proposals, unreadable: [...listed.unreadable, ...read.unreadable] };
}

/** How many proposals `memctl review` and the web view read at once: a full queue (2,000 of ~95 KB) read whole held 400+ MB. */
export const PENDING_PAGE = 50;

/** Which page of the pending queue a read holds: `memctl review`, the web view and their JSON share it. */
export interface QueuePage {
  /** Pending proposal files in all (quarantined ones are named in `unreadable`, not counted). */
  total: number;
  /** 1-based, clamped to 1..pages. */
  page: number;
  pages: number;
}

export interface PendingPage extends ProposalsRead, QueuePage {}

/**
 * One page of the pending queue in staging (file name) order: only that page's files are read. `withoutHeld`: the
 * queue an agent is shown, without the proposals a sync holds (lib/proposals/agent-view.ts), so its pages and count
 * are of what it may see.
 */
export function readPendingPage(memoryDir: string, page: number, options: { size?: number; withoutHeld?: boolean } = {}): PendingPage {
  const size = options.size ?? PENDING_PAGE;
  const dir = path.join(memoryDir, PROPOSALS_DIR);
  const listed = listNames(dir, quarantinedIn(memoryDir));
  const hold = options.withoutHeld ? readHold(memoryDir) : undefined;
  const names = hold ? listed.names.filter((name) => hold.held(`${PROPOSALS_DIR}/${name}`) === undefined) : listed.names;
  const pages = Math.max(1, Math.ceil(names.length / size));
  const at = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const read = readNames(dir, names.slice((at - 1) * size, at * size));
  return { proposals: read.proposals, unreadable: [...listed.unreadable, ...read.unreadable], total: names.length, page: at, pages };
}

/** The page (of `size`) a pending proposal's file falls on, or undefined when no pending file has that id. */
export function pendingPageOf(memoryDir: string, id: string, size = PENDING_PAGE): number | undefined {
  const i = listNames(path.join(memoryDir, PROPOSALS_DIR), quarantinedIn(memoryDir)).names.indexOf(`${id}.json`);
  return i < 0 ? undefined : Math.floor(i / size) + 1;
}

/** The pending (or archived) proposals whose id is `idOrPrefix` or starts with it: only their files are read. */
export function readMatching(memoryDir: string, idOrPrefix: string, archived = false): Proposal[] {
  const dir = path.join(memoryDir, archived ? ARCHIVE_DIR : PROPOSALS_DIR);
  const names = listNames(dir, archived ? undefined : quarantinedIn(memoryDir)).names.filter((n) => n.startsWith(idOrPrefix));
  return readNames(dir, names).proposals;
}

/** The pending file names (staging order; quarantined ones named as unreadable) and a slice of them read: a queue by pages. */
export const listPendingNames = (memoryDir: string) => listNames(path.join(memoryDir, PROPOSALS_DIR), quarantinedIn(memoryDir));
export const readPendingNames = (memoryDir: string, names: readonly string[]) => readNames(path.join(memoryDir, PROPOSALS_DIR), names);

/** readPending's order: oldest first, ties broken by the staging number, then the id. */
export function stagingOrder(a: Pick<Proposal, "created_at" | "seq" | "id">, b: Pick<Proposal, "created_at" | "seq" | "id">): number {
  return a.created_at.localeCompare(b.created_at) || (a.seq ?? 0) - (b.seq ?? 0) || a.id.localeCompare(b.id);
}

function readNames(dir: string, names: readonly string[]): ProposalsRead {
  const proposals: Proposal[] = [];
  const unreadable: ProposalsRead["unreadable"] = [];
  for (const name of names) {
    try {
      // Checked: a FIFO here hung session start, a link to /dev/zero grew it without end; memctl writes no links.
      const p = JSON.parse(readRegularUtf8(path.join(dir, name), PROPOSAL_READ_CAP, { nofollow: true })) as Proposal;
      const shape = proposalShapeProblem(p);
      if (shape) throw new Error(shape);
      if (`${p.id}.json` !== name) throw new Error("not a proposal: its id is not its file's name");
      // Possibly from another machine (memctl sync): only what a local write would record is kept.
      if (p.restated !== undefined) {
        const restated = validRestatements(p.restated);
        if (restated.length > 0) p.restated = restated;
        else delete p.restated;
      }
      proposals.push(p);
    } catch (err) {
      unreadable.push({ file: name, reason: (err as Error).message });
    }
  }
  proposals.sort(stagingOrder);
  return { proposals, unreadable };
}
