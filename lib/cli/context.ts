import { hostAdapter, HOSTS } from "../../hosts/index.js";
import { defaultBudgetsText } from "../config/budget.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { buildInjection } from "../hook/inject.js";
import type { Io } from "../store/io.js";
import type { Ranked } from "../rank/score.js";
import { resolveMemory } from "../config/resolve.js";
import { inertText } from "../core/sanitize.js";
import { bool, num, parseArgs, PROJECT_FLAGS, projectFrom, str, type CommandSpec } from "./args.js";
import { rankRequest } from "./rank-request.js";
import { colorsFor, padEnd, printJson } from "./output.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "context",
  summary: commandSummary("context"),
  positionals: [{ name: "query", description: "the prompt or keywords to rank against", required: true, variadic: true }],
  flags: {
    host: { type: "string", valueName: "HOST", description: `budget of this host (${defaultBudgetsText()}; default generic)` },
    "max-bytes": { type: "number", valueName: "N", description: "byte budget (overrides the config file)" },
    "max-entries": { type: "number", valueName: "N", description: "entry budget (overrides the config file)" },
    limit: { type: "number", valueName: "N", description: "rows to show (default 20; 0 = all)" },
    block: { type: "boolean", description: "also print the exact block the hook would inject" },
    ...PROJECT_FLAGS,
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" },
  },
  exitCodes: { 0: "ranking printed", 1: "no memory store resolved, or it could not be read", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: "Read-only: unlike the hook it records no usage. Rows marked ▸ are the ones the hook would print for this query.",
  examples: ['memctl context "how do we run the integration tests"', 'memctl context "支付回调" --host claude --block', "memctl context deploy rollback --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const query = args.positionals.join(" ");
  const hostName = str(args, "host") ?? "generic";
  const host = hostAdapter(hostName);
  if (!host) throw usageError(`unknown host "${hostName}"; use one of ${Object.keys(HOSTS).join(", ")}`);
  const resolution = resolveMemory(projectFrom(args), io);
  if (resolution.status === "invalid-explicit") throw new MemctlError(ERROR_CODES.E_INVALID_EXPLICIT, resolution.reason, { resolution });
  if (resolution.status !== "resolved" || !resolution.memory_dir) throw new MemctlError(ERROR_CODES.E_UNAVAILABLE, resolution.reason);
  const request = rankRequest(args, io, host, { ...resolution, memory_dir: resolution.memory_dir }, query);
  const budget = request.budget;
  let injection;
  try {
    injection = await buildInjection({ ...request, record: false, all: true });
  } catch (err) {
    throw new MemctlError(ERROR_CODES.E_IO, `cannot read the memory index in ${resolution.memory_dir}: ${(err as Error).message}`);
  }
  const shown = new Set([...injection.composed.always, ...injection.composed.lines].map((l) => l.file));
  const limit = num(args, "limit") ?? 20;
  const rows = limit === 0 ? injection.ranked : injection.ranked.slice(0, limit);
  if (bool(args, "json")) {
    printJson(io, {
      query,
      memory_dir: resolution.memory_dir,
      project_key: resolution.project_key,
      host: host.name,
      budget: { max_bytes: budget.maxBytes, max_entries: budget.maxEntries, source: budget.source },
      entry_count: injection.store.entryCount,
      unparsed_index_entries: injection.store.unparsed.map((u) => ({ line: u.line, raw: u.raw, reason: u.reason })),
      usage_store: injection.usage?.store ?? "not-read",
      ranking: rows.map((r, i) => ({ rank: i + 1, ...describeRow(r), injected: shown.has(r.entry.file) })),
      block: injection.composed.text,
      block_bytes: injection.composed.bytes,
      omitted: injection.composed.omitted,
      always_cut: injection.composed.alwaysCut,
    });
    return 0;
  }
  const c = colorsFor(io);
  const out: string[] = [
    `${c.bold("query")} ${inertText(query)}  ${c.dim(`(${resolution.project_key}, ${injection.store.entryCount} entries, host ${host.name}, budget ${budget.maxBytes} B / ${budget.maxEntries})`)}`,
  ];
  const width = Math.min(40, Math.max(4, ...rows.map((r) => r.entry.file.length)));
  rows.forEach((r, i) => {
    const d = describeRow(r);
    const mark = shown.has(r.entry.file) ? c.green("▸") : " ";
    const score = r.tier === "always" ? "pinned" : r.score.toFixed(2);
    out.push(`${mark}${String(i + 1).padStart(3)}  ${score.padStart(6)}  ${padEnd(d.tier, 13)} ${padEnd(inertText(r.entry.file), width)}  ${c.dim(inertText(d.why))}`);
  });
  if (rows.length < injection.ranked.length) out.push(c.dim(`  … ${injection.ranked.length - rows.length} more (--limit 0 shows all)`));
  for (const u of injection.store.unparsed) out.push(c.yellow(`  MEMORY.md:${u.line} skipped: ${u.reason}: ${inertText(u.raw.trim())}`));
  const composed = injection.composed;
  out.push(
    composed.text
      ? `${c.bold("would inject")} ${composed.always.length + composed.lines.length} lines (${composed.always.length} pinned), ${composed.bytes} bytes; ${composed.omitted} omitted${composed.alwaysCut.length ? `; ${composed.alwaysCut.length} pinned cut by the ceiling` : ""}`
      : `${c.bold("would inject")} nothing (no line is relevant to this query and none is pinned)`,
  );
  if (bool(args, "block") && composed.text) out.push("", composed.text.trimEnd());
  io.stdout.write(out.join("\n") + "\n");
  return 0;
}

function describeRow(r: Ranked) {
  const why: string[] = [];
  if (r.tier === "always") why.push("priority: always");
  if (r.matches.length) why.push(r.matches.map((m) => `${m.term}(${m.fields.join("+")})`).join(" "));
  else if (r.tier !== "always") why.push("no keyword match");
  if (r.frecency > 0) why.push(`frecency ${r.frecency.toFixed(1)}`);
  if (r.sink) why.push(`sinks: ${r.sink}`);
  return {
    file: r.entry.file,
    title: r.entry.title,
    hook: r.entry.hook,
    line: r.entry.line,
    tier: r.tier,
    relevance: round(r.relevance),
    frecency: round(r.frecency),
    score: round(r.score),
    matches: r.matches,
    ...(r.sink ? { sink: r.sink } : {}),
    why: why.join("; "),
  };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
