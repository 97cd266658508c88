// doctor's view of instruction memory (seed 002): the always-on size against [instructions] max_bytes, and every
// import that does not compose — dead, cyclic, refused as unsafe, past the depth limit, unreadable. All are
// warnings: a broken import costs the model a rule, never the memory store its health.
import type { Composition, InstructionProblem, InstructionProblemKind } from "../core/instructions.js";
import { MAX_IMPORT_DEPTH } from "../core/instructions.js";
import type { InstructionScope } from "../config/instructions.js";

export interface InstructionFinding {
  file: string;
  line: number | null;
  target: string | null;
  detail: string;
}

export interface InstructionsReport {
  project_root: string;
  user_dir: string;
  files: string[];
  /** Composed parts (files and imports) and their bytes: what is always on. */
  parts: number;
  always_on_bytes: number;
  max_bytes: number;
  over_budget: boolean;
  max_import_depth: number;
  dead_imports: InstructionFinding[];
  cycles: InstructionFinding[];
  unsafe_imports: InstructionFinding[];
  too_deep: InstructionFinding[];
  unreadable: InstructionFinding[];
}

const LISTS: Record<InstructionProblemKind, "dead_imports" | "cycles" | "unsafe_imports" | "too_deep" | "unreadable"> = {
  "dead-import": "dead_imports",
  cycle: "cycles",
  unsafe: "unsafe_imports",
  depth: "too_deep",
  unreadable: "unreadable",
};

/** The report, or undefined when there is nothing to say (no instruction file, no problem). */
export function instructionsReport(scope: InstructionScope, composition: Composition): InstructionsReport | undefined {
  if (composition.parts.length === 0 && composition.problems.length === 0) return undefined;
  const bytes = composition.parts.reduce((n, p) => n + p.bytes, 0);
  const report: InstructionsReport = {
    project_root: scope.projectRoot,
    user_dir: scope.userDir,
    files: scope.files,
    parts: composition.parts.length,
    always_on_bytes: bytes,
    max_bytes: scope.maxBytes,
    over_budget: bytes > scope.maxBytes,
    max_import_depth: MAX_IMPORT_DEPTH,
    dead_imports: [],
    cycles: [],
    unsafe_imports: [],
    too_deep: [],
    unreadable: [],
  };
  for (const p of composition.problems) report[LISTS[p.kind]].push(finding(p));
  return report;
}

/** One warning per problem, one for the size. */
export function instructionWarnings(r: InstructionsReport | undefined): number {
  if (!r) return 0;
  return r.dead_imports.length + r.cycles.length + r.unsafe_imports.length + r.too_deep.length + r.unreadable.length + (r.over_budget ? 1 : 0);
}

function finding(p: InstructionProblem): InstructionFinding {
  return { file: p.file, line: p.line ?? null, target: p.target ?? null, detail: p.detail };
}
