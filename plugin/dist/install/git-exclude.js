// install/git-exclude.ts
import path from "node:path";
import { findRepo, ownsGitDir } from "../lib/config/git.js";
import { statIfExists } from "../lib/store/checked-fs.js";
function gitExcludeEdit(ctx, relPath) {
  const repo = findRepo(ctx.projectDir);
  if (!repo || !ownsGitDir(repo) || !statIfExists(path.join(repo.commonDir, "HEAD"))?.isFile()) return void 0;
  const file = path.join(repo.commonDir, "info", "exclude");
  const line = `/${relPath.split(path.sep).join("/")}`;
  const has = (text) => text.split("\n").some((l) => l.trim() === line);
  const install = (before) => before !== null && has(before) ? before : `${before ?? ""}${before && !before.endsWith("\n") ? "\n" : ""}${line}
`;
  return {
    file,
    label: `git ignores ${relPath} (this clone's .git/info/exclude; nothing committed)`,
    root: path.dirname(file),
    within: repo.commonDir,
    install,
    uninstall: (before, original) => {
      if (before === null || original !== null && has(original)) return before;
      if (before === install(original)) return original;
      return before.split("\n").filter((l) => l.trim() !== line).join("\n");
    }
  };
}
export {
  gitExcludeEdit
};
