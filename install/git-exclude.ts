import path from "node:path";
import { findRepo, ownsGitDir } from "../lib/config/git.js";
import { statIfExists } from "../lib/store/checked-fs.js";
import type { InstallContext, PlannedEdit } from "./context.js";

// Git's per-clone exclude file (<common dir>/info/exclude, shared by linked worktrees): ignores a file that holds
// this machine's own paths without adding a committed .gitignore line to the user's project.

/** The edit that makes git ignore `relPath` (relative to the project's worktree root); undefined outside git. */
export function gitExcludeEdit(ctx: InstallContext, relPath: string): PlannedEdit | undefined {
  const repo = findRepo(ctx.projectDir);
  // A git dir with no HEAD is not one git uses (a .git file can name any folder): nothing to ignore there. One this
  // checkout does not own (its .git file names another checkout's .git) is that repository's: a local install
  // edited its exclude file.
  if (!repo || !ownsGitDir(repo) || !statIfExists(path.join(repo.commonDir, "HEAD"))?.isFile()) return undefined;
  const file = path.join(repo.commonDir, "info", "exclude");
  const line = `/${relPath.split(path.sep).join("/")}`;
  const has = (text: string) => text.split("\n").some((l) => l.trim() === line);
  const install = (before: string | null): string => (before !== null && has(before) ? before : `${before ?? ""}${before && !before.endsWith("\n") ? "\n" : ""}${line}\n`);
  return {
    file,
    label: `git ignores ${relPath} (this clone's .git/info/exclude; nothing committed)`,
    root: path.dirname(file),
    within: repo.commonDir,
    install,
    uninstall: (before, original) => {
      if (before === null || (original !== null && has(original))) return before;
      if (before === install(original)) return original;
      return before
        .split("\n")
        .filter((l) => l.trim() !== line)
        .join("\n");
    },
  };
}
