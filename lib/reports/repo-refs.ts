import fs from "node:fs";
import path from "node:path";
import { isInside } from "../core/instruction-imports.js";
import { isDirectory, readRegularUtf8, realpathOr } from "../store/checked-fs.js";

// repo_refs are machine-checkable pointers from a card into the repository (seed 001 grammar):
//   path:<repo-root-relative file>        fresh when the file exists
//   fn:<rel-path>#<symbol>                fresh when the file exists and defines the symbol
//   flag:<invocation> <--flag-token>      fresh when the --token appears under scripts/ (or the repo)
// Anything outside the grammar is reported stale, never silently fresh.

export type ParsedRef =
  | { ok: true; kind: "path"; path: string }
  | { ok: true; kind: "fn"; path: string; symbol: string }
  | { ok: true; kind: "flag"; invocation: string; token: string }
  | { ok: false; reason: string };

/** One ref as written in a card: its display text and its parse. */
export interface CardRef {
  text: string;
  parsed: ParsedRef;
}

export interface RefVerdict {
  fresh: boolean;
  /** Why the ref is stale; absent when fresh. */
  reason?: string;
}

/** Symbols are identifiers: shell names, plus `$` for JavaScript. */
const SYMBOL = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const FLAG_TOKEN = /^--[A-Za-z0-9][A-Za-z0-9_.-]*(?:=.*)?$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a path is outside the grammar (absolute, `..`, home-relative, control bytes), or undefined when fine. */
function pathProblem(p: string): string | undefined {
  if (p === "") return "empty path";
  if (CONTROL.test(p)) return "path contains a control character";
  if (p.startsWith("/") || p.startsWith("\\") || /^[A-Za-z]:[\\/]/.test(p)) return "path is absolute; it must be repo-root-relative";
  if (p.startsWith("~")) return "path is home-relative; it must be repo-root-relative";
  if (p.split(/[\\/]/).includes("..")) return "path contains a .. segment; it must stay inside the repository";
  return undefined;
}

/** Parses one ref against the grammar; never throws. */
export function parseRepoRef(text: string): ParsedRef {
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
    return { ok: true, kind: "flag", invocation: words.slice(0, at).join(" "), token: words[at]!.split("=")[0]! };
  }
  return { ok: false, reason: `unknown ref kind${kind ? ` "${kind}"` : ""}; use path:, fn: or flag:` };
}

/**
 * The refs of a card from its parsed `repo_refs` value. YAML already reads block (`- a`) and flow (`[a, b]`)
 * lists; this also splits a flow list that arrived as one string and keeps items YAML read as something other
 * than a string (`- path: x` is a mapping) as out-of-grammar refs rather than dropping them.
 */
export function cardRefs(value: unknown): CardRef[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : typeof value === "string" ? splitFlowString(value) : [value];
  return items.map((item): CardRef => {
    if (typeof item === "string") return { text: item, parsed: parseRepoRef(item) };
    if (item !== null && typeof item === "object" && !Array.isArray(item)) {
      const text = Object.entries(item as Record<string, unknown>)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(", ");
      return { text, parsed: { ok: false, reason: 'YAML read this item as a mapping; write it without a space after the colon ("path:lib/x.ts")' } };
    }
    return { text: String(item), parsed: { ok: false, reason: "ref is not a string" } };
  });
}

