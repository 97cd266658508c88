import { usageError } from "../core/errors.js";
import { RESTATED_MAX, restatementProblem, type Restatement } from "../records/proposal-restated.js";
import { assertNoSecrets, warmSecretScan } from "../records/secrets.js";
import { isValidActor } from "../store/history.js";
import { withStoreLock } from "../store/lock.js";
import { logEvent, proposalFile, proposalFileFits, rewritePending, type ProposeContext } from "./propose.js";
import { readMatching } from "../records/proposal-read.js";

// Recording on a pending proposal that a later session said the same thing again (capture's dedupe skipped its
// candidate as a restatement: lib/capture/stage.ts). Like consolidate's `merged`, the proposal keeps who said it
// where; unlike a merge nothing else was staged, so there is nothing to archive. One entry per session: the
// session the proposal came from, or one already recorded, is not said again (Stop fires once per turn, and each
// turn's capture reads the whole session again). Checked as `propose` checks its input: the entry's own rules,
// the secret scan, the proposal file's size limit; written by the same writer, under the store lock.

export type RestateOutcome =
  /** Recorded on the proposal. */
  | "recorded"
  /** The proposal came from that session, or already records it (or a merged duplicate did). */
  | "same-session"
  /** RESTATED_MAX are recorded, or one more would take the file past the card file limit. */
  | "full"
  /** No pending proposal with that id any more (decided since the dedupe read it). */
  | "gone";

export interface RestateInput {
  source: string;
  description: string;
  /** The start every source from the restating session has ("claude session abc,"): one entry per session. */
  session: string;
}

export async function recordRestatement(ctx: ProposeContext, id: string, input: RestateInput): Promise<RestateOutcome> {
  if (!isValidActor(ctx.actor)) throw usageError(`actor "${ctx.actor}" is not one of human, system, host:<name>, agent:<id>`);
  const entry: Restatement = { source: input.source.trim(), description: input.description, proposer: ctx.actor, at: ctx.now.toISOString() };
  const problem = restatementProblem(entry);
  if (problem) throw usageError(`the restatement cannot be recorded: ${problem}`);
  const text = `${entry.source}\n${entry.description}`;
  await warmSecretScan(text);
  await assertNoSecrets(text, ctx.secrets, "the restatement (source, then description)");
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      // Only the files the id names: capture records restatements at session end, over a queue of any size.
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
    { timeoutMs: ctx.lockTimeoutMs },
  );
}
