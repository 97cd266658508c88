// What a sync commits of the work tree: everything memctl shares, whatever a pushed .gitignore says, and never
// this machine's own .memctl/ state, whatever it un-ignores.
import fs from "node:fs";
import path from "node:path";
import { git, runGit, type GitOptions } from "./git.js";
import { isPerMachine, mustShare, SHARED_STATE } from "./layout.js";
import { commitMessage } from "./message.js";
import { headCommit } from "./repo.js";

/**
 * Stages the work tree as a sync commits it: what memctl shares even where a pushed .gitignore ignores it, and never
 * this machine's own .memctl/ state, even where a pushed .gitignore un-ignores it (the why log holds prompts with
 * log_prompts on): .memctl/ is staged only by its shared paths, so git never even lists the per-machine files (a
 * journal temp renamed while git stats it failed the sync). -f: one a broken sync committed is unstaged all the same.
 */
export async function stageAll(dir: string, opts: GitOptions): Promise<void> {
  await git(dir, ["add", "-A", "--", ".", ":(top,exclude).memctl"], opts);
  const tracked = (await git(dir, ["ls-files", "-z", "--", ":(top).memctl"], opts)).split("\0").filter(Boolean);
  const shared = SHARED_STATE.map((p) => p.replace(/\/$/, "")).filter((p) => fs.existsSync(path.join(dir, p)) || tracked.some((f) => f === p || f.startsWith(`${p}/`)));
  // -f: shared whatever a pushed .gitignore says (mustShare); a temp inside one is unstaged below.
  if (shared.length > 0) await git(dir, ["add", "-A", "-f", "--", ...shared.map((p) => `:(top,literal)${p}`)], opts);
  const ignored = (await git(dir, ["ls-files", "-z", "--others", "--ignored", "--exclude-standard"], opts)).split("\0").filter((f) => f !== "" && mustShare(f));
  if (ignored.length > 0) await git(dir, ["--literal-pathspecs", "add", "-f", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...opts, input: ignored.join("\0") });
  const perMachine = (await git(dir, ["ls-files", "-z", "--", ":(top).memctl"], opts)).split("\0").filter((f) => f !== "" && isPerMachine(f));
  if (perMachine.length > 0)
    await git(dir, ["--literal-pathspecs", "rm", "--cached", "-q", "-f", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...opts, input: perMachine.join("\0") });
}

/** Stages and commits whatever memctl (or a person) wrote since the last sync; returns 1 when it committed. */
export async function commitLocal(dir: string, opts: GitOptions): Promise<number> {
  await stageAll(dir, opts);
  if ((await runGit(dir, ["diff", "--cached", "--quiet"], opts)).code === 0 && (await headCommit(dir, opts)) !== undefined) return 0;
  const { subject, body } = await commitMessage(dir, opts);
  await git(dir, ["commit", "-q", "--no-verify", "--allow-empty", "-m", subject, ...(body ? ["-m", body] : [])], opts);
  return 1;
}
