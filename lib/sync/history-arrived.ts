import { HISTORY_RELPATH, parseHistoryLine, type HistoryEntry } from "../store/history.js";
import { entryKey, readSyncedHistory, recordSyncedHistory } from "../store/history-synced.js";
import { runGit, type GitOptions } from "./git.js";

// The history lines a merge from a shared remote brought: a teammate's log merges as it is (a union), but what each
// line claims (an actor, a revision's text) is that machine's word, so each is recorded as pushed, with its pushers.

/** Records the lines HEAD's history has that `before`'s did not (all of HEAD's with no `before`). */
export async function recordArrivedHistory(memoryDir: string, before: string | undefined, pusher: { authors: string[]; commit: string }, opts: GitOptions): Promise<number> {
  const old = new Set(before ? ((await blob(memoryDir, before, opts)) ?? "").split("\n") : []);
  const now = (await blob(memoryDir, "HEAD", opts)) ?? "";
  const arrived = new Map<string, HistoryEntry>();
  for (const line of now.split("\n")) {
    if (line.trim() === "" || old.has(line)) continue;
    const entry = parseHistoryLine(line);
    if (entry) arrived.set(entryKey(entry), entry); // a malformed line is never shown, never restored
  }
  const known = readSyncedHistory(memoryDir, new Set(arrived.keys()));
  const added = [...arrived].filter(([key]) => !known.has(key)).map(([, entry]) => entry);
  recordSyncedHistory(memoryDir, added, { pushed_by: pusher.authors, commit: pusher.commit });
  return added.length;
}

async function blob(dir: string, commit: string, opts: GitOptions): Promise<string | undefined> {
  const r = await runGit(dir, ["show", `${commit}:${HISTORY_RELPATH}`], opts);
  return r.code === 0 ? r.stdout : undefined;
}
