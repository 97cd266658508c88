import { hostAdapter, HOSTS } from "../../hosts/index.js";
import { usageError } from "../core/errors.js";
import { buildInjection, type Injection } from "../hook/inject.js";
import { logHookError, missingIndexReason } from "../hook/run.js";
import { renderUnavailable } from "../core/block.js";
import type { Io } from "../store/io.js";
import { RESOLUTION_EXIT, resolveMemory, type Resolution } from "../config/resolve.js";
import { INDEX_FILE } from "../store/paths.js";
import { bool, parseArgs, PROJECT_FLAGS, projectFrom, str, type CommandSpec } from "./args.js";
import { rankRequest } from "./rank-request.js";
import { printJson } from "./output.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "prepare",
  summary: commandSummary("prepare"),
  flags: {
    host: { type: "string", valueName: "HOST", description: "claude, codex, generic, grok or opencode (required): budget and provenance" },
    query: { type: "string", valueName: "Q", description: "the request text to rank memory against (without it only priority: always cards come back)" },
    "max-bytes": { type: "number", valueName: "N", description: "byte budget (overrides the config file)" },
    "max-entries": { type: "number", valueName: "N", description: "entry budget (overrides the config file)" },
    ...PROJECT_FLAGS,
    json: { type: "boolean", description: "print the contract object (schema_version 1)" },
  },
  exitCodes: {
    0: "prepared — also with no memory, zero hits or an unreadable store (fail-open; see memory_context_status)",
    2: "usage error",
    3: "invalid explicit memory selection (fail-closed: do not proceed without the selected memory)",
  },
  notes:
    "JSON keys: memory_resolution (status, resolution_source, memory_dir, project_key, canonical_repo, reason), memory_provenance\n" +
    "(canonical store, index file, host, host_native_memory, host_injects_per_prompt), memory_context_status (ok, no-hits, no-memory, unavailable,\n" +
    'invalid-explicit), memory_context (the block to inject, "" when none), memory_context_entries, memory_context_bytes.',
  examples: ['memctl prepare --host opencode --query "add a rate limit to /catalog" --json', "memctl prepare --host generic --json"],
};

type ContextStatus = "ok" | "no-hits" | "no-memory" | "unavailable" | "invalid-explicit";

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const hostName = str(args, "host");
  if (!hostName) throw usageError(`--host is required (one of ${Object.keys(HOSTS).join(", ")}): it selects the budget and is recorded as provenance`);
  const host = hostAdapter(hostName);
  if (!host) throw usageError(`unknown host "${hostName}"; use one of ${Object.keys(HOSTS).join(", ")}`);
  const resolution = resolveMemory(projectFrom(args), io);

  let status: ContextStatus;
  let context = "";
  let injection: Injection | undefined;
  if (resolution.status === "invalid-explicit") status = "invalid-explicit";
  else if (resolution.status !== "resolved" || !resolution.memory_dir) status = "no-memory";
  else {
    const request = rankRequest(args, io, host, { ...resolution, memory_dir: resolution.memory_dir }, str(args, "query") ?? "");
    try {
      injection = await buildInjection({ ...request, record: true });
      context = injection.composed.text;
      status = injection.store.entryCount === 0 ? "no-memory" : context ? "ok" : "no-hits";
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const missing = e.code === "ENOENT" ? missingIndexReason(resolution.memory_dir) : undefined;
      if (e.code === "ENOENT" && !missing) status = "no-memory";
      else {
        status = "unavailable";
        const reason = missing ?? (e.code && e.path ? `${e.code} ${e.path}` : e.message);
        logHookError(io, reason);
        io.stderr.write(`memctl prepare: memory index unavailable: ${reason}\n`);
        context = renderUnavailable(reason);
      }
    }
  }
  const exitCode = status === "invalid-explicit" ? RESOLUTION_EXIT["invalid-explicit"] : 0;
  if (bool(args, "json")) {
    printJson(io, {
      memory_resolution: resolutionSummary(resolution),
      memory_provenance: {
        canonical_store: "memctl",
        memory_dir: resolution.status === "resolved" ? resolution.memory_dir : null,
        index_file: resolution.status === "resolved" && resolution.memory_dir ? `${resolution.memory_dir}/${INDEX_FILE}` : null,
        resolution_source: resolution.resolution_source,
        host: host.name,
        host_native_memory: host.nativeMemory,
        host_injects_per_prompt: host.injectsContext,
      },
      memory_context_status: status,
      memory_context: context,
      memory_context_entries: injection ? [...injection.composed.always, ...injection.composed.lines].map((l) => l.file) : [],
      memory_context_bytes: Buffer.byteLength(context),
    });
  } else {
    if (context) io.stdout.write(context);
    io.stderr.write(`memctl prepare: ${status}${status === "invalid-explicit" || status === "no-memory" ? ` — ${resolution.reason}` : ""}\n`);
  }
  return exitCode;
}

function resolutionSummary(r: Resolution) {
  return { status: r.status, resolution_source: r.resolution_source, memory_dir: r.memory_dir, project_key: r.project_key, canonical_repo: r.canonical_repo, reason: r.reason };
}
