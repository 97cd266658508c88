import fs from "node:fs";
import path from "node:path";
import { typeFromFileName } from "../core/card-types.js";
import { latestByCard, readHistory } from "../store/history.js";
import { commitFile } from "../store/write.js";
import { parseIndex } from "../core/index-file.js";
import { git, runGit, type GitOptions } from "./git.js";
import { mergeIndex, mergeLog } from "./merge-lines.js";
import { readMerged, readMergedText } from "./merged-read.js";

// A sync killed inside `git merge` (before git wrote MERGE_HEAD or its index) leaves the work tree half
// merged: some files already theirs, files git was about to merge unlinked, git's .merge_file_* temps. And
// once the dead sync's lock is broken, memctl may have written since (an episode into a fresh episodes.jsonl).
// Before the next merge, every changed file is brought back to "HEAD plus whatever is new", never less:
// logs are unions with HEAD, the index keeps its lines and regains HEAD's, a removed file comes back unless
// the history says memctl removed it. The merge that follows then brings their side in again.

export async function repairKilledMerge(repo: string, opts: GitOptions): Promise<string[]> {
  const touched: string[] = [];
  for (const name of fs.readdirSync(repo)) if (name.startsWith(".merge_file_")) fs.rmSync(path.join(repo, name), { force: true });
  const changed = (await git(repo, ["diff", "--name-status", "--no-renames", "-z", "HEAD"], opts)).split("\0");
  const history = latestByCard(readHistory(repo).entries);
  for (let i = 0; i + 1 < changed.length; i += 2) {
    const status = changed[i]!;
    const file = changed[i + 1]!;
    const abs = path.join(repo, file);
    const head = await runGit(repo, ["show", `HEAD:${file}`], opts);
    if (head.code !== 0) continue;
    // A path git had checked out may be a teammate's link (to a FIFO here): never followed, HEAD's text comes back.
    // Logs are not capped: one synced for years is large, and a regular file's read ends.
    const raw = readMerged(abs, file.endsWith(".jsonl") ? Number.POSITIVE_INFINITY : undefined);
    const now = raw?.toString("utf8");
    let next: string | undefined;
    if (raw === undefined) next = head.stdout;
    else if (file.endsWith(".jsonl")) next = mergeLog("", head.stdout, now ?? "");
    else if (/^MEMORY(\..+)?\.md$/.test(file)) next = now === undefined ? head.stdout : mergeIndex("", now, head.stdout);
    else if (status === "D" && !(typeFromFileName(file) && history.get(file)?.op === "delete")) next = head.stdout;
    if (next === undefined || next === now) continue;
    await commitFile(abs, next);
    touched.push(file);
  }
  // Index lines regained from HEAD for cards memctl removed since are dropped again (no dead links).
  const index = path.join(repo, "MEMORY.md");
  const text = readMergedText(index);
  if (text !== undefined) {
    const dead = new Set(
      parseIndex(text)
        .entries.filter((e) => !e.file.includes("/") && typeFromFileName(e.file) && !fs.existsSync(path.join(repo, e.file)))
        .map((e) => e.line - 1),
    );
    if (dead.size > 0)
      await commitFile(
        index,
        text
          .split("\n")
          .filter((_, i) => !dead.has(i))
          .join("\n"),
      );
  }
  return touched;
}
