// Instruction memory (seed 002): the always-on layer. Every instruction file in scope, broad to specific (user →
// project root → each directory down to the working directory), concatenated, each with its `@path` imports
// expanded after it. Pure: the caller passes the sources in order and a reader that does the IO and the path
// safety (lib/config/instructions.ts); this module walks the imports, stops cycles and runaway depth, and keeps
// for every part where it came from, so a reader can always trace a rule back to its file and line.
import { utf8Bytes } from "./block.js";
import { parseImports, resolveImport } from "./instruction-imports.js";

export type InstructionLayer = "user" | "project" | "subtree";

export interface InstructionSource {
  file: string;
  layer: InstructionLayer;
}

/** What the reader found at a path: the text and the file's identity (its realpath), or why not. */
export type InstructionRead =
  | { status: "ok"; text: string; key: string }
  | { status: "missing"; detail: string }
  | { status: "unsafe"; detail: string }
  | { status: "unreadable"; detail: string };

export interface InstructionPart {
  /** The path as reached (the source path, or the import resolved against its importer). */
  file: string;
  /** The file's identity (realpath): what cycles, duplicates and a host's native set compare. */
  key: string;
  layer: InstructionLayer;
  /** 0 for a source, n for a file n imports away from it. */
  depth: number;
  /** The source file this part hangs from (itself for a source). */
  source: string;
  /** For an import: the importing file, the 1-based line of the `@path`, and the reference as written. */
  from?: { file: string; line: number; target: string };
  text: string;
  bytes: number;
}

export type InstructionProblemKind = "dead-import" | "cycle" | "depth" | "unsafe" | "unreadable";

export interface InstructionProblem {
  kind: InstructionProblemKind;
  /** The importing file (for an import) or the source file itself. */
  file: string;
  line?: number;
  target?: string;
  detail: string;
}

export interface Composition {
  parts: InstructionPart[];
  problems: InstructionProblem[];
}

/**
 * How many hops an import chain may run: a source's import is hop 1, its import hop 2… Claude Code stops at 5
 * hops; memctl uses the same limit, so a chain composes alike everywhere (a deeper import is a "depth" problem).
 */
export const MAX_IMPORT_DEPTH = 5;

/**
 * What one composition reads at most: the text of every file together, and the files it looks up. A project's file
 * may import any number of its own files of up to 1 MiB each, and git packs a megabyte of repeated text into a few
 * hundred bytes: 300 such imports took a session start to 3 GB, for a block that keeps a few KiB. What is past
 * either bound is not read ("unreadable", named once per importing file and line).
 */
export const MAX_COMPOSED_BYTES = 2 * 1024 * 1024;
export const MAX_COMPOSED_FILES = 1000;

/**
 * `read` gets the layer of the source a file hangs from and the files importing it (their keys, the source first):
 * a project's files arrive with a clone, so the reader confines what they may pull in more tightly than what the
 * user's own files may, by where each importing file lives (lib/config/instructions.ts).
 */
export function composeInstructions(
  sources: readonly InstructionSource[],
  read: (file: string, layer: InstructionLayer, importers: readonly string[]) => InstructionRead,
  options: { home: string; maxDepth?: number; maxBytes?: number; maxFiles?: number },
): Composition {
  const maxDepth = options.maxDepth ?? MAX_IMPORT_DEPTH;
  const maxBytes = options.maxBytes ?? MAX_COMPOSED_BYTES;
  const maxFiles = options.maxFiles ?? MAX_COMPOSED_FILES;
  let bytes = 0;
  let files = 0;
  let overReported = false;
  const parts: InstructionPart[] = [];
  const problems: InstructionProblem[] = [];
  // A file reached twice (a source another file also imports, two files importing one) is composed once, where
  // it first appears: the model gets each rule once.
  const seen = new Set<string>();

  const visit = (file: string, layer: InstructionLayer, depth: number, root: string | undefined, from: InstructionPart["from"], chain: readonly string[]): void => {
    const at = from ? { file: from.file, line: from.line, target: from.target } : { file };
    if (bytes >= maxBytes || files >= maxFiles) {
      // Once: past the bound every further import would add a problem of its own.
      if (!overReported)
        problems.push({
          kind: "unreadable",
          ...at,
          detail: `not read, nor anything after it: the instruction files composed so far hold ${bytes} bytes in ${files} files, the limit is ${maxBytes} bytes or ${maxFiles} files`,
        });
      overReported = true;
      return;
    }
    files++;
    const got = read(file, layer, chain);
    if (got.status === "missing") {
      // Most directories have no instruction file: only a named import that leads nowhere is a problem.
      if (from) problems.push({ kind: "dead-import", ...at, detail: `${file} does not exist` });
      return;
    }
    if (got.status !== "ok") {
      problems.push({ kind: got.status, ...at, detail: got.detail });
      return;
    }
    if (chain.includes(got.key)) {
      problems.push({ kind: "cycle", ...at, detail: `@${from?.target ?? file} leads back to ${file}, already being composed (${[...chain, got.key].join(" → ")})` });
      return;
    }
    if (seen.has(got.key)) return;
    seen.add(got.key);
    const source = root ?? file;
    const size = utf8Bytes(got.text);
    bytes += size;
    parts.push({ file, key: got.key, layer, depth, source, ...(from ? { from } : {}), text: got.text, bytes: size });
    for (const ref of parseImports(got.text)) {
      const next = { file, line: ref.line, target: ref.target };
      if (depth + 1 > maxDepth) {
        problems.push({ kind: "depth", ...next, detail: `@${ref.target} is ${depth + 1} hops from ${source}, past the limit of ${maxDepth}: not composed` });
        continue;
      }
      visit(resolveImport(ref.target, file, options.home), layer, depth + 1, source, next, [...chain, got.key]);
    }
  };

  for (const s of sources) visit(s.file, s.layer, 0, undefined, undefined, []);
  return { parts, problems };
}

/** A part whose every line is an `@path` reference: its content is its imports, composed as their own parts. */
export function importOnly(part: Pick<InstructionPart, "text">): boolean {
  const lines = part.text.split("\n").filter((l) => l.trim() !== "");
  return lines.length > 0 && lines.every((l) => /^\s*(@\S+\s*)+$/.test(l)) && parseImports(part.text).length > 0;
}

/**
 * What a host loads itself. `rules`: each rule is a list of alternatives (file lists); the host loads every file
 * of the first alternative that has one (OpenCode reads AGENTS.md files, else CLAUDE.md ones). `importDepth`: the
 * hops of `@path` imports the host expands itself (0: it does not expand them).
 */
export interface NativeInstructions {
  rules: readonly (readonly (readonly string[])[])[];
  importDepth: number;
}

/**
 * The files a host gives the model itself: the ones it loads (`present`, in its order) plus, when it expands
 * imports, everything they import up to its depth (Claude reaches AGENTS.md through a CLAUDE.md's `@AGENTS.md`).
 * What it already has must not be sent again; every other composed part is memctl's to add.
 */
export function nativeKeys(present: readonly string[], read: (file: string) => InstructionRead, options: { home: string; importDepth: number }): Set<string> {
  const loaded = composeInstructions(
    present.map((file) => ({ file, layer: "project" as const })),
    read,
    { home: options.home, maxDepth: options.importDepth },
  );
  return new Set(loaded.parts.map((p) => p.key));
}
