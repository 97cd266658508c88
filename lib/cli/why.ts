import { readWhy, type WhyRecord } from "../store/why-log.js";
import type { Io } from "../store/io.js";
import { inertText, sessionLabel } from "../core/sanitize.js";
import { bool, num, parseArgs, str, type CommandSpec } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { colorsFor, printJson } from "./output.js";
import { JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { usageError } from "../core/errors.js";

export const spec: CommandSpec = {
  name: "why",
  summary: commandSummary("why"),
  flags: {
    ...STORE_FLAGS,
    last: { type: "number", valueName: "N", description: "how many hook runs to show, newest last (default 5)" },
    session: { type: "string", valueName: "ID", description: "only the runs of this host session id" },
    ...JSON_FLAG,
  },
  exitCodes: { 0: "printed (also when nothing was logged yet)", 1: "no store, or the log could not be read", 2: "usage error", 3: "invalid explicit memory selection" },
  notes:
    "The hook appends one record per prompt to .memctl/why.jsonl (rotated to why.1.jsonl past 256 KiB): the lines it injected,\n" +
    "the rule and score that chose each, the bytes, the session, and lines left out because the session already saw them.\n" +
    "Prompts are kept as a hash unless [hook] log_prompts = true is set in the user config.",
  examples: ["memctl why", "memctl why --last 20 --json", "memctl why --session 3f2c…"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const last = num(args, "last") ?? 5;
  if (last < 1) throw usageError("--last needs a positive number of runs");
  const { memoryDir } = requireStore(args, io);
  const session = str(args, "session");
  // Filter before taking the last N, so --session shows that session's last N runs.
  let records = readWhy(memoryDir, Number.MAX_SAFE_INTEGER);
  const logged = records.length;
  if (session !== undefined) records = records.filter((r) => r.session === session || r.session === sessionLabel(session)); // the label the hook recorded
  records = records.slice(-last);
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, runs: records });
  else io.stdout.write(render(records, io, logged > 0 && session !== undefined ? session : undefined));
  return 0;
}

/** `unmatched`: the --session that left no runs of the `logged` ones, so "none match" is said instead of "none yet". */
function render(records: readonly WhyRecord[], io: Io, unmatched?: string): string {
  const c = colorsFor(io);
  if (records.length === 0 && unmatched !== undefined)
    return `${c.dim(`no hook run logged for session ${inertText(unmatched)} (runs of other sessions are logged; "memctl why" lists the latest)`)}\n`;
  if (records.length === 0) return `${c.dim("no hook runs logged yet (the per-prompt hook writes .memctl/why.jsonl)")}\n`;
  const out: string[] = [];
  for (const r of records) {
    const prompt = r.prompt !== undefined ? `"${inertText(r.prompt.replace(/\s+/g, " ").slice(0, 80))}"` : `prompt ${r.prompt_hash}`;
    const session = r.session ? ` session ${inertText(r.session)}` : "";
    out.push(c.bold(`${r.at}  ${inertText(r.host)}${session}  ${prompt}`));
    out.push(`  ${r.status}, ${r.bytes} bytes (budget ${r.budget.max_bytes} B / ${r.budget.max_entries} entries)`);
    for (const l of r.lines) out.push(`  + ${inertText(l.file)}  ${l.bytes} B  ${l.score !== undefined ? `score ${l.score}  ` : ""}${inertText(l.rule)}`);
    if (r.already_shown?.length) out.push(c.dim(`  = already shown this session: ${r.already_shown.map((f) => inertText(f)).join(", ")}`));
    if (r.dedupe_error) out.push(c.yellow(`  ! session state not used: ${inertText(r.dedupe_error)}`));
  }
  return out.join("\n") + "\n";
}
