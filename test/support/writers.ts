// Who writes files and who takes locks, read from the TypeScript AST of each source (test/one-writer.test.ts runs
// it on the real tree and on planted sources). A "write" is a call that creates, replaces, appends to or renames a
// file; a "lock" is a call that claims a name exclusively (the shape every lock is built from: a mkdir that fails
// when the name exists, an O_EXCL / "wx" open, a hard link). Calls are matched by name whatever the receiver
// (fs.x, fs.promises.x, a destructured import, a FileHandle), so an alias does not hide a second writer.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const WRITE_CALLS = new Set([
  "writeFileSync",
  "writeFile",
  "appendFileSync",
  "appendFile",
  "renameSync",
  "rename",
  "copyFileSync",
  "copyFile",
  "cpSync",
  "cp",
  "createWriteStream",
  "truncateSync",
  "truncate",
  "ftruncateSync",
  "ftruncate",
  "writeSync",
  "symlinkSync",
  "symlink",
  "linkSync",
  "link",
]);
const OPEN_CALLS = new Set(["openSync", "open"]);
/** Flags that make an open a write: the O_ constants or a string flag with w, a or +. */
const WRITE_FLAGS = /O_WRONLY|O_RDWR|O_APPEND|O_CREAT|O_TRUNC|^["'`][^"'`]*[wa+]/;
const EXCLUSIVE_FLAGS = /O_EXCL|^["'`][^"'`]*x/;

export interface Call {
  kind: "write" | "lock";
  /** The function called (writeFileSync, openSync, mkdirSync…). */
  name: string;
  line: number;
}

/** The write and lock calls in one source file. */
export function fileCalls(file: string, text: string): Call[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: Call[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      const flags = node.arguments[1]?.getText(sf) ?? "";
      if (name !== undefined) {
        if (WRITE_CALLS.has(name)) out.push({ kind: "write", name, line });
        if (OPEN_CALLS.has(name) && WRITE_FLAGS.test(flags)) out.push({ kind: "write", name, line });
        // A claim: exclusive create, a hard link (fails when the name exists), or a mkdir that is not told to
        // tolerate an existing directory (recursive) — the lock's own primitive.
        if (OPEN_CALLS.has(name) && EXCLUSIVE_FLAGS.test(flags)) out.push({ kind: "lock", name, line });
        if (name === "linkSync" || name === "link") out.push({ kind: "lock", name, line });
        if (name === "mkdirSync" && !/recursive/.test(node.arguments[1]?.getText(sf) ?? "")) out.push({ kind: "lock", name, line });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every .ts file under `dirs` (repo-relative) with its write and lock calls; files with none are left out. */
export function treeCalls(root: string, dirs: readonly string[]): Map<string, Call[]> {
  const found = new Map<string, Call[]>();
  for (const dir of dirs)
    for (const rel of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })) {
      if (!rel.endsWith(".ts")) continue;
      const file = path.posix.join(dir, rel.split(path.sep).join("/"));
      const calls = fileCalls(file, fs.readFileSync(path.join(root, file), "utf8"));
      if (calls.length > 0) found.set(file, calls);
    }
  return found;
}

/** Who may make which call, and why: `calls` lists the function names allowed in that module. */
export type Allowed = Readonly<Record<string, { readonly calls: readonly string[]; readonly why: string }>>;

/**
 * Every call of `kind` not allowed for its module ("file:line: name"), and every allowance no longer used
 * ("file: name allowed but unused"), so the list stays the truth and never grows stale.
 */
export function unallowed(found: Map<string, Call[]>, kind: Call["kind"], allowed: Allowed): string[] {
  const out: string[] = [];
  const used = new Set<string>();
  for (const [file, calls] of found)
    for (const call of calls) {
      if (call.kind !== kind) continue;
      if (allowed[file]?.calls.includes(call.name)) used.add(`${file}\t${call.name}`);
      else out.push(`${file}:${call.line}: ${call.name} (a second ${kind === "write" ? "writer" : "lock primitive"})`);
    }
  for (const [file, { calls }] of Object.entries(allowed))
    for (const name of calls) if (!used.has(`${file}\t${name}`)) out.push(`${file}: ${name} allowed but unused (remove it from the list)`);
  return out;
}
