// The `@path` imports of an instruction file (seed 002: "any file can pull in another with @path/to/file.md").
// Pure: text in, import references out. Claude Code's rules are the model: an `@` at the start of a line or after
// whitespace starts one, and nothing inside a code span or a fenced code block is an import (a shell example
// like `npm i @types/node` must never pull in a file). To keep prose like "ask @alice" from counting as a dead
// import, a reference must look like a path: it starts with ./ ../ ~/ or /, or holds a slash or a file extension.
import path from "node:path";

export interface ImportRef {
  /** The reference as written, without the `@`. */
  target: string;
  /** 1-based line in the importing file. */
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TOKEN = /(^|\s)@(\S+)/g;
// End-of-sentence punctuation is not part of the path ("see @docs/a.md.").
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** Every import in `text`, in order, outside fences and code spans. */
export function parseImports(text: string): ImportRef[] {
  const refs: ImportRef[] = [];
  let fence: string | undefined;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const opened = FENCE.exec(line);
    if (fence !== undefined) {
      // A fence closes with a run of the same character at least as long as the one that opened it.
      if (opened?.[1] && opened[1][0] === fence[0] && opened[1].length >= fence.length && line.trim() === opened[1]) fence = undefined;
      continue;
    }
    if (opened?.[1]) {
      fence = opened[1];
      continue;
    }
    for (const m of withoutCodeSpans(line).matchAll(TOKEN)) {
      const target = (m[2] ?? "").replace(TRAILING, "");
      if (looksLikePath(target)) refs.push({ target, line: i + 1 });
    }
  }
  return refs;
}

/** The line with each code span (a backtick run up to the next run of the same length) blanked out. */
function withoutCodeSpans(line: string): string {
  if (!line.includes("`")) return line;
  return line.replace(/(`+)[\s\S]*?\1/g, (span) => " ".repeat(span.length));
}

function looksLikePath(target: string): boolean {
  if (target === "" || target.startsWith("@")) return false;
  if (/^(\.{1,2}\/|~\/|\/)/.test(target)) return true;
  if (target.includes("/")) return !target.includes("://");
  return /\.[A-Za-z0-9]{1,8}$/.test(target);
}

/**
 * Where an import points: relative to the importing file's directory, `~/` from the injected home, absolute as
 * written. Lexical only (the IO side resolves symlinks and checks the result stays inside the allowed roots).
 */
export function resolveImport(target: string, importingFile: string, home: string): string {
  if (target === "~" || target.startsWith("~/")) return path.resolve(home, target.slice(2));
  if (path.isAbsolute(target)) return path.resolve(target);
  return path.resolve(path.dirname(importingFile), target);
}

/** True when `file` is `root` or inside it (both absolute and normalized). */
export function isInside(file: string, root: string): boolean {
  const rel = path.relative(root, file);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}
