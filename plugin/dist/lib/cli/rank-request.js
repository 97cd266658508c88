// lib/cli/rank-request.ts
import { resolveStoreBudget } from "../config/budget.js";
import { readConfig } from "../config/config.js";
import { scopeAtOf } from "../config/scope-at.js";
import { displayDir } from "../core/block.js";
import { num, projectFrom } from "./args.js";
function rankRequest(args, io, host, resolution, prompt) {
  const budget = resolveStoreBudget(
    { host: host.name, cliMaxBytes: num(args, "max-bytes"), cliMaxEntries: num(args, "max-entries"), config: readConfig(io).value },
    resolution,
    io
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
    now: io.now()
  };
}
export {
  rankRequest
};
