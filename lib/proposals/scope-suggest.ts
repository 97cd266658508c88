// Consolidation proposes a scope (seed 002: "consolidate … sets scope"): when every repository file a proposal
// names — in its sources, and in the card's repo_refs — sits under one directory, that directory is where the
// card most likely applies. It is only ever a suggestion: review and consolidate print it, and the owner applies
// it with `memctl accept <id> --suggested-scope` (or writes their own with --scope). Pure.
import { scopeEntryProblem } from "../core/scope.js";
import { sourceFile } from "./trust.js";

/** The one subtree every named file is under, as a scope list, or null when there is none to suggest. */
export function suggestScope(sources: readonly string[], repoRefs: readonly string[]): string[] | null {
  const files = [...sources.flatMap((s) => s.split(";")).map(fileOfSource), ...repoRefs.map(fileOfRef)].filter((f): f is string => f !== undefined);
  if (files.length === 0) return null;
  let common: string[] | undefined;
  for (const file of files) {
    if (scopeEntryProblem(file) !== undefined) return null; // outside the repository: no evidence of where in it
    const dir = file.split("/").slice(0, -1);
    common = common === undefined ? dir : common.slice(0, prefixLength(common, dir));
    // A file at the repository root (or files in two top-level trees) means the card is not one subtree's.
    if (common.length === 0) return null;
  }
  return [common!.join("/")];
}

/** The file a source names first ("packages/api/src/auth.ts:42" → packages/api/src/auth.ts), if any. */
function fileOfSource(source: string): string | undefined {
  return sourceFile(source)
    ?.replace(/:\d.*$/, "")
    .replace(/#.*$/, "");
}

/** The file of a repo_refs entry: path:<file>, fn:<file>#<symbol>; flag: names an invocation, not a file. */
function fileOfRef(ref: string): string | undefined {
  const m = /^(?:path|fn):([^#\s]+)/.exec(ref.trim());
  return m ? m[1] : undefined;
}

function prefixLength(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
