// lib/cli/compact.ts
import { readConfig } from "../config/config.js";
import { COMPACT_FILE, clearCompact } from "../compact/artifact.js";
import { compactStore, DEFAULT_LLM_TIMEOUT_SECONDS, readIndexView } from "../compact/run.js";
import { compactStatus } from "../compact/status.js";
import { usageError } from "../core/errors.js";
import { readHistory } from "../store/history.js";
import { displayDir } from "../core/block.js";
import { inertText } from "../core/sanitize.js";
import { secretPolicy } from "../records/secrets.js";
import { bool, parseArgs } from "./args.js";
import { colorsFor, printJson, progressLine } from "./output.js";
import { ACTOR_FLAGS, directWriterFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { asJob } from "./ledger.js";
var spec = {
  name: "compact",
  summary: commandSummary("compact"),
  flags: {
    mechanical: { type: "boolean", description: "code-only generator: grouped by type, every name and description verbatim" },
    llm: { type: "boolean", description: "require the model path ([compact] llm_command); fail instead of falling back" },
    show: { type: "boolean", description: "print the current compact, its coverage, and every record written or removed since" },
    clear: { type: "boolean", description: "delete the compact (always safe: injection returns to the full index)" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "compact written, shown or cleared",
    1: "the candidate would not shrink the injected memory (nothing written), --llm failed, agent caller, or no store",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: `The compact lives in <memory_dir>/${COMPACT_FILE}: one overwritable slot, no history. Default (auto) asks the command in
[compact] llm_command (e.g. ["claude", "-p"]; prompt on stdin, summary on stdout, timeout_seconds default ${DEFAULT_LLM_TIMEOUT_SECONDS}) and falls
back to --mechanical on any failure, printing why. A candidate that would not shrink the assembled body is rejected.`,
  examples: ["memctl compact", "memctl compact --mechanical", "memctl compact --show", "memctl compact --clear --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const chosen = ["mechanical", "llm", "show", "clear"].filter((f) => bool(args, f));
  if (chosen.length > 1) throw usageError(`--${chosen.join(" and --")} cannot be combined; pick one`);
  const { memoryDir, resolution } = requireStore(args, io);
  const json = bool(args, "json");
  const context = { projectKey: resolution.project_key, source: resolution.resolution_source, dir: displayDir(memoryDir, io.home) };
  if (bool(args, "clear")) {
    const cleared = clearCompact(memoryDir);
    if (json) printJson(io, { memory_dir: memoryDir, file: COMPACT_FILE, cleared });
    else
      io.stdout.write(
        cleared ? `${colorsFor(io).green("\u2713")} removed ${COMPACT_FILE}; injection uses the full index again
` : `no compact to clear (${COMPACT_FILE} does not exist)
`
      );
    return 0;
  }
  if (bool(args, "show")) {
    const store = await readIndexView(memoryDir);
    const status = compactStatus(memoryDir, store, readHistory(memoryDir).entries, { ...context, entryCount: store.entries.length });
    if (json) printJson(io, showJson(memoryDir, status));
    else io.stdout.write(renderShow(status, io));
    return 0;
  }
  const config = readConfig(io).value.compact ?? {};
  const mode = bool(args, "mechanical") ? "mechanical" : bool(args, "llm") ? "llm" : "auto";
  const waiting = modelProgress(io, config.timeout_seconds ?? DEFAULT_LLM_TIMEOUT_SECONDS);
  const actor = directWriterFrom(args, io, "compact memory (the compact is injected into every later session)");
  const compact = () => compactStore({
    memoryDir,
    mode,
    actor,
    now: io.now(),
    llmCommand: config.llm_command,
    timeoutSeconds: config.timeout_seconds,
    env: io.env,
    context,
    secrets: secretPolicy(io),
    say: (line) => io.stderr.write(`memctl compact: ${inertText(line)}
`),
    // card names are memory-derived
    onModel: waiting.onModel
  });
  const command = `memctl compact${mode === "auto" ? "" : ` --${mode}`}`;
  const { value: outcome } = await asJob(io, memoryDir, "compact", command, compact, (o) => ({ generator: o.compact.generator, records: o.records }), {
    regenerated: true
    // seed 000: the compact is derived state, written without a lock, last writer wins
  }).finally(waiting.stop);
  if (json) printJson(io, runJson(memoryDir, resolution, outcome));
  else {
    const c = colorsFor(io);
    const model = outcome.compact.model ? ` via ${inertText(outcome.compact.model)}` : "";
    io.stdout.write(
      `${c.green("\u2713")} wrote ${COMPACT_FILE} (${outcome.compact.generator}${model}, ${outcome.records} records): injected memory ${outcome.bytes_without} \u2192 ${outcome.bytes_with} bytes
` + (outcome.compact.repaired.length > 0 ? `  ${c.yellow("repaired")}: appended ${outcome.compact.repaired.length} omitted card(s) verbatim: ${outcome.compact.repaired.map(inertText).join(", ")}
` : "") + (outcome.fallback_reason ? `  ${c.yellow("fallback")}: ${inertText(outcome.fallback_reason)}
` : "") + `  records unchanged; see it with memctl compact --show, drop it with memctl compact --clear
`
    );
  }
  return 0;
}
function modelProgress(io, timeoutSeconds) {
  const progress = progressLine(io);
  let ticker;
  const stop = () => {
    clearInterval(ticker);
    progress.done();
  };
  if (!progress.update) return { stop };
  return {
    stop,
    onModel: (phase) => {
      if (phase === "end") return stop();
      const from = io.now().getTime();
      const show = (final = false) => progress.update(`memctl compact: waiting for the model: ${Math.round((io.now().getTime() - from) / 1e3)}s (timeout ${timeoutSeconds}s)`, final);
      show(true);
      ticker = setInterval(show, 1e3);
    }
  };
}
function runJson(memoryDir, resolution, o) {
  return {
    memory_dir: memoryDir,
    project_key: resolution.project_key,
    file: COMPACT_FILE,
    generator: o.compact.generator,
    model: o.compact.model,
    generated_at: o.compact.generated_at,
    generated_by: o.compact.generated_by,
    records: o.records,
    bytes_without: o.bytes_without,
    bytes_with: o.bytes_with,
    fallback_reason: o.fallback_reason,
    repaired: o.compact.repaired,
    replaced: o.replaced
  };
}
function showJson(memoryDir, s) {
  const compact = s.read.status === "ok" ? s.read.compact : null;
  return {
    memory_dir: memoryDir,
    file: COMPACT_FILE,
    status: s.read.status,
    ...s.read.status === "invalid" ? { reason: s.read.reason } : {},
    compact,
    records_covered: compact ? compact.watermark.length : 0,
    bytes_with: s.bytes_with,
    bytes_without: s.bytes_without,
    current: s.current,
    newer: s.view.newer.map((r) => ({ card: r.card, name: r.name, rev: r.rev, line: r.entry.raw ?? "" })),
    removed: s.view.removed
  };
}
function renderShow(s, io) {
  const c = colorsFor(io);
  if (s.read.status !== "ok") {
    const why = s.read.status === "invalid" ? `${c.yellow("unusable compact")}: ${inertText(s.read.reason)}
` : `No compact (${COMPACT_FILE} does not exist).
`;
    return `${why}Injection uses the full index: ${s.view.records.length} records, ${s.bytes_without} bytes. Make one with memctl compact.
`;
  }
  const k = s.read.compact;
  const out = [
    c.bold(`Compact ${COMPACT_FILE}`),
    `  generated  ${k.generated_at} by ${inertText(k.generated_by)}`,
    `  generator  ${k.generator}${k.model ? ` (${inertText(k.model)})` : ""}`,
    `  covers     ${k.watermark.length} records${k.repaired.length > 0 ? ` (${k.repaired.length} appended verbatim after the model left them out)` : ""}`,
    `  injected   ${s.bytes_with} bytes with it, ${s.bytes_without} bytes without it`,
    c.bold("Summary:"),
    ...k.summary.split(/\r?\n/).map((l) => `  ${inertText(l)}`)
  ];
  if (s.view.newer.length === 0 && s.view.removed.length === 0) out.push(c.green("Nothing outstanding: every record in the index is covered by this summary."));
  if (s.view.newer.length > 0) {
    out.push(c.bold(`Written or updated since (${s.view.newer.length}; injected as live lines, superseding the summary):`));
    for (const r of s.view.newer) out.push(`  ${inertText(r.entry.raw ?? r.entry.title)}`);
  }
  if (s.view.removed.length > 0)
    out.push(
      c.bold(`Removed since (${s.view.removed.length}; called out so the summary's claims about them are not read as current):`),
      ...s.view.removed.map((w) => `  ${inertText(w.name)} (${inertText(w.card)})`)
    );
  return out.join("\n") + "\n";
}
export {
  run,
  spec
};
