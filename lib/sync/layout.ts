import fs from "node:fs";
import path from "node:path";
import { readMergedText } from "./merged-read.js";
import { isCardFile } from "../core/card-rules.js";
import { isCardFileName } from "../core/card-types.js";
import { shellQuote } from "../core/shell-quote.js";
import { commitFile } from "../store/write.js";
import { git, runGit, type GitOptions } from "./git.js";

// What a synced store commits and how git merges it. The ignore rules list what .memctl/ SHARES (a
// whitelist), so per-machine state added later (caches, session files) is never committed by mistake.
// .gitignore is committed. The merge rules live in each clone's .git/info/attributes, which git reads after
// every .gitattributes: a committed file (a teammate's `/user_*.md merge=union`, `* filter=lfs`) cannot override them. The
// merge drivers live in each clone's .git/config, pointing at this machine's memctl, rewritten by every sync.

/**
 * .memctl/ paths every machine shares (committed); everything else under .memctl/ stays per machine. The job
 * ledger is per machine: its leases are held by this machine's processes, and a sync is itself a ledger job.
 * The trash
 * is not shared: git's history already keeps every removed card, and a committed trash copy looks to git like
 * the card renamed, so an edit made elsewhere would follow it into the trash instead of becoming a proposal.
 */
export const SHARED_STATE = [".memctl/history.jsonl", ".memctl/proposals-log.jsonl", ".memctl/proposals/", ".memctl/compact.json", ".memctl/revisions/"];

const BEGIN = "# memctl:begin sync";
const END = "# memctl:end sync";

export const IGNORE_BLOCK = [
  `${BEGIN} (per-machine state is never committed: rank cache, usage, locks, sync state, session and code caches)`,
  "/.memctl/*",
  ...SHARED_STATE.map((p) => `!/${p}`),
  ".*.tmp",
  "/.merge_file_*",
  END,
].join("\n");

export const ATTRIBUTES_BLOCK = [
  // Cards edited on both sides are left unmerged without markers (git's binary driver) and resolved by memctl sync
  // in one process: a driver per card would start a process per conflicting card.
  `${BEGIN} (merge rules: here, not in .gitattributes, so no committed file overrides them; drivers in .git/config; cards both sides changed are resolved by memctl sync)`,
  // First, for every path: no attribute a pushed .gitattributes sets may reach a command or rewrite bytes. A
  // filter, diff or merge name runs what the owner's own git config attaches to it (`filter=lfs` starts git-lfs,
  // which fetches from the URL a pushed .lfsconfig names); ident, eol and working-tree-encoding change the bytes
  // memctl reads. Plain text merge and diff, no conversion; the lines below choose memctl's drivers.
  "* -filter diff merge -ident -text !eol !working-tree-encoding",
  "*.jsonl merge=memctl-log",
  "/MEMORY.md merge=memctl-index",
  "/MEMORY.*.md merge=memctl-index",
  "/feedback_*.md merge=binary",
  "/project_*.md merge=binary",
  "/reference_*.md merge=binary",
  "/user_*.md merge=binary",
  "/.memctl/compact.json merge=memctl-ours",
  "/.memctl/proposals/*.json merge=memctl-ours",
  "/.memctl/proposals/archive/*.json merge=memctl-ours",
  END,
].join("\n");

export const DRIVER_KINDS = {
  log: "union of an append-only log",
  index: "MEMORY.md lines by card",
  card: "one side wins, the other becomes a proposal",
  ours: "keep this side",
} as const;
export type DriverKind = keyof typeof DRIVER_KINDS;

/**
 * True for a path memctl always commits, whatever a .gitignore (the committed one a teammate can push) says: the
 * cards, the index, the episode logs and the shared .memctl/ state. Ignored, a new card would never leave this
 * machine while its index line did.
 */
export function mustShare(rel: string): boolean {
  if (rel.startsWith(".memctl/")) return !isPerMachine(rel);
  // A card in a subfolder too: a pushed ignore line (`sub/` at the root, `*` in sub/.gitignore) must not keep it here.
  if (rel.includes("/")) return isCardFileName(rel);
  return /^MEMORY(\.[^/]+)?\.md$/.test(rel) || /^episodes[^/]*\.jsonl$/.test(rel) || isCardFile(rel);
}

