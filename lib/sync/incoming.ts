import fs from "node:fs";
import path from "node:path";
import { git, type GitOptions } from "./git.js";
import { isPerMachine } from "./layout.js";
import { gitDir } from "./repo.js";

// What a sync merges: the remote's commit, or, when it tracks per-machine state (a teammate's force-added
// .memctl/intent.json, usage log, caches), a commit on top of it without those paths. Merged as they are,
// git would write them over this machine's own files (they are ignored here, and git overwrites ignored
// files), or refuse the merge for ever; memctl would then read another machine's state as its own.

export interface Mergeable {
  commit: string;
  /** Per-machine paths the remote tracks, left out of what is merged. */
  dropped: string[];
}

export async function mergeableCommit(dir: string, ref: string, opts: GitOptions): Promise<Mergeable> {
  const top = (await git(dir, ["ls-tree", "-z", ref, "--", ".memctl"], opts)).split("\0").filter(Boolean);
  // .memctl itself committed as a file or a link (not a directory) is per-machine too.
  const notDir = top.filter((l) => !l.startsWith("040000 ")).map((l) => l.slice(l.indexOf("\t") + 1));
  const listed = (await git(dir, ["ls-tree", "-r", "-z", "--name-only", ref, "--", ".memctl/"], opts)).split("\0").filter((f) => f !== "" && isPerMachine(f));
  const dropped = [...notDir, ...listed];
  if (dropped.length === 0) return { commit: ref, dropped };
  const index = path.join(gitDir(dir), "memctl-incoming.index");
  const env = { ...opts, env: { ...opts.env, GIT_INDEX_FILE: index } };
  try {
    await git(dir, ["read-tree", ref], env);
    await git(dir, ["update-index", "--force-remove", "-z", "--stdin"], { ...env, input: dropped.join("\0") + "\0" });
    const tree = await git(dir, ["write-tree"], env);
    const message = `memory: leave out per-machine files the remote tracks (${dropped.length}): ${dropped.slice(0, 5).join(", ")}${dropped.length > 5 ? ", …" : ""}`;
    return { commit: await git(dir, ["commit-tree", tree, "-p", ref, "-m", message], opts), dropped };
  } finally {
    fs.rmSync(index, { force: true });
  }
}
