// Does a card's scope name anything in the repository doctor runs in? A scope is expanded against the
// directory tree segment by segment (a literal segment is one lookup; *, ? read one directory; ** walks below),
// never by listing the whole repository. Symlinked directories are not followed and .git is never entered.
import fs from "node:fs";
import path from "node:path";
import { isWildSegment, normalizeScope, scopeEntryProblem, segmentMatches } from "../core/scope.js";
import { isDirectory } from "../store/checked-fs.js";

/** Directory entries one scope may read before the check gives up (then reported as matching: no false warning). */
export const SCOPE_CHECK_BUDGET = 200_000;

class OverBudget extends Error {}

/** True when the scope names an existing file or directory under `root`; true as well when that cannot be told. */
export function scopeMatchesSomething(root: string, scope: string, budget = SCOPE_CHECK_BUDGET): boolean {
  if (scopeEntryProblem(scope) !== undefined) return true; // a malformed scope is reported as a bad field instead
  const segments = normalizeScope(scope).split("/");
  let left = budget;
  const list = (dir: string): fs.Dirent[] => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    left -= entries.length;
    if (left < 0) throw new OverBudget();
    return entries;
  };
  // A folder reached again at the same `**` was already answered no (a yes ends the walk). Without this a scope
  // alternating `**` and a name reached one folder by every split of its path: 16 such scopes cost 95 s of CPU.
  // Only `**` visits are kept: every other visit follows from one of them, so each runs once too.
  const seen = new Set<string>();
  const walk = (dir: string, i: number): boolean => {
    if (i === segments.length) return true;
    const seg = segments[i]!;
    if (seg === ".git") return false; // git's own files are nobody's working directory
    const last = i === segments.length - 1;
    if (seg === "**") {
      const key = `${i}\u0000${dir}`;
      if (seen.has(key)) return false;
      seen.add(key);
      if (walk(dir, i + 1)) return true;
      return list(dir).some((e) => e.isDirectory() && e.name !== ".git" && walk(path.join(dir, e.name), i));
    }
    if (!isWildSegment(seg)) {
      const at = path.join(dir, seg);
      if (last) return lexists(at);
      return isDirectory(at) && walk(at, i + 1);
    }
    return list(dir).some((e) => segmentMatches(seg, e.name) && (last || (e.isDirectory() && e.name !== ".git" && walk(path.join(dir, e.name), i + 1))));
  };
  try {
    return walk(root, 0);
  } catch (err) {
    if (err instanceof OverBudget) return true;
    throw err;
  }
}

function lexists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