/** True for a path (repo-relative) that is per-machine state and must not be tracked. */
export function isPerMachine(rel: string): boolean {
  if (!rel.startsWith(".memctl/")) return false;
  if (/(^|\/)\.[^/]+\.tmp$/.test(rel)) return true;
  return !SHARED_STATE.some((p) => (p.endsWith("/") ? rel.startsWith(p) : rel === p));
}

/**
 * Whether a shared .memctl/ path (not isPerMachine) is one memctl writes: a log or the compact, a proposal file
 * (pending or archived), a revision in its bucket. A plain file where memctl keeps a folder (a revisions bucket,
 * proposals/archive) made every later save or decision fail, so anything else a remote holds there is left out.
 */
export function sharedShape(rel: string): boolean {
  if (rel === ".memctl/history.jsonl" || rel === ".memctl/proposals-log.jsonl" || rel === ".memctl/compact.json") return true;
  if (/^\.memctl\/proposals\/(archive\/)?[^/]+\.json$/.test(rel)) return true;
  const revision = /^\.memctl\/revisions\/([0-9a-f]{2})\/([0-9a-f]{64})$/.exec(rel);
  return revision !== null && revision[2]!.startsWith(revision[1]!);
}

/**
 * Writes (or replaces) memctl's block in .gitignore and .git/info/attributes, and removes the block an older
 * memctl committed in .gitattributes (the file goes when nothing else is left); returns the files that changed.
 */
export async function writeRepoRules(memoryDir: string): Promise<string[]> {
  const changed: string[] = [];
  const info = path.join(memoryDir, ".git", "info");
  fs.mkdirSync(info, { recursive: true });
  for (const [name, file, block] of [
    [".gitignore", path.join(memoryDir, ".gitignore"), IGNORE_BLOCK],
    [".git/info/attributes", path.join(info, "attributes"), ATTRIBUTES_BLOCK],
  ] as const) {
    const before = readOr(file);
    const after = withBlock(before, block);
    if (after !== before) {
      await commitFile(file, after);
      changed.push(name);
    }
  }
  const committed = path.join(memoryDir, ".gitattributes");
  const before = readOr(committed);
  const after = withBlock(before, undefined);
  if (after !== before) {
    if (after.trim() === "") fs.rmSync(committed, { force: true });
    else await commitFile(committed, after);
    changed.push(".gitattributes");
  }
  return changed;
}

/** The text with memctl's block replaced by `block` (appended when absent), or removed when `block` is undefined. */
function withBlock(text: string, block: string | undefined): string {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END, start);
  if (start >= 0 && end > start) {
    if (block !== undefined) return text.slice(0, start) + block + text.slice(end + END.length);
    const rest = text.slice(end + END.length);
    return text.slice(0, start) + (rest.startsWith("\n") ? rest.slice(1) : rest);
  }
  if (block === undefined) return text;
  return (text === "" || text.endsWith("\n") ? text : `${text}\n`) + `${block}\n`;
}

/** A repo rule file's text ("" when absent): the root ones are merged paths, so never through a link, FIFO or device. */
function readOr(file: string): string {
  return readMergedText(file) ?? "";
}

/** Points this clone's merge drivers at `command` (node and memctl's cli.js); sets only what differs. */
export async function configureDrivers(memoryDir: string, command: readonly string[], options: GitOptions): Promise<void> {
  const current = await runGit(memoryDir, ["config", "--local", "--get-regexp", "^merge\\.memctl-"], options);
  const have = new Map(
    current.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf(" ")), l.slice(l.indexOf(" ") + 1)] as const),
  );
  const prefix = [...command, "sync", "merge-driver"].map(shellQuote).join(" ");
  for (const [kind, name] of Object.entries(DRIVER_KINDS)) {
    const want = new Map([
      [`merge.memctl-${kind}.name`, `memctl: ${name}`],
      [`merge.memctl-${kind}.driver`, `${prefix} ${kind} %O %A %B %P`],
    ]);
    for (const [key, value] of want) if (have.get(key) !== value) await git(memoryDir, ["config", "--local", key, value], options);
  }
}
