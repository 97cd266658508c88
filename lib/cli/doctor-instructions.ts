// doctor's instruction-memory lines (seed 002): the always-on size row and one warning per import that does not
// compose, each with its fix. Kept beside doctor-findings.ts so that file stays about the store.
import type { InstructionFinding, InstructionsReport } from "../reports/instructions-report.js";
import { bytes, inert } from "./report-format.js";

/** doctor-findings' Finding, by shape (that file imports this one). */
interface Finding {
  severity: "warning";
  kind: string;
  subject: string;
  fix: string;
}

/** The table row: what is always on, against the budget. */
export function instructionsRow(r: InstructionsReport): [string, string, string, string] {
  return ["instructions", `${r.parts} part${r.parts === 1 ? "" : "s"}`, "always on", `${bytes(r.always_on_bytes)} of ${bytes(r.max_bytes)}${r.over_budget ? " (over)" : ""}`];
}

export function instructionFindings(r: InstructionsReport | undefined): Finding[] {
  if (!r) return [];
  const at = (x: InstructionFinding) => inert(`${x.file}${x.line !== null ? `:${x.line}` : ""}${x.target !== null ? ` @${x.target}` : ""}`);
  const warning = (kind: string, x: InstructionFinding, fix: string): Finding => ({ severity: "warning", kind, subject: `${at(x)}: ${inert(x.detail)}`, fix });
  return [
    ...r.dead_imports.map((x) => warning("dead import", x, "fix the path or delete the @ reference (memctl instructions shows what composes)")),
    ...r.cycles.map((x) => warning("import cycle", x, "remove one @ reference of the loop; each file is composed once anyway")),
    ...r.unsafe_imports.map((x) =>
      warning("unsafe import", x, "keep imported files inside the project or the user's instruction dir ([instructions] user_dir), as regular files, not symlinks out"),
    ),
    ...r.too_deep.map((x) => warning("import too deep", x, `import it from a file fewer hops away (the limit is ${r.max_import_depth} hops, as in Claude Code)`)),
    ...r.unreadable.map((x) => warning("instructions", x, "check the file's permissions and size")),
    ...(r.over_budget
      ? [
          {
            severity: "warning" as const,
            kind: "instructions size",
            subject: `the always-on instruction files are ${bytes(r.always_on_bytes)}, over [instructions] max_bytes ${bytes(r.max_bytes)}: hosts that get them from memctl get only what fits`,
            fix: "trim the always-on files and move facts into memory cards (recalled by relevance), or raise [instructions] max_bytes",
          },
        ]
      : []),
  ];
}
