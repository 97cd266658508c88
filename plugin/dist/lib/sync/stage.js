// lib/sync/stage.ts
import fs from "node:fs";
import path from "node:path";
import { git, runGit } from "./git.js";
import { isPerMachine, mustShare, SHARED_STATE } from "./layout.js";
import { commitMessage } from "./message.js";
import { headCommit } from "./repo.js";
async function stageAll(dir, opts) {
  await git(dir, ["add", "-A", "--", ".", ":(top,exclude).memctl"], opts);
  const tracked = (await git(dir, ["ls-files", "-z", "--", ":(top).memctl"], opts)).split("\0").filter(Boolean);
  const shared = SHARED_STATE.map((p) => p.replace(/\/$/, "")).filter((p) => fs.existsSync(path.join(dir, p)) || tracked.some((f) => f === p || f.startsWith(`${p}/`)));
  if (shared.length > 0) await git(dir, ["add", "-A", "-f", "--", ...shared.map((p) => `:(top,literal)${p}`)], opts);
  const ignored = (await git(dir, ["ls-files", "-z", "--others", "--ignored", "--exclude-standard"], opts)).split("\0").filter((f) => f !== "" && mustShare(f));
  if (ignored.length > 0) await git(dir, ["--literal-pathspecs", "add", "-f", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...opts, input: ignored.join("\0") });
  const perMachine = (await git(dir, ["ls-files", "-z", "--", ":(top).memctl"], opts)).split("\0").filter((f) => f !== "" && isPerMachine(f));
  if (perMachine.length > 0)
    await git(dir, ["--literal-pathspecs", "rm", "--cached", "-q", "-f", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...opts, input: perMachine.join("\0") });
}
async function commitLocal(dir, opts) {
  await stageAll(dir, opts);
  if ((await runGit(dir, ["diff", "--cached", "--quiet"], opts)).code === 0 && await headCommit(dir, opts) !== void 0) return 0;
  const { subject, body } = await commitMessage(dir, opts);
  await git(dir, ["commit", "-q", "--no-verify", "--allow-empty", "-m", subject, ...body ? ["-m", body] : []], opts);
  return 1;
}
export {
  commitLocal,
  stageAll
};
