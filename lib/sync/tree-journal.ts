import { git, type GitOptions } from "./git.js";

// What a sync round changes in the work tree goes into the write journal (lib/store/write-journal.ts), as memctl's
// own writes do, so the next prompt applies the merge's edit of MEMORY.md and re-checks only the files it changed
// instead of reading the whole store. The record is taken from the tree itself — MEMORY.md's bytes before and
// after, the files the tree differs in from the commit before the merge, the directories' mtimes after — never from
// what git or the remote said it merged (a merge is untrusted input). A round that cannot say (a repair of a killed
// sync, a first checkout, a failure part way) records "read the files" (x). The round runs inside journalAround
// (lib/store/write-journal.ts), as an import's batch does (lib/records/batch.ts); this file finds what it changed.

/** The files the work tree differs in from `commit` (tracked ones: a merge's follow-up commit tracks every file). */
export async function changedSince(memoryDir: string, commit: string, options: GitOptions): Promise<string[]> {
  return (await git(memoryDir, ["diff", "--name-only", "--no-renames", "-z", commit], options)).split("\0").filter((f) => f !== "");
}
