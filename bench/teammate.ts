// A synced store for the benches, and a teammate's push into its remote, so a bench can time the first prompt
// after `memctl sync` pulled one changed card. The push is git plumbing straight into the bare remote (a temporary
// index read from the branch, two new blobs, a commit): no second checkout of a 100,000-card store.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const git = (env: NodeJS.ProcessEnv, args: string[], input?: string) =>
  execFileSync("git", args, { env, input, encoding: "utf8", maxBuffer: 1 << 30, stdio: ["pipe", "pipe", "pipe"] }).trim();

/** A git identity for `home` (sync commits need one); the real user's git config is never read. */
export function gitHome(home: string): NodeJS.ProcessEnv {
  fs.writeFileSync(path.join(home, ".gitconfig"), "[user]\n\tname = bench\n\temail = bench@example.invalid\n[init]\n\tdefaultBranch = main\n");
  return { GIT_CONFIG_GLOBAL: path.join(home, ".gitconfig"), GIT_CONFIG_NOSYSTEM: "1" };
}

/**
 * Gives the store at env.MEMCTL_MEMORY_DIR its own bare remote and syncs it there once (own trust: arrivals apply).
 * The first commit and push are git's own: memctl's sync bounds `git add` to 30 s, which 100,000 new files exceed
 * on a loaded machine; what memctl then adds (its rules) is small.
 */
export function syncedStore(remote: string, cli: string, env: NodeJS.ProcessEnv): void {
  const store = env.MEMCTL_MEMORY_DIR!;
  git(env, ["init", "-q", "--bare", "-b", "main", remote]);
  for (const args of [
    ["init", "-q", "-b", "main"],
    ["add", "-A"],
    ["commit", "-q", "--no-verify", "-m", "bench store"],
    ["remote", "add", "origin", remote],
    ["push", "-q", "-u", "origin", "main"],
  ])
    git(env, ["-C", store, ...args]);
  execFileSync(process.execPath, [cli, "sync", "init", remote, "--trust", "own"], { env, stdio: ["ignore", "ignore", "inherit"] });
}

/** A teammate's push: `file`'s description and its MEMORY.md line's hook become `text`. */
export function pushCardEdit(remote: string, file: string, text: string, env: NodeJS.ProcessEnv): void {
  const at = { ...env, GIT_DIR: remote, GIT_INDEX_FILE: path.join(remote, "bench-index") };
  git(at, ["read-tree", "main"]);
  const index = git(at, ["show", "main:MEMORY.md"]);
  const link = `](${file}) — `;
  const start = index.indexOf(link);
  const end = index.indexOf("\n", start);
  const card = git(at, ["show", `main:${file}`]).replace(/^description: .*$/m, `description: ${JSON.stringify(text)}`);
  for (const [name, content] of [
    ["MEMORY.md", `${index.slice(0, start + link.length)}${text}${index.slice(end)}\n`],
    [file, `${card}\n`],
  ] as const) {
    const blob = git(at, ["hash-object", "-w", "--stdin"], content);
    git(at, ["update-index", "--cacheinfo", `100644,${blob},${name}`]);
  }
  const commit = git(at, ["commit-tree", git(at, ["write-tree"]), "-p", "main", "-m", `teammate: ${file}`]);
  git(at, ["update-ref", "refs/heads/main", commit]);
  fs.rmSync(path.join(remote, "bench-index"), { force: true });
}
