import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { runGit, type GitOptions } from "./git.js";
import { currentBranch, remoteBranches, trackBranch, type Upstream } from "./repo.js";

// Talking to the remote before a sync's local part: fetching the store's branch, choosing the branch when the remote
// lacks it, and the one error an unreachable remote gives. `network` carries the network time limit.

/** Fetches the upstream branch; false when the remote has no such branch. */
export async function fetchUpstream(memoryDir: string, upstream: Upstream, network: GitOptions): Promise<boolean> {
  const refspec = `+refs/heads/${upstream.branch}:${upstream.trackingRef}`;
  const r = await runGit(memoryDir, ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules", upstream.remote, refspec], network).catch(
    (err: unknown) => {
      throw err instanceof MemctlError && err.code === ERROR_CODES.E_SYNC_GIT ? offline(upstream, err.message, "nothing was changed") : err;
    },
  );
  if (r.code === 0) return true;
  if (/couldn't find remote ref/i.test(r.stderr)) return false;
  throw offline(upstream, r.stderr, "nothing was changed");
}

/**
 * The remote lacks the store's branch. An empty remote is not offline: the first push creates the branch. A remote
 * with exactly one branch is the store's (a `git clone` of a bare remote whose HEAD names a branch nobody pushed
 * sits on that unborn name; pushing it would split memory in two, each machine "synced"): taken and recorded.
 * Several, none of them this one: which to join is the owner's choice, so nothing is pushed.
 */
export async function branchToTake(memoryDir: string, upstream: Upstream, network: GitOptions): Promise<Upstream> {
  const branches = await remoteBranches(memoryDir, upstream.remote, network).catch((err: unknown) => {
    throw err instanceof MemctlError && err.code === ERROR_CODES.E_SYNC_GIT ? offline(upstream, err.message, "nothing was changed") : err;
  });
  if (branches.length === 0) return upstream;
  if (branches.length > 1) {
    const local = (await currentBranch(memoryDir, network)) || upstream.branch;
    throw new MemctlError(
      ERROR_CODES.E_SYNC_BRANCH,
      `${upstream.remote} has the branches ${branches.join(", ")} but not ${upstream.branch}, which this store syncs with; nothing was pushed. Choose the one that holds your memory (git -C ${memoryDir} config branch.${local}.merge refs/heads/<branch>), then run memctl sync`,
      { remote: upstream.remote, branch: upstream.branch, remote_branches: branches },
    );
  }
  const taken = { ...upstream, branch: branches[0]!, trackingRef: `refs/remotes/${upstream.remote}/${branches[0]}` };
  await trackBranch(memoryDir, taken.remote, taken.branch, network);
  if (!(await fetchUpstream(memoryDir, taken, network))) throw offline(taken, `${taken.branch} went away during the sync`, "nothing was changed");
  return taken;
}

/** The remote could not be reached: what stays, and to retry. */
export function offline(upstream: Upstream, detail: string, consequence: string): MemctlError {
  const why = detail.trim().split("\n").slice(-2).join(" / ");
  return new MemctlError(ERROR_CODES.E_SYNC_OFFLINE, `cannot reach ${upstream.remote} (${why}); ${consequence}. Retry when online: memctl sync`, {
    remote: upstream.remote,
    why,
  });
}

/**
 * A remote given as a relative local path, made absolute from where it was typed: git resolves one from the store's
 * own folder. A URL, an scp-like host:path (a ':' before any '/', git's rule) or an absolute path is as given.
 */
export function remoteFrom(remote: string, cwd: string): string {
  if (path.isAbsolute(remote) || remote.includes("://")) return remote;
  const colon = remote.indexOf(":");
  const slash = remote.indexOf("/");
  if (colon !== -1 && (slash === -1 || colon < slash)) return remote;
  return path.resolve(cwd, remote);
}
