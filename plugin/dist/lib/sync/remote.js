// lib/sync/remote.ts
import path from "node:path";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { runGit } from "./git.js";
import { currentBranch, remoteBranches, trackBranch } from "./repo.js";
async function fetchUpstream(memoryDir, upstream, network) {
  const refspec = `+refs/heads/${upstream.branch}:${upstream.trackingRef}`;
  const r = await runGit(memoryDir, ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules", upstream.remote, refspec], network).catch(
    (err) => {
      throw err instanceof MemctlError && err.code === ERROR_CODES.E_SYNC_GIT ? offline(upstream, err.message, "nothing was changed") : err;
    }
  );
  if (r.code === 0) return true;
  if (/couldn't find remote ref/i.test(r.stderr)) return false;
  throw offline(upstream, r.stderr, "nothing was changed");
}
async function branchToTake(memoryDir, upstream, network) {
  const branches = await remoteBranches(memoryDir, upstream.remote, network).catch((err) => {
    throw err instanceof MemctlError && err.code === ERROR_CODES.E_SYNC_GIT ? offline(upstream, err.message, "nothing was changed") : err;
  });
  if (branches.length === 0) return upstream;
  if (branches.length > 1) {
    const local = await currentBranch(memoryDir, network) || upstream.branch;
    throw new MemctlError(
      ERROR_CODES.E_SYNC_BRANCH,
      `${upstream.remote} has the branches ${branches.join(", ")} but not ${upstream.branch}, which this store syncs with; nothing was pushed. Choose the one that holds your memory (git -C ${memoryDir} config branch.${local}.merge refs/heads/<branch>), then run memctl sync`,
      { remote: upstream.remote, branch: upstream.branch, remote_branches: branches }
    );
  }
  const taken = { ...upstream, branch: branches[0], trackingRef: `refs/remotes/${upstream.remote}/${branches[0]}` };
  await trackBranch(memoryDir, taken.remote, taken.branch, network);
  if (!await fetchUpstream(memoryDir, taken, network)) throw offline(taken, `${taken.branch} went away during the sync`, "nothing was changed");
  return taken;
}
function offline(upstream, detail, consequence) {
  const why = detail.trim().split("\n").slice(-2).join(" / ");
  return new MemctlError(ERROR_CODES.E_SYNC_OFFLINE, `cannot reach ${upstream.remote} (${why}); ${consequence}. Retry when online: memctl sync`, {
    remote: upstream.remote,
    why
  });
}
function remoteFrom(remote, cwd) {
  if (path.isAbsolute(remote) || remote.includes("://")) return remote;
  const colon = remote.indexOf(":");
  const slash = remote.indexOf("/");
  if (colon !== -1 && (slash === -1 || colon < slash)) return remote;
  return path.resolve(cwd, remote);
}
export {
  branchToTake,
  fetchUpstream,
  offline,
  remoteFrom
};
