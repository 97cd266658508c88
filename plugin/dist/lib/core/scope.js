// lib/core/scope.ts
var MAX_SCOPES = 16;
var MAX_SCOPE_CHARS = 200;
function scopeProblems(value) {
  if (value === void 0 || value === null) return [];
  const problem = (message) => ({ code: "E_SCOPE", message });
  if (!Array.isArray(value)) return [problem("scope must be a list of repository paths or globs (packages/api/**, services/billing)")];
  const problems = [];
  if (value.length > MAX_SCOPES) problems.push(problem(`scope has ${value.length} entries; at most ${MAX_SCOPES} are allowed`));
  value.forEach((s, i) => {
    const why = typeof s === "string" ? scopeEntryProblem(s) : "must be a string";
    if (why) problems.push(problem(`scope[${i}]${typeof s === "string" ? ` ${JSON.stringify(s)}` : ""} ${why}`));
  });
  return problems;
}
function scopeEntryProblem(s) {
  if (s.trim() === "") return "is empty";
  if (/[\u0000-\u001f\u007f]/.test(s)) return "must be one line with no control characters";
  if ([...s].length > MAX_SCOPE_CHARS) return `is over ${MAX_SCOPE_CHARS} characters`;
  if (s.startsWith("/") || /^[A-Za-z]:/.test(s) || s.startsWith("~")) return "is absolute: write it relative to the repository root (packages/api, not /home/\u2026/packages/api)";
  if (s.includes("\\")) return 'uses "\\": separate directories with "/"';
  const segments = normalizeScope(s).split("/");
  if (segments.includes("..")) return 'climbs out with "..": a scope stays inside the repository';
  if (segments.some((seg) => seg === "" || seg === ".")) return "has an empty or '.' segment (a//b, a/./b)";
  return void 0;
}
function normalizeScope(s) {
  let out = s.trim();
  while (out.startsWith("./")) out = out.slice(2);
  while (out.length > 1 && out.endsWith("/")) out = out.slice(0, -1);
  return out === "." || out === "" ? "**" : out;
}
function scopesOf(frontmatter) {
  const v = frontmatter.scope;
  const list = typeof v === "string" ? [v] : Array.isArray(v) ? v : [];
  return list.filter((s) => s !== null && s !== void 0).map((s) => typeof s === "string" && scopeEntryProblem(s) === void 0 ? normalizeScope(s) : String(s)).slice(0, MAX_SCOPES);
}
function scopeApplies(scope, dir) {
  const pattern = patternOf(scope);
  if (!pattern) return false;
  const path = dir === "" ? [] : dir.split("/");
  return matchedEnds(pattern, path).includes(1);
}
function inScope(scopes, dir) {
  return scopes === void 0 || scopes.length === 0 || scopes.some((s) => scopeApplies(s, dir));
}
function scopeMatchesPath(scope, repoPath) {
  const pattern = patternOf(scope);
  const path = repoPath === "" ? [] : repoPath.split("/");
  return pattern !== void 0 && matchedEnds(pattern, path)[path.length] === 1;
}
function patternOf(scope) {
  return scopeEntryProblem(scope) === void 0 ? normalizeScope(scope).split("/") : void 0;
}
function isWildSegment(segment) {
  return segment.includes("*") || segment.includes("?");
}
function segmentMatches(pattern, name) {
  if (!isWildSegment(pattern)) return pattern === name;
  let p = 0;
  let n = 0;
  let star = -1;
  let mark = 0;
  while (n < name.length) {
    if (p < pattern.length && (pattern[p] === "?" || pattern[p] === name[n])) {
      p++;
      n++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      mark = n;
    } else if (star !== -1) {
      p = star + 1;
      n = ++mark;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === "*") p++;
  return p === pattern.length;
}
function matchedEnds(pattern, path) {
  let row = new Uint8Array(path.length + 1);
  row[0] = 1;
  for (const segment of pattern) {
    const next = new Uint8Array(path.length + 1);
    let any = 0;
    if (segment === "**") for (let s = 0; s <= path.length; s++) next[s] = any |= row[s];
    else for (let s = 0; s < path.length; s++) if (row[s] === 1 && segmentMatches(segment, path[s])) any = next[s + 1] = 1;
    if (any === 0) return next;
    row = next;
  }
  return row;
}
export {
  MAX_SCOPES,
  MAX_SCOPE_CHARS,
  inScope,
  isWildSegment,
  normalizeScope,
  scopeApplies,
  scopeEntryProblem,
  scopeMatchesPath,
  scopeProblems,
  scopesOf,
  segmentMatches
};
