// lib/compact/run.ts
import { assertMayWrite } from "../records/actor.js";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { readHistory } from "../store/history.js";
import { viewStore } from "../records/store-view.js";
import { assertNoSecrets } from "../records/secrets.js";
import { readStore } from "../store/read.js";
import { readCompact, writeCompact } from "./artifact.js";
import { assembleFromRecords, indexRecords, viewBytes, watermarkOf } from "./assemble.js";
import { llmPrompt, mechanicalSummary, repairSummary, runLlmCommand } from "./generate.js";
var DEFAULT_LLM_TIMEOUT_SECONDS = 120;
async function compactStore(req) {
  assertMayWrite(req.actor, "compact memory (the compact is injected into every later session)");
  const store = await readIndexView(req.memoryDir);
  const history = readHistory(req.memoryDir);
  const records = indexRecords(store, history.entries);
  const context = { ...req.context, entryCount: store.entries.length };
  const previous = readCompact(req.memoryDir);
  const without = viewBytes(assembleFromRecords(records, null), context);
  const wantsLlm = req.mode !== "mechanical";
  const command = req.llmCommand && req.llmCommand.length > 0 ? req.llmCommand : void 0;
  req.say(plan(records.length, previous, req.mode, command, req.now));
  const base = { version: 1, generated_at: req.now.toISOString(), generated_by: req.actor, watermark: watermarkOf(records) };
  const sized = (c) => viewBytes(assembleFromRecords(records, c), context);
  let fallback = null;
  let chosen;
  if (wantsLlm) {
    const llm = command ? await llmCandidate(records, command, req) : { ok: false, reason: "no [compact] llm_command is configured in the user config" };
    if (!llm.ok) {
      if (req.mode === "llm")
        throw new MemctlError(
          ERROR_CODES.E_COMPACT_LLM,
          `--llm: ${llm.reason}; nothing was written${command ? "" : ' (set [compact] llm_command = ["claude", "-p"] in the user config)'}`,
          { reason: llm.reason }
        );
      fallback = llm.reason;
    } else {
      const candidate = { ...base, summary: llm.summary, generator: "llm", model: command.join(" "), repaired: llm.repaired.map((r) => r.name) };
      if (llm.repaired.length > 0) req.say(`the summary left out ${llm.repaired.length} card(s); appended verbatim as index lines: ${llm.repaired.map((r) => r.name).join(", ")}`);
      const bytes = sized(candidate);
      if (bytes < without || req.mode === "llm") chosen = candidate;
      else fallback = `the LLM summary would not shrink the injected body (${without} \u2192 ${bytes} bytes)`;
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
      `a ${chosen.generator} compact would not shrink the injected memory: ${without} bytes without it, ${withBytes} bytes with it (${records.length} records). Nothing was written; ${kept}. What helps: curate the records (merge overlapping cards, shorten long descriptions, rm stale ones), or raise [doctor] warn_bytes in the user config.`,
      { bytes_without: without, bytes_with: withBytes, generator: chosen.generator, records: records.length, fallback_reason: fallback }
    );
  }
  await writeCompact(req.memoryDir, chosen);
  return {
    compact: chosen,
    records: records.length,
    bytes_without: without,
    bytes_with: withBytes,
    fallback_reason: fallback,
    replaced: previous.status === "ok" ? { generator: previous.compact.generator, generated_at: previous.compact.generated_at } : null
  };
}
async function readIndexView(memoryDir) {
  try {
    return viewStore(await readStore(memoryDir));
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `${memoryDir} has no MEMORY.md, so there is no index to compact; create it (memctl init, or memctl save a card)`, {
      memory_dir: memoryDir
    });
  }
}
async function llmCandidate(records, command, req) {
  req.onModel?.("start");
  const result = await runLlmCommand({
    command,
    prompt: llmPrompt(records),
    timeoutMs: (req.timeoutSeconds ?? DEFAULT_LLM_TIMEOUT_SECONDS) * 1e3,
    env: req.env
  }).finally(() => req.onModel?.("end"));
  if (!result.ok) return result;
  return { ok: true, ...repairSummary(result.summary, records) };
}
function plan(records, previous, mode, command, now) {
  const last = previous.status === "ok" ? `last compact ${age(previous.compact.generated_at, now)} ago (${previous.compact.generator}, by ${previous.compact.generated_by})` : previous.status === "invalid" ? "existing compact unreadable" : "no compact yet";
  const how = mode === "mechanical" ? "mechanical generator (no model)" : command ? `LLM via \`${command.join(" ")}\`${mode === "auto" ? ", mechanical fallback" : ""}` : mode === "auto" ? "LLM not configured, mechanical generator" : "LLM (not configured)";
  return `compacting ${records} record${records === 1 ? "" : "s"}; ${last}; ${how}`;
}
function age(iso, now) {
  const ms = now.getTime() - Date.parse(iso);
  if (!Number.isFinite(ms)) return "unknown time";
  const minutes = Math.max(0, Math.floor(ms / 6e4));
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)}h`;
  return `${Math.floor(minutes / 1440)}d`;
}
export {
  DEFAULT_LLM_TIMEOUT_SECONDS,
  age,
  compactStore,
  plan,
  readIndexView
};
