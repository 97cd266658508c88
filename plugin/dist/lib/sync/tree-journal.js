// lib/sync/tree-journal.ts
import { git } from "./git.js";
async function changedSince(memoryDir, commit, options) {
  return (await git(memoryDir, ["diff", "--name-only", "--no-renames", "-z", commit], options)).split("\0").filter((f) => f !== "");
}
export {
  changedSince
};
