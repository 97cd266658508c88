// Scope: where in a repository a card applies (seed 002, phase 3). A card's optional `scope:` is a list of
// repository-relative directories or path globs; the hook injects a scoped card only when the prompt's working
// directory is inside one of them (docs/ranking.md, "Scope"). Pure: the value's checks, normalising, matching.
//
// Grammar (docs/store-format.md): paths use "/", relative to the repository root, case-sensitive.
//   **   as a whole path segment: any number of directories, none included
//   *    any run of characters inside one segment (never "/")
//   ?    one character inside one segment
//   anything else is literal (a dot, brackets, braces). A scope without * or ? is a directory: its subtree.
// A scope applies at a directory when it matches that directory or one of its ancestors (the repository root,
// "", included): `packages/api/**` and `packages/api` both apply in packages/api and everywhere below it.

/** At most this many scopes per card, each at most this many characters. */
export const MAX_SCOPES = 16;
export const MAX_SCOPE_CHARS = 200;

export interface ScopeProblem {
  code: "E_SCOPE";
  message: string;
}

/** Checks a frontmatter `scope` value as a save would: a list of relative paths or globs, bounded; every problem. */
export function scopeProblems(value: unknown): ScopeProblem[] {
  if (value === undefined || value === null) return [];
  const problem = (message: string): ScopeProblem => ({ code: "E_SCOPE", message });
  if (!Array.isArray(value)) return [problem("scope must be a list of repository paths or globs (packages/api/**, services/billing)")];
  const problems: ScopeProblem[] = [];
  if (value.length > MAX_SCOPES) problems.push(problem(`scope has ${value.length} entries; at most ${MAX_SCOPES} are allowed`));
  value.forEach((s, i) => {
    const why = typeof s === "string" ? scopeEntryProblem(s) : "must be a string";
    if (why) problems.push(problem(`scope[${i}]${typeof s === "string" ? ` ${JSON.stringify(s)}` : ""} ${why}`));
  });
  return problems;
}

/** Why one scope entry cannot be used, or undefined. */
export function scopeEntryProblem(s: string): string | undefined {
  if (s.trim() === "") return "is empty";
  if (/[\u0000-\u001f\u007f]/.test(s)) return "must be one line with no control characters";
  if ([...s].length > MAX_SCOPE_CHARS) return `is over ${MAX_SCOPE_CHARS} characters`;
  if (s.startsWith("/") || /^[A-Za-z]:/.test(s) || s.startsWith("~")) return "is absolute: write it relative to the repository root (packages/api, not /home/…/packages/api)";
  if (s.includes("\\")) return 'uses "\\": separate directories with "/"';
  const segments = normalizeScope(s).split("/");
  if (segments.includes("..")) return 'climbs out with "..": a scope stays inside the repository';
  if (segments.some((seg) => seg === "" || seg === ".")) return "has an empty or '.' segment (a//b, a/./b)";
  return undefined;
}

/** A scope as matched: a leading "./" and trailing "/" dropped ("." alone is the whole repository, "**"). */
export function normalizeScope(s: string): string {
  let out = s.trim();
  while (out.startsWith("./")) out = out.slice(2);
  while (out.length > 1 && out.endsWith("/")) out = out.slice(0, -1);
  return out === "." || out === "" ? "**" : out;
}

/**
 * The scopes a parsed frontmatter carries: valid ones normalised, invalid ones kept as written (doctor reports
 * them). An invalid entry matches no directory (an absolute path, "..", an empty one), so a card whose every scope
 * is broken is injected nowhere rather than everywhere: a scope only ever narrows where a card applies.
 */
export function scopesOf(frontmatter: Record<string, unknown>): string[] {
  const v = frontmatter.scope;
  const list = typeof v === "string" ? [v] : Array.isArray(v) ? v : [];
  return list
    .filter((s) => s !== null && s !== undefined)
    .map((s) => (typeof s === "string" && scopeEntryProblem(s) === undefined ? normalizeScope(s) : String(s)))
    .slice(0, MAX_SCOPES);
}

/** True when `dir` (repository-relative, "" for the root, no leading or trailing "/") is inside `scope`. */
export function scopeApplies(scope: string, dir: string): boolean {
  const pattern = patternOf(scope);
  if (!pattern) return false;
  const path = dir === "" ? [] : dir.split("/");
  // The scope matches the directory itself or an ancestor: some prefix of its segments.
  return matchedEnds(pattern, path).includes(1);
}

/** True when one of `scopes` applies at `dir`; no scopes at all is "everywhere". */
export function inScope(scopes: readonly string[] | undefined, dir: string): boolean {
  return scopes === undefined || scopes.length === 0 || scopes.some((s) => scopeApplies(s, dir));
}

/** True when the scope matches this exact repository path (a file or a directory), not its ancestors. */
export function scopeMatchesPath(scope: string, repoPath: string): boolean {
  const pattern = patternOf(scope);
  const path = repoPath === "" ? [] : repoPath.split("/");
  return pattern !== undefined && matchedEnds(pattern, path)[path.length] === 1;
}

/** A scope's segments, or undefined for an invalid scope: it matches nothing (never "everywhere"). */
function patternOf(scope: string): string[] | undefined {
  return scopeEntryProblem(scope) === undefined ? normalizeScope(scope).split("/") : undefined;
}

/** True when the segment has a wildcard (* or ?), so it must be matched against a directory's names. */
export function isWildSegment(segment: string): boolean {
  return segment.includes("*") || segment.includes("?");
}

/** One name against one pattern segment (* and ? inside it; "**" alone is handled by the caller). */
export function segmentMatches(pattern: string, name: string): boolean {
  if (!isWildSegment(pattern)) return pattern === name;
  // Iterative wildcard match with one backtrack point: linear enough for names, no regular expression built.
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

/**
 * Which prefixes of `path` the pattern matches: ends[k] is 1 when it matches path[0..k). One pass per pattern segment
 * over the path, each position decided once: plain backtracking over a run of "**" took 38 s for 66 of them (a
 * 199-character scope) against a directory 6 deep.
 */
function matchedEnds(pattern: readonly string[], path: readonly string[]): Uint8Array {
  let row = new Uint8Array(path.length + 1);
  row[0] = 1;
  for (const segment of pattern) {
    const next = new Uint8Array(path.length + 1);
    let any = 0;
    if (segment === "**") for (let s = 0; s <= path.length; s++) next[s] = any |= row[s]!;
    else for (let s = 0; s < path.length; s++) if (row[s] === 1 && segmentMatches(segment, path[s]!)) any = next[s + 1] = 1;
    if (any === 0) return next;
    row = next;
  }
  return row;
}
