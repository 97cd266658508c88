// lib/cli/doctor-instructions.ts
import { bytes, inert } from "./report-format.js";
function instructionsRow(r) {
  return ["instructions", `${r.parts} part${r.parts === 1 ? "" : "s"}`, "always on", `${bytes(r.always_on_bytes)} of ${bytes(r.max_bytes)}${r.over_budget ? " (over)" : ""}`];
}
function instructionFindings(r) {
  if (!r) return [];
  const at = (x) => inert(`${x.file}${x.line !== null ? `:${x.line}` : ""}${x.target !== null ? ` @${x.target}` : ""}`);
  const warning = (kind, x, fix) => ({ severity: "warning", kind, subject: `${at(x)}: ${inert(x.detail)}`, fix });
  return [
    ...r.dead_imports.map((x) => warning("dead import", x, "fix the path or delete the @ reference (memctl instructions shows what composes)")),
    ...r.cycles.map((x) => warning("import cycle", x, "remove one @ reference of the loop; each file is composed once anyway")),
    ...r.unsafe_imports.map(
      (x) => warning("unsafe import", x, "keep imported files inside the project or the user's instruction dir ([instructions] user_dir), as regular files, not symlinks out")
    ),
    ...r.too_deep.map((x) => warning("import too deep", x, `import it from a file fewer hops away (the limit is ${r.max_import_depth} hops, as in Claude Code)`)),
    ...r.unreadable.map((x) => warning("instructions", x, "check the file's permissions and size")),
    ...r.over_budget ? [
      {
        severity: "warning",
        kind: "instructions size",
        subject: `the always-on instruction files are ${bytes(r.always_on_bytes)}, over [instructions] max_bytes ${bytes(r.max_bytes)}: hosts that get them from memctl get only what fits`,
        fix: "trim the always-on files and move facts into memory cards (recalled by relevance), or raise [instructions] max_bytes"
      }
    ] : []
  ];
}
export {
  instructionFindings,
  instructionsRow
};
