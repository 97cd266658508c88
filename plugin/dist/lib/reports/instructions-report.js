// lib/reports/instructions-report.ts
import { MAX_IMPORT_DEPTH } from "../core/instructions.js";
var LISTS = {
  "dead-import": "dead_imports",
  cycle: "cycles",
  unsafe: "unsafe_imports",
  depth: "too_deep",
  unreadable: "unreadable"
};
function instructionsReport(scope, composition) {
  if (composition.parts.length === 0 && composition.problems.length === 0) return void 0;
  const bytes = composition.parts.reduce((n, p) => n + p.bytes, 0);
  const report = {
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
    unreadable: []
  };
  for (const p of composition.problems) report[LISTS[p.kind]].push(finding(p));
  return report;
}
function instructionWarnings(r) {
  if (!r) return 0;
  return r.dead_imports.length + r.cycles.length + r.unsafe_imports.length + r.too_deep.length + r.unreadable.length + (r.over_budget ? 1 : 0);
}
function finding(p) {
  return { file: p.file, line: p.line ?? null, target: p.target ?? null, detail: p.detail };
}
export {
  instructionWarnings,
  instructionsReport
};
