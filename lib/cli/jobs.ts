import type { Io } from "../store/io.js";
import { JOBS_RELPATH, readJobs, type JobState } from "../store/jobs.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs, type CommandSpec } from "./args.js";
import { colorsFor, displayWidth, padEnd, printJson, type Colors } from "./output.js";
import { JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "jobs",
  summary: commandSummary("jobs"),
  flags: { ...STORE_FLAGS, ...JSON_FLAG },
  exitCodes: { 0: "listed", 1: "no store, or the ledger cannot be read", 2: "usage error", 3: "invalid explicit memory selection" },
  notes: `Read-only. The ledger is ${JOBS_RELPATH}, this machine's own (never synced): one event per line (queued, leased, renewed, done, failed); a job is stuck when its holder died or its lease ran out without done or failed — the next run of that kind retries it.`,
  examples: ["memctl jobs", "memctl jobs --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const read = readJobs(memoryDir, io.now());
  const counts = Object.fromEntries(["queued", "running", "stuck", "failed", "done"].map((s) => [s, read.jobs.filter((j) => j.status === s).length]));
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, counts, jobs: read.jobs, malformed: read.malformed, ...(read.error ? { error: read.error } : {}) });
    return read.error ? 1 : 0;
  }
  const c = colorsFor(io);
  if (read.error) {
    io.stderr.write(`memctl: ${read.error}\n`);
    return 1;
  }
  const lines: string[] = [];
  if (read.jobs.length === 0)
    lines.push(`${c.dim("no jobs yet")} — sync, expire --yes, import --yes, distill --llm, compact, shard, consolidate and keys --backfill each run as one`);
  else {
    const head = ["ID", "KIND", "STATUS", "ATTEMPTS", "LEASE / UPDATED", "LAST ERROR"];
    const cells = read.jobs.map((j) => [
      j.id,
      inertText(j.kind),
      j.status + (j.retryable ? " (retryable)" : ""),
      `${j.attempts}/${j.max_attempts}`,
      j.status === "running" || j.status === "stuck" ? `until ${j.lease_until}` : j.updated_at,
      inertText(j.last_error ?? ""),
    ]);
    const widths = head.map((h, i) => Math.max(displayWidth(h), ...cells.map((row) => displayWidth(row[i]!))));
    lines.push(
      c.bold(
        head
          .map((h, i) => padEnd(h, widths[i]!))
          .join("  ")
          .trimEnd(),
      ),
    );
    read.jobs.forEach((j, i) => {
      lines.push(
        cells[i]!.map((cell, k) => (k === 2 ? paint(j, padEnd(cell, widths[k]!), c) : padEnd(cell, widths[k]!)))
          .join("  ")
          .trimEnd(),
      );
    });
    lines.push(
      c.dim(
        Object.entries(counts)
          .map(([s, n]) => `${n} ${s}`)
          .join(", "),
      ),
    );
  }
  if (read.malformed > 0) lines.push(c.yellow(`${read.malformed} malformed line(s) in ${JOBS_RELPATH} (kept; memctl never rewrites the ledger)`));
  io.stdout.write(lines.join("\n") + "\n");
  return 0;
}

function paint(j: JobState, text: string, c: Colors): string {
  return j.status === "done" ? c.green(text) : j.status === "stuck" || j.status === "failed" ? c.red(text) : c.yellow(text);
}
