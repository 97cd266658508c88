import { HISTORY_RELPATH, parseHistoryLine, type HistoryEntry } from "../store/history.js";
import { entryKey, historyBackfilled, readSyncedHistory, recordHistoryBackfill, recordSyncedHistory } from "../store/history-synced.js";
import { runGit, type GitOptions } from "./git.js";
import { localCommits } from "./rebuild-hold.js";
import { headCommit } from "./repo.js";

// History lines merged before round 9 recorded marks (.memctl/history-synced.jsonl) carry none, so `history` showed a
// teammate's line as the owner's and `restore` took it. Marked once per store, at its first sync from a shared remote
// with this memctl: a line of HEAD's history.jsonl that git blames on a commit HEAD's reflog records as `git commit` on
// this machine (rebuild-hold's rule) is the owner's; any other came by a fast-forward, a merge or a reset, and is marked
// with its commit's author. Lines written since HEAD are the owner's (a merge commits all it brings). Where the reflog
// has expired (90 days) the owner's older lines are marked too: restore then asks for --synced, never takes a wrong text.

const BLAME_TIMEOUT_MS = 180_000;

/** Marks HEAD's unmarked history lines no local commit wrote; returns how many. Runs once (the caller holds the store lock). */
export async function backfillHistoryMarks(dir: string, opts: GitOptions): Promise<number> {
  if (historyBackfilled(dir)) return 0;
  const head = await headCommit(dir, opts);
  // Blame reads every commit that touched the log (18 s of CPU for 500 commits of a 19 MB log): a longer bound than a
  // local git step's, and a blame that fails or runs past it leaves the lines unmarked, as before, rather than failing
  // every sync. Either way it is recorded done, not paid again at each sync.
  const blame =
    head === undefined ? undefined : await runGit(dir, ["blame", "--porcelain", "HEAD", "--", HISTORY_RELPATH], { ...opts, timeoutMs: BLAME_TIMEOUT_MS }).catch(() => undefined);
  let added = 0;
  if (head !== undefined && blame?.code === 0) {
    const local = new Set(await localCommits(dir, opts));
    const arrived = new Map<string, { entry: HistoryEntry; author: string; commit: string }>();
    for (const { commit, author, line } of blamed(blame.stdout)) {
      if (local.has(commit)) continue;
      const entry = parseHistoryLine(line);
      if (entry) arrived.set(entryKey(entry), { entry, author, commit }); // a malformed line is never shown, never restored
    }
    const known = readSyncedHistory(dir, new Set(arrived.keys()));
    const byCommit = new Map<string, { author: string; entries: HistoryEntry[] }>();
    for (const [key, a] of arrived) {
      if (known.has(key)) continue;
      const group = byCommit.get(a.commit) ?? { author: a.author, entries: [] };
      group.entries.push(a.entry);
      byCommit.set(a.commit, group);
    }
    for (const [commit, { author, entries }] of byCommit) {
      recordSyncedHistory(dir, entries, { pushed_by: [author], commit });
      added += entries.length;
    }
  }
  recordHistoryBackfill(dir, head ?? null);
  return added;
}

/** `git blame --porcelain`'s lines with the commit each is blamed on and its author as pushersOf names one. */
function* blamed(out: string): Generator<{ commit: string; author: string; line: string }> {
  const authors = new Map<string, { name?: string; mail?: string }>();
  let commit = "";
  for (let at = 0; at < out.length; ) {
    const nl = out.indexOf("\n", at);
    const end = nl === -1 ? out.length : nl;
    const row = out.slice(at, end);
    at = end + 1;
    if (row.startsWith("\t")) {
      const a = authors.get(commit) ?? {};
      yield { commit, author: `${a.name ?? "?"} ${a.mail ?? "<>"}`, line: row.slice(1) };
    } else if (/^[0-9a-f]{40,64} \d+ \d+/.test(row)) {
      commit = row.slice(0, row.indexOf(" "));
      if (!authors.has(commit)) authors.set(commit, {});
    } else if (row.startsWith("author ")) authors.get(commit)!.name = row.slice(7);
    else if (row.startsWith("author-mail ")) authors.get(commit)!.mail = row.slice(12);
  }
}
