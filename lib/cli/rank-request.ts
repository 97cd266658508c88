import type { HostAdapter } from "../../hosts/index.js";
import { resolveStoreBudget, type ResolvedBudget } from "../config/budget.js";
import { readConfig } from "../config/config.js";
import type { Resolution } from "../config/resolve.js";
import { scopeAtOf } from "../config/scope-at.js";
import { displayDir } from "../core/block.js";
import type { InjectionRequest } from "../hook/inject.js";
import type { Io } from "../store/io.js";
import { num, projectFrom, type ParsedArgs } from "./args.js";

/**
 * A query ranked over a resolved store as the per-prompt hook ranks a prompt, for `memctl context` and `memctl
 * prepare`: the budget from --max-bytes / --max-entries, the config and the host; scopes matched where the command
 * runs. Throws what resolving the budget throws, before anything is ranked.
 */
export function rankRequest(
  args: ParsedArgs,
  io: Io,
  host: HostAdapter,
  resolution: Resolution & { memory_dir: string },
  prompt: string,
): Omit<InjectionRequest, "record"> & { budget: ResolvedBudget } {
  const budget = resolveStoreBudget(
    { host: host.name, cliMaxBytes: num(args, "max-bytes"), cliMaxEntries: num(args, "max-entries"), config: readConfig(io).value },
    resolution,
    io,
  );
  return {
    memoryDir: resolution.memory_dir,
    displayDir: displayDir(resolution.memory_dir, io.home),
    projectKey: resolution.project_key,
    source: resolution.resolution_source,
    prompt,
    scopeAt: scopeAtOf(resolution, io.cwd, projectFrom(args).repoRoot),
    host,
    budget,
    now: io.now(),
  };
}
