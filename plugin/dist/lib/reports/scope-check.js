// lib/reports/scope-check.ts
import fs from "node:fs";
import path from "node:path";
import { isWildSegment, normalizeScope, scopeEntryProblem, segmentMatches } from "../core/scope.js";
import { isDirectory } from "../store/checked-fs.js";
var SCOPE_CHECK_BUDGET = 2e5;
var OverBudget = class extends Error {
};
function scopeMatchesSomething(root, scope, budget = SCOPE_CHECK_BUDGET) {
  if (scopeEntryProblem(scope) !== void 0) return true;
  const segments = normalizeScope(scope).split("/");
  let left = budget;
  const list = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    left -= entries.length;
    if (left < 0) throw new OverBudget();
    return entries;
  };
  const seen = /* @__PURE__ */ new Set();
  const walk = (dir, i) => {
    if (i === segments.length) return true;
    const seg = segments[i];
    if (seg === ".git") return false;
    const last = i === segments.length - 1;
    if (seg === "**") {
      const key = `${i}\0${dir}`;
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
    return list(dir).some((e) => segmentMatches(seg, e.name) && (last || e.isDirectory() && e.name !== ".git" && walk(path.join(dir, e.name), i + 1)));
  };
  try {
    return walk(root, 0);
  } catch (err) {
    if (err instanceof OverBudget) return true;
    throw err;
  }
}
function lexists(p) {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
export {
  SCOPE_CHECK_BUDGET,
  scopeMatchesSomething
};
