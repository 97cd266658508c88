import { assertMayWrite } from "../records/actor.js";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { readHistory } from "../store/history.js";
import type { BlockContext } from "../core/block.js";
import { viewStore, type StoreView } from "../records/store-view.js";
import { assertNoSecrets, type SecretPolicy } from "../records/secrets.js";
import { readStore } from "../store/read.js";
import { readCompact, writeCompact, type CompactArtifact, type CompactRead, type Generator } from "./artifact.js";
import { assembleFromRecords, indexRecords, viewBytes, watermarkOf, type IndexRecord } from "./assemble.js";
import { llmPrompt, mechanicalSummary, repairSummary, runLlmCommand } from "./generate.js";

// One compaction: read the records (never the previous compact — rule 3), generate, and write only a
// candidate that shrinks the assembled body (rule 5). Records are only read (rule 1).

export type CompactMode = "auto" | "mechanical" | "llm";
export const DEFAULT_LLM_TIMEOUT_SECONDS = 120;

export interface CompactRequest {
  memoryDir: string;
  mode: CompactMode;
  actor: string;
  now: Date;
  llmCommand?: readonly string[];
  timeoutSeconds?: number;
  env: Record<string, string | undefined>;
  context: Omit<BlockContext, "entryCount">;
  /** Progress for people, printed before the model call (seed 000: a round-trip is otherwise silent). */
  say: (line: string) => void;
  /** The `[secrets] allow` list; the summary is scanned whether or not it is given. */
  secrets?: SecretPolicy;
  /** Told when the model command starts and ends (a progress line ticks in between). */
  onModel?: (phase: "start" | "end") => void;
}

export interface CompactOutcome {
  compact: CompactArtifact;
  records: number;
  bytes_without: number;
  bytes_with: number;
  /** Why auto mode used the mechanical generator; null when it did not fall back. */
  fallback_reason: string | null;
  replaced: { generator: Generator; generated_at: string } | null;
}

export async function compactStore(req: CompactRequest): Promise<CompactOutcome> {
  assertMayWrite(req.actor, "compact memory (the compact is injected into every later session)");
  const store = await readIndexView(req.memoryDir);
  const history = readHistory(req.memoryDir);
  const records = indexRecords(store, history.entries);
  const context: BlockContext = { ...req.context, entryCount: store.entries.length };
  const previous = readCompact(req.memoryDir);
  const without = viewBytes(assembleFromRecords(records, null), context);
  const wantsLlm = req.mode !== "mechanical";
  const command = req.llmCommand && req.llmCommand.length > 0 ? req.llmCommand : undefined;
  req.say(plan(records.length, previous, req.mode, command, req.now));

  const base = { version: 1 as const, generated_at: req.now.toISOString(), generated_by: req.actor, watermark: watermarkOf(records) };
  const sized = (c: CompactArtifact) => viewBytes(assembleFromRecords(records, c), context);
  let fallback: string | null = null;
  let chosen: CompactArtifact | undefined;
  if (wantsLlm) {
    const llm = command ? await llmCandidate(records, command, req) : { ok: false as const, reason: "no [compact] llm_command is configured in the user config" };
    if (!llm.ok) {
      if (req.mode === "llm")
        throw new MemctlError(
          ERROR_CODES.E_COMPACT_LLM,
          `--llm: ${llm.reason}; nothing was written${command ? "" : ' (set [compact] llm_command = ["claude", "-p"] in the user config)'}`,
          { reason: llm.reason },
        );
      fallback = llm.reason;
    } else {
      const candidate: CompactArtifact = { ...base, summary: llm.summary, generator: "llm", model: command!.join(" "), repaired: llm.repaired.map((r) => r.name) };
      if (llm.repaired.length > 0) req.say(`the summary left out ${llm.repaired.length} card(s); appended verbatim as index lines: ${llm.repaired.map((r) => r.name).join(", ")}`);
      const bytes = sized(candidate);
      if (bytes < without || req.mode === "llm") chosen = candidate;
      else fallback = `the LLM summary would not shrink the injected body (${without} → ${bytes} bytes)`;
    }
    if (fallback) req.say(`falling back to the mechanical generator: ${fallback}`);
  }
  chosen ??= { ...base, summary: mechanicalSummary(records), generator: "mechanical", model: null, repaired: [] };
  await assertNoSecrets(chosen.summary, req.secrets, `the ${chosen.generator} compact summary`);
  const withBytes = sized(chosen);
  if (withBytes >= without) {
    const kept = previous.status === "ok" ? `the existing compact (${previous.compact.generator}, ${previous.compact.generated_at}) stays in place` : "there is no compact yet";
    throw new MemctlError(
      ERROR_CODES.E_COMPACT_GROWS,
      `a ${chosen.generator} compact would not shrink the injected memory: ${without} bytes without it, ${withBytes} bytes with it (${records.length} records). Nothing was written; ${kept}. ` +
        "What helps: curate the records (merge overlapping cards, shorten long descriptions, rm stale ones), or raise [doctor] warn_bytes in the user config.",
      { bytes_without: without, bytes_with: withBytes, generator: chosen.generator, records: records.length, fallback_reason: fallback },
    );
  }
  await writeCompact(req.memoryDir, chosen);
  return {
    compact: chosen,
    records: records.length,
    bytes_without: without,
    bytes_with: withBytes,
    fallback_reason: fallback,
    replaced: previous.status === "ok" ? { generator: previous.compact.generator, generated_at: previous.compact.generated_at } : null,
  };
}

/** The store's index view; a store without MEMORY.md is a clear error, not an internal one. */
export async function readIndexView(memoryDir: string): Promise<StoreView> {
  try {
    return viewStore(await readStore(memoryDir));
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `${memoryDir} has no MEMORY.md, so there is no index to compact; create it (memctl init, or memctl save a card)`, {
      memory_dir: memoryDir,
    });
  }
}

async function llmCandidate(
  records: IndexRecord[],
  command: readonly string[],
  req: CompactRequest,
): Promise<{ ok: true; summary: string; repaired: IndexRecord[] } | { ok: false; reason: string }> {
  req.onModel?.("start");
  const result = await runLlmCommand({
    command,
    prompt: llmPrompt(records),
    timeoutMs: (req.timeoutSeconds ?? DEFAULT_LLM_TIMEOUT_SECONDS) * 1000,
    env: req.env,
  }).finally(() => req.onModel?.("end"));
  if (!result.ok) return result;
  return { ok: true, ...repairSummary(result.summary, records) };
}

/** "About to": record count, the last compact's age, generator and command. */
export function plan(records: number, previous: CompactRead, mode: CompactMode, command: readonly string[] | undefined, now: Date): string {
  const last =
    previous.status === "ok"
      ? `last compact ${age(previous.compact.generated_at, now)} ago (${previous.compact.generator}, by ${previous.compact.generated_by})`
      : previous.status === "invalid"
        ? "existing compact unreadable"
        : "no compact yet";
  const how =
    mode === "mechanical"
      ? "mechanical generator (no model)"
      : command
        ? `LLM via \`${command.join(" ")}\`${mode === "auto" ? ", mechanical fallback" : ""}`
        : mode === "auto"
          ? "LLM not configured, mechanical generator"
          : "LLM (not configured)";
  return `compacting ${records} record${records === 1 ? "" : "s"}; ${last}; ${how}`;
}

export function age(iso: string, now: Date): string {
  const ms = now.getTime() - Date.parse(iso);
  if (!Number.isFinite(ms)) return "unknown time";
  const minutes = Math.max(0, Math.floor(ms / 60000));
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)}h`;
  return `${Math.floor(minutes / 1440)}d`;
}