function splitFlowString(value: string): string[] {
  const t = value.trim();
  if (t.startsWith("[") && t.endsWith("]")) {
    return t
      .slice(1, -1)
      .split(",")
      .map((s) => s.trim().replace(/^(["'])(.*)\1$/, "$2"))
      .filter(Boolean);
  }
  return t === "" ? [] : [t];
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}

/** Definition forms, each built around a name pattern: shell (`name()`, `function name`), TS/JS and Python. */
const END = "(?![A-Za-z0-9_$])";
const DEFINITION_FORMS: ((name: string) => string)[] = [
  (n) => `(?:function\\s+)?${n}\\s*\\(\\s*\\)`, // shell: name() { … } / function name() { … }
  (n) => `(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:async\\s+)?function\\s*\\*?\\s*${n}${END}`, // shell `function name`, JS/TS
  (n) => `(?:export\\s+)?(?:declare\\s+)?(?:const|let|var)\\s+${n}${END}`,
  (n) => `(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:class|interface|type|enum)\\s+${n}${END}`,
  (n) => `(?:async\\s+)?def\\s+${n}\\s*\\(`, // Python (class is covered above)
];
const LINE_START = "^[ \\t]*";

/** A line-anchored pattern matching a definition of `symbol` in any supported form. */
export function definitionPattern(symbol: string): RegExp {
  const s = symbol.replace(/\$/g, "\\$");
  return new RegExp(`${LINE_START}(?:${DEFINITION_FORMS.map((form) => form(s)).join("|")})`, "m");
}

const SYMBOL_EXTRACTORS = DEFINITION_FORMS.map((form) => new RegExp(`${LINE_START}${form("([A-Za-z_$][A-Za-z0-9_$]*)")}`, "gm"));

/** Every symbol `text` defines in a supported form: one pass per form, so a file costs the same for any number of refs. */
export function definedSymbols(text: string): Set<string> {
  const names = new Set<string>();
  for (const re of SYMBOL_EXTRACTORS) for (const m of text.matchAll(re)) names.add(m[1]!);
  return names;
}

const SKIP_DIRS = new Set([".git", "node_modules", "dist", "build", "coverage", ".memctl", ".next", "target", "vendor"]);
const MAX_FILE_BYTES = 1 << 20;
const MAX_SCAN_FILES = 20_000;
/** File texts kept between refs: past this a text is read again when asked (20,000 files of 1 MiB would be 20 GB). */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;

/**
 * Checks refs against one repository checkout. Reads lazily and caches file text and the flag-search file list,
 * so thousands of cards pointing at the same files cost one read each.
 */
export class RepoRefChecker {
  private readonly texts = new Map<string, string | null>();
  private cachedBytes = 0;
  /** The checkout's real path: a ref is read only where its links lead inside it (a cloned project brings links). */
  private readonly realRoot: string;
  private readonly files = new Map<string, boolean>();
  private readonly flagVerdicts = new Map<string, RefVerdict>();
  private readonly symbols = new Map<string, Set<string>>();
  private flagFiles: { files: string[]; root: string; truncated: boolean } | undefined;

  constructor(readonly repoRoot: string) {
    this.realRoot = realpathOr(repoRoot);
  }

  check(ref: ParsedRef): RefVerdict {
    if (!ref.ok) return { fresh: false, reason: `out of grammar: ${ref.reason}` };
    if (ref.kind === "path") return this.isFile(ref.path) ? { fresh: true } : { fresh: false, reason: `${ref.path} does not exist in the repository` };
    if (ref.kind === "fn") {
      const text = this.read(ref.path);
      if (text === null) return { fresh: false, reason: `${ref.path} does not exist in the repository` };
      let defined = this.symbols.get(ref.path);
      if (!defined) this.symbols.set(ref.path, (defined = definedSymbols(text)));
      return defined.has(ref.symbol) ? { fresh: true } : { fresh: false, reason: `no definition of ${ref.symbol} in ${ref.path}` };
    }
    let verdict = this.flagVerdicts.get(ref.token);
    if (!verdict) {
      verdict = this.findFlag(ref.token);
      this.flagVerdicts.set(ref.token, verdict);
    }
    return verdict;
  }

  private isFile(rel: string): boolean {
    let known = this.files.get(rel);
    if (known === undefined) {
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
  private within(full: string): string | undefined {
    const real = realpathOr(full);
    return isInside(real, this.realRoot) ? real : undefined;
  }

  /**
   * File text, or null when it is missing, outside the checkout, not a regular file, too large or unreadable. Read
   * through the checked reader: a link to /proc/self/pagemap (size 0, gigabytes read) or a FIFO is no text.
   */
  private read(rel: string): string | null {
    const full = this.within(path.join(this.repoRoot, rel));
    if (full === undefined) return null;
    if (this.texts.has(full)) return this.texts.get(full)!;
    let text: string | null = null;
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

  private findFlag(token: string): RefVerdict {
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
  private scanFiles(): { files: string[]; root: string; truncated: boolean } {
    if (this.flagFiles) return this.flagFiles;
    const scripts = path.join(this.repoRoot, "scripts");
    // scripts/ when it is a folder of the checkout; a link out of it (to /proc/self, another folder) is not.
    const root = isDirectory(scripts) && this.within(scripts) !== undefined ? scripts : this.repoRoot;
    const files: string[] = [];
    const stack = [root];
    let truncated = false;
    while (stack.length > 0 && !truncated) {
      const dir = stack.pop()!;
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
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
}
