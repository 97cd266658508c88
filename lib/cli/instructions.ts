// `memctl instructions`: the always-on instruction layer (seed 002) as composed for this directory — user →
// project → subtree files with their @imports — with where every part came from; with --host, which parts that
// host loads itself and which memctl adds at its session start.
import path from "node:path";
import { usageError } from "../core/errors.js";
import { inertBlock } from "../core/sanitize-block.js";
import { inertText } from "../core/sanitize.js";
import { partHeading } from "../core/instruction-block.js";
import type { InstructionPart, InstructionProblem } from "../core/instructions.js";
import { MAX_IMPORT_DEPTH } from "../core/instructions.js";
import { readConfig } from "../config/config.js";
import { composeFor, displayInstructionPath, forHost, sessionInstructions } from "../config/instructions.js";
import { HOST_NAMES, isHostName } from "../../hosts/index.js";
import type { Io } from "../store/io.js";
import { bool, dirArg, parseArgs, str, type CommandSpec } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { colorsFor, printJson } from "./output.js";

export const spec: CommandSpec = {
  name: "instructions",
  summary: commandSummary("instructions"),
  flags: {
    dir: { type: "string", valueName: "PATH", description: "compose for this working directory instead of the current one" },
    host: { type: "string", valueName: "HOST", description: `what that host gets: the parts it loads itself and what memctl adds at session start (${HOST_NAMES.join(", ")})` },
    json: { type: "boolean", description: "print one JSON object" },
  },
  exitCodes: { 0: "printed (problems are listed, they do not fail)", 2: "usage error" },
  notes: [
    "Composes the instruction files in scope, broad to specific: the user's (in [instructions] user_dir, default ~/.claude), the",
    "project root's, then each directory down to the working directory; in each, the names in [instructions] files (default",
    "AGENTS.md, CLAUDE.md). An @path outside code expands after its file (relative to it; @~/ from home), up to 5 hops,",
    "each file once. Imports leading outside the user dir and the project root, through a symlink out of them, or to a FIFO",
    "or device are refused; a project's files import only its files that are not hidden (no .env, no dot directory) or a",
    "visible .md of the user dir, and only inside their own directory when the project holds your home. The always-on",
    "budget is [instructions] max_bytes (default 8192).",
  ].join("\n"),
  examples: ["memctl instructions", "memctl instructions --host codex", "memctl instructions --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const host = str(args, "host");
  if (host !== undefined && !isHostName(host)) throw usageError(`unknown host "${host}" for --host; use one of ${HOST_NAMES.join(", ")}`);
  const dir = str(args, "dir");
  const cwd = dir === undefined ? path.resolve(io.cwd) : dirArg(io.cwd, "dir", dir);
  const config = readConfig(io).value;
  const composed = composeFor(cwd, io, config);
  const { scope, composition } = composed;
  const display = (f: string) => displayInstructionPath(f, scope, io.home);
  const view = host ? forHost(host, composed, io) : undefined;
  const block = host ? sessionInstructions(host, cwd, io, config) : undefined;
  // What memctl would add (a file of nothing but @references adds nothing of its own).
  const added = block ? [...block.included, ...block.omitted] : [];
  const total = composition.parts.reduce((n, p) => n + p.bytes, 0);
  if (bool(args, "json")) {
    printJson(io, {
      cwd: scope.cwd,
      project_root: scope.projectRoot,
      user_dir: scope.userDir,
      files: scope.files,
      max_bytes: scope.maxBytes,
      max_import_depth: MAX_IMPORT_DEPTH,
      total_bytes: total,
      parts: composition.parts.map((p) => ({
        file: p.file,
        display: display(p.file),
        layer: p.layer,
        depth: p.depth,
        source: p.source,
        from: p.from ?? null,
        bytes: p.bytes,
        text: p.text,
        ...(view ? { loaded_by_host: view.native.includes(p) } : {}),
      })),
      problems: composition.problems.map((p) => ({ ...p, display: display(p.file) })),
      ...(host && view && block
        ? {
            host: {
              name: host,
              import_depth: view.importDepth,
              added: added.map((p) => p.file),
              added_bytes: block.bytes,
              omitted: block.omitted.map((p) => p.file),
              block: block.text,
            },
          }
        : {}),
    });
    return 0;
  }
  const c = colorsFor(io);
  const out: string[] = [
    c.bold(`Instructions for ${inertText(scope.cwd)}`),
    c.dim(
      `  project root ${inertText(scope.projectRoot)}; user dir ${inertText(display(scope.userDir))}; files ${scope.files.map(inertText).join(", ")}; budget ${scope.maxBytes} bytes`,
    ),
    "",
  ];
  if (composition.parts.length === 0)
    out.push(c.dim(`no instruction file found (looked for ${scope.files.map(inertText).join(", ")} in the user dir and from the project root down)`));
  const shown = host ? added : composition.parts;
  if (host && view) {
    out.push(
      view.native.length === 0
        ? `${host} loads none of these itself.`
        : `${host} loads itself: ${view.native.map((p) => inertText(display(p.file))).join(", ")}${view.importDepth > 0 ? ` (and expands their @imports, ${view.importDepth} hops)` : " (no @imports)"}`,
    );
    out.push(
      added.length === 0
        ? "memctl adds nothing at session start: nothing would reach the model twice."
        : `memctl adds at session start: ${block!.included.length} part${block!.included.length === 1 ? "" : "s"}, ${block!.bytes} bytes (budget ${scope.maxBytes})${block!.omitted.length ? `; left out over the budget: ${block!.omitted.map((p) => inertText(display(p.file))).join(", ")}` : ""}`,
    );
    out.push("");
  }
  for (const p of shown) out.push(...renderPart(p, display, c.bold));
  if (composition.problems.length > 0) {
    out.push(c.yellow("Problems:"));
    for (const p of composition.problems) out.push(`  ${renderProblem(p, display)}`);
    out.push("");
  }
  out.push(
    `Always-on: ${total} bytes in ${composition.parts.length} part${composition.parts.length === 1 ? "" : "s"} (budget ${scope.maxBytes} bytes${total > scope.maxBytes ? ", OVER" : ""})`,
  );
  io.stdout.write(out.join("\n") + "\n");
  return 0;
}

function renderPart(p: InstructionPart, display: (f: string) => string, bold: (s: string) => string): string[] {
  return [bold(inertText(`${partHeading(p, display)} ${p.bytes} B`)), inertBlock(p.text.replace(/\n+$/, "")), ""];
}

const KIND: Record<InstructionProblem["kind"], string> = { "dead-import": "dead import", cycle: "cycle", depth: "too deep", unsafe: "refused (unsafe)", unreadable: "unreadable" };

export function renderProblem(p: InstructionProblem, display: (f: string) => string): string {
  return inertText(`${KIND[p.kind]}: ${display(p.file)}${p.line ? `:${p.line}` : ""}${p.target ? ` @${p.target}` : ""} — ${p.detail}`);
}
