// lib/reports/repo-refs.ts
import fs from "node:fs";
import path from "node:path";
import { isInside } from "../core/instruction-imports.js";
import { isDirectory, readRegularUtf8, realpathOr } from "../store/checked-fs.js";
var SYMBOL = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
var FLAG_TOKEN = /^--[A-Za-z0-9][A-Za-z0-9_.-]*(?:=.*)?$/;
var CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
function pathProblem(p) {
  if (p === "") return "empty path";
  if (CONTROL.test(p)) return "path contains a control character";
  if (p.startsWith("/") || p.startsWith("\\") || /^[A-Za-z]:[\\/]/.test(p)) return "path is absolute; it must be repo-root-relative";
  if (p.startsWith("~")) return "path is home-relative; it must be repo-root-relative";
  if (p.split(/[\\/]/).includes("..")) return "path contains a .. segment; it must stay inside the repository";
  return void 0;
}
function parseRepoRef(text) {
  const ref = text.trim();
  const colon = ref.indexOf(":");
  const kind = colon === -1 ? "" : ref.slice(0, colon);
  const rest = ref.slice(colon + 1).trim();
  if (kind === "path") {
    const problem = pathProblem(rest);
    return problem ? { ok: false, reason: problem } : { ok: true, kind: "path", path: rest };
  }
  if (kind === "fn") {
    const hash = rest.lastIndexOf("#");
    if (hash === -1) return { ok: false, reason: "fn: ref needs <path>#<symbol>" };
    const file = rest.slice(0, hash).trim();
    const symbol = rest.slice(hash + 1).trim();
    const problem = pathProblem(file);
    if (problem) return { ok: false, reason: problem };
    if (!SYMBOL.test(symbol)) return { ok: false, reason: `"${symbol}" is not an identifier` };
    return { ok: true, kind: "fn", path: file, symbol };
  }
  if (kind === "flag") {
    const words = rest.split(/\s+/).filter(Boolean);
    const at = findLastIndex(words, (w) => FLAG_TOKEN.test(w));
    if (at === -1) return { ok: false, reason: "flag: ref has no --flag token" };
    return { ok: true, kind: "flag", invocation: words.slice(0, at).join(" "), token: words[at].split("=")[0] };
  }
  return { ok: false, reason: `unknown ref kind${kind ? ` "${kind}"` : ""}; use path:, fn: or flag:` };
}
function cardRefs(value) {
  if (value === void 0 || value === null) return [];
  const items = Array.isArray(value) ? value : typeof value === "string" ? splitFlowString(value) : [value];
  return items.map((item) => {
    if (typeof item === "string") return { text: item, parsed: parseRepoRef(item) };
    if (item !== null && typeof item === "object" && !Array.isArray(item)) {
      const text = Object.entries(item).map(([k, v]) => `${k}: ${String(v)}`).join(", ");
      return { text, parsed: { ok: false, reason: 'YAML read this item as a mapping; write it without a space after the colon ("path:lib/x.ts")' } };
    }
    return { text: String(item), parsed: { ok: false, reason: "ref is not a string" } };
  });
}
function splitFlowString(value) {
  const t = value.trim();
  if (t.startsWith("[") && t.endsWith("]")) {
    return t.slice(1, -1).split(",").map((s) => s.trim().replace(/^(["'])(.*)\1$/, "$2")).filter(Boolean);
  }
  return t === "" ? [] : [t];
}
function findLastIndex(items, test) {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}
var END = "(?![A-Za-z0-9_$])";
var DEFINITION_FORMS = [
  (n) => `(?:function\\s+)?${n}\\s*\\(\\s*\\)`,
  // shell: name() { … } / function name() { … }
  (n) => `(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:async\\s+)?function\\s*\\*?\\s*${n}${END}`,
  // shell `function name`, JS/TS
  (n) => `(?:export\\s+)?(?:declare\\s+)?(?:const|let|var)\\s+${n}${END}`,
  (n) => `(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:class|interface|type|enum)\\s+${n}${END}`,
  (n) => `(?:async\\s+)?def\\s+${n}\\s*\\(`
  // Python (class is covered above)
];
var LINE_START = "^[ \\t]*";
function definitionPattern(symbol) {
  const s = symbol.replace(/\$/g, "\\$");
  return new RegExp(`${LINE_START}(?:${DEFINITION_FORMS.map((form) => form(s)).join("|")})`, "m");
}
var SYMBOL_EXTRACTORS = DEFINITION_FORMS.map((form) => new RegExp(`${LINE_START}${form("([A-Za-z_$][A-Za-z0-9_$]*)")}`, "gm"));
function definedSymbols(text) {
  const names = /* @__PURE__ */ new Set();
  for (const re of SYMBOL_EXTRACTORS) for (const m of text.matchAll(re)) names.add(m[1]);
  return names;
}
var SKIP_DIRS = /* @__PURE__ */ new Set([".git", "node_modules", "dist", "build", "coverage", ".memctl", ".next", "target", "vendor"]);
var MAX_FILE_BYTES = 1 << 20;
var MAX_SCAN_FILES = 2e4;
var MAX_CACHED_BYTES = 32 * 1024 * 1024;
var RepoRefChecker = class {
  constructor(repoRoot) {
    this.repoRoot = repoRoot;
    this.texts = /* @__PURE__ */ new Map();
    this.cachedBytes = 0;
    this.files = /* @__PURE__ */ new Map();
    this.flagVerdicts = /* @__PURE__ */ new Map();
    this.symbols = /* @__PURE__ */ new Map();
    this.realRoot = realpathOr(repoRoot);
  }
  check(ref) {
    if (!ref.ok) return { fresh: false, reason: `out of grammar: ${ref.reason}` };
    if (ref.kind === "path") return this.isFile(ref.path) ? { fresh: true } : { fresh: false, reason: `${ref.path} does not exist in the repository` };
    if (ref.kind === "fn") {
      const text = this.read(ref.path);
      if (text === null) return { fresh: false, reason: `${ref.path} does not exist in the repository` };
      let defined = this.symbols.get(ref.path);
      if (!defined) this.symbols.set(ref.path, defined = definedSymbols(text));
      return defined.has(ref.symbol) ? { fresh: true } : { fresh: false, reason: `no definition of ${ref.symbol} in ${ref.path}` };
    }
    let verdict = this.flagVerdicts.get(ref.token);
    if (!verdict) {
      verdict = this.findFlag(ref.token);
      this.flagVerdicts.set(ref.token, verdict);
    }
    return verdict;
  }
  isFile(rel) {
    let known = this.files.get(rel);
    if (known === void 0) {
      try {
        known = fs.statSync(path.join(this.repoRoot, rel)).isFile();
      } catch {
        known = false;
      }
      this.files.set(rel, known);
    }
    return known;
  }
  /** The real path of a checkout file, undefined when its links lead out of the checkout. */
  within(full) {
    const real = realpathOr(full);
    return isInside(real, this.realRoot) ? real : void 0;
  }
  /**
   * File text, or null when it is missing, outside the checkout, not a regular file, too large or unreadable. Read
   * through the checked reader: a link to /proc/self/pagemap (size 0, gigabytes read) or a FIFO is no text.
   */
  read(rel) {
    const full = this.within(path.join(this.repoRoot, rel));
    if (full === void 0) return null;
    if (this.texts.has(full)) return this.texts.get(full);
    let text = null;
    try {
      text = readRegularUtf8(full, MAX_FILE_BYTES, { nofollow: true });
    } catch {
      text = null;
    }
    if (this.cachedBytes + (text?.length ?? 0) <= MAX_CACHED_BYTES) {
      this.texts.set(full, text);
      this.cachedBytes += text?.length ?? 0;
    }
    return text;
  }
  findFlag(token) {
    const scan = this.scanFiles();
    const where = scan.root === this.repoRoot ? "the repository" : "scripts/";
    const pattern = new RegExp(`(?<![A-Za-z0-9_-])${token.replace(/[.]/g, "\\.")}(?![A-Za-z0-9_-])`);
    for (const file of scan.files) {
      const text = this.read(path.relative(this.repoRoot, file));
      if (text !== null && text.includes(token) && pattern.test(text)) return { fresh: true };
    }
    const limit = scan.truncated ? ` (searched the first ${MAX_SCAN_FILES} files)` : "";
    return { fresh: false, reason: `${token} not found under ${where}${limit}` };
  }
  /** Files the flag search reads: scripts/ when it exists, else the whole checkout (minus build/vendor dirs). */
  scanFiles() {
    if (this.flagFiles) return this.flagFiles;
    const scripts = path.join(this.repoRoot, "scripts");
    const root = isDirectory(scripts) && this.within(scripts) !== void 0 ? scripts : this.repoRoot;
    const files = [];
    const stack = [root];
    let truncated = false;
    while (stack.length > 0 && !truncated) {
      const dir = stack.pop();
      let entries;
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries.sort((a, b) => a.name < b.name ? -1 : 1)) {
        if (e.isDirectory() && !SKIP_DIRS.has(e.name)) stack.push(path.join(dir, e.name));
        else if (e.isFile()) files.push(path.join(dir, e.name));
        if (files.length >= MAX_SCAN_FILES) {
          truncated = true;
          break;
        }
      }
    }
    this.flagFiles = { files, root, truncated };
    return this.flagFiles;
  }
};
export {
  RepoRefChecker,
  cardRefs,
  definedSymbols,
  definitionPattern,
  parseRepoRef
};
