// lib/sync/incoming.ts
import fs from "node:fs";
import path from "node:path";
import { git } from "./git.js";
import { isPerMachine } from "./layout.js";
import { gitDir } from "./repo.js";
async function mergeableCommit(dir, ref, opts) {
  const top = (await git(dir, ["ls-tree", "-z", ref, "--", ".memctl"], opts)).split("\0").filter(Boolean);
  const notDir = top.filter((l) => !l.startsWith("040000 ")).map((l) => l.slice(l.indexOf("	") + 1));
  const listed = (await git(dir, ["ls-tree", "-r", "-z", "--name-only", ref, "--", ".memctl/"], opts)).split("\0").filter((f) => f !== "" && isPerMachine(f));
  const dropped = [...notDir, ...listed];
  if (dropped.length === 0) return { commit: ref, dropped };
  const index = path.join(gitDir(dir), "memctl-incoming.index");
  const env = { ...opts, env: { ...opts.env, GIT_INDEX_FILE: index } };
  try {
    await git(dir, ["read-tree", ref], env);
    await git(dir, ["update-index", "--force-remove", "-z", "--stdin"], { ...env, input: dropped.join("\0") + "\0" });
    const tree = await git(dir, ["write-tree"], env);
    const message = `memory: leave out per-machine files the remote tracks (${dropped.length}): ${dropped.slice(0, 5).join(", ")}${dropped.length > 5 ? ", \u2026" : ""}`;
    return { commit: await git(dir, ["commit-tree", tree, "-p", ref, "-m", message], opts), dropped };
  } finally {
    fs.rmSync(index, { force: true });
  }
}
export {
  mergeableCommit
};
