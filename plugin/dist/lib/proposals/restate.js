// lib/proposals/restate.ts
import { usageError } from "../core/errors.js";
import { RESTATED_MAX, restatementProblem } from "../records/proposal-restated.js";
import { assertNoSecrets, warmSecretScan } from "../records/secrets.js";
import { isValidActor } from "../store/history.js";
import { withStoreLock } from "../store/lock.js";
import { logEvent, proposalFile, proposalFileFits, rewritePending } from "./propose.js";
import { readMatching } from "../records/proposal-read.js";
async function recordRestatement(ctx, id, input) {
  if (!isValidActor(ctx.actor)) throw usageError(`actor "${ctx.actor}" is not one of human, system, host:<name>, agent:<id>`);
  const entry = { source: input.source.trim(), description: input.description, proposer: ctx.actor, at: ctx.now.toISOString() };
  const problem = restatementProblem(entry);
  if (problem) throw usageError(`the restatement cannot be recorded: ${problem}`);
  const text = `${entry.source}
${entry.description}`;
  await warmSecretScan(text);
  await assertNoSecrets(text, ctx.secrets, "the restatement (source, then description)");
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      const p = readMatching(ctx.memoryDir, id).find((x) => x.id === id);
      if (!p) return "gone";
      const restated = p.restated ?? [];
      const sources = [p.source, ...(p.merged ?? []).map((m) => m.source), ...restated.map((r) => r.source)];
      if (input.session !== "" && sources.some((s) => s.startsWith(input.session))) return "same-session";
      if (restated.length >= RESTATED_MAX) return "full";
      const next = { ...p, restated: [...restated, entry] };
      const file = proposalFile(next);
      if (!proposalFileFits(file)) return "full";
      await rewritePending(ctx.memoryDir, next, file);
      logEvent(ctx.memoryDir, { event: "restated", id, actor: ctx.actor, at: entry.at, source: entry.source });
      return "recorded";
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
export {
  recordRestatement
};
