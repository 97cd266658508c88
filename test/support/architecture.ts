// The layer rules of the sources as data, and a checker over an import graph (test/architecture.test.ts runs it on
// the real tree and on synthetic graphs). A file's layer comes from its folder: lib/<layer>/…, or the top-level
// hosts/ and install/ (the design card's layout), which are layers of their own.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Lowest first. A layer may import its own layer and any lower one; layers sharing a rank are siblings. */
export const LAYERS: readonly (readonly string[])[] = [
  ["core"], // pure: no IO
  ["hosts"], // hosts/: per-host runtime adapters (budgets, payloads, output shapes) and their registry: pure
  ["store"], // IO over one store: checked fs, safe paths, the writer, the lock, history, episodes
  ["config"], // config read/edit, resolve, git discovery, budgets
  ["usage"], // the usage sidecar
  ["rank"], // tokenize, score, order: pure
  ["rank-cache"], // the rank cache: rank's index kept on disk beside the store (reads cards and the usage format, writes .memctl/)
  ["records"], // save/rm/adopt/import, file tools, secrets, guardrails, search
  ["proposals", "compact", "sync", "capture"], // features over records (siblings: none imports another unless declared)
  ["keys"], // recall keys written by the configured model (runs compact's model command, saves through records)
  ["reports"], // doctor, stats
  ["install"], // install/: install engine, config-file editors, each host's installer (install/hosts/)
  ["hook"], // the per-prompt hook's logic
  ["mcp"],
  ["ui"], // memctl ui: the local web view (reads the hook's why log, so above hook; only the CLI starts it)
  ["cli"],
];
/** The folders holding the sources (the hook's entry points live in lib/hook/entry, checked from HOOK_ENTRY). */
export const SOURCE_ROOTS: readonly string[] = ["lib", "hosts", "install"];
const LAYERED = /^(lib|hosts|install)\//;
/** Sibling imports allowed, as "from>to" layer pairs: capture stages what it finds through the proposal boundary. */
export const SIBLING_ALLOWED: ReadonlySet<string> = new Set<string>(["capture>proposals"]);
/**
 * Modules that may import a module that imports them back. The command registry loads each command lazily
 * (dynamic import) and each command reads its one summary from the registry.
 */
export const MUTUAL_ALLOWED: readonly RegExp[] = [/^lib\/cli\/commands\.ts$/];
/** Modules whose code must stay pure (no IO builtins, no process.env). */
export const PURE = [/^lib\/core\//, /^hosts\/(types|payload|deliver|index)\.ts$/, /^hosts\/[^/]+\/adapter\.ts$/, /^lib\/rank\//];
export const IO_MODULES = /^(node:)?(fs|fs\/promises|child_process|net|http|https|http2|dgram|tls|os|worker_threads|cluster|readline)$/;
/** What the per-prompt hook may never reach: installers, the MCP server, the CLI. */
export const HOOK_ENTRY = "lib/hook/entry/user-prompt-submit.ts";
export const HOOK_FORBIDDEN = /^install\/|^lib\/(mcp|cli)\//;

/**
 * The "nevers" (issue 32 item 5), each a rule over single imports that a planted import breaks. An
 * exception is named with why it stands today; the test lists what each exception excuses, so it is reported,
 * never hidden, and goes stale (fails) once the tree no longer needs it.
 */
export interface Never {
  name: string;
  from: RegExp;
  /** Matched against the resolved target (repo path) or, for a package, the specifier. */
  to: RegExp;
  exception?: { from: RegExp; why: string };
}
export const NEVERS: readonly Never[] = [
  {
    name: "lib/rank is pure: no store, usage, config or rank-cache module, no IO builtin",
    from: /^lib\/rank\//,
    to: /^lib\/(store|usage|config|rank-cache)\/|^(node:)?(fs|fs\/promises|child_process|os)$/,
  },
  // Installers (install/, each host's under install/hosts/) import the hosts' adapters; the adapters, which the
  // hook loads on every prompt, know nothing of installing. No exception: the two folders depend one way.
  { name: "hosts/ never imports install/ (installers import the hosts' adapters, one way)", from: /^hosts\//, to: /^install\// },
  { name: "the hook reaches no installer, MCP server or CLI (checked over the whole graph from the entry, below)", from: /^$/, to: /^$/ },
];

/** Imports breaking a never (excused ones left out). */
function neverBroken(graph: Graph): string[] {
  return neverImports(graph)
    .filter((n) => !n.excused)
    .map((n) => `${n.file}: never: ${n.never.name}; imports "${n.spec}" (${n.target})`);
}

/** Every import a never forbids, with whether its exception excuses it. */
export function neverImports(graph: Graph): { never: Never; file: string; spec: string; target: string; excused: boolean }[] {
  const out: { never: Never; file: string; spec: string; target: string; excused: boolean }[] = [];
  for (const [file, { imports }] of graph)
    for (const never of NEVERS)
      if (never.from.test(file))
        for (const imp of imports)
          if (never.to.test(imp.target) && imp.target !== file) out.push({ never, file, spec: imp.spec, target: imp.target, excused: never.exception?.from.test(file) === true });
  return out;
}

export interface Import {
  /** Resolved repo-relative path for a relative import, else the bare specifier (node:fs, js-yaml). */
  target: string;
  /** The specifier as written. */
  spec: string;
  dynamic: boolean;
}
export interface Source {
  imports: Import[];
  readsEnv: boolean;
}
export type Graph = Map<string, Source>;

export function layerOf(file: string): string | undefined {
  // One home each: hosts/ and install/ sit at the top level, and a file back under lib/hosts or lib/install is in no layer.
  if (/^lib\/(hosts|install)\//.test(file)) return undefined;
  const top = /^(hosts|install)\//.exec(file);
  if (top) return top[1];
  const m = /^lib\/([^/]+)\//.exec(file);
  return m ? m[1] : undefined;
}

function rankOf(layer: string): number {
  return LAYERS.findIndex((level) => level.includes(layer));
}

/** Every rule broken in `graph`, one message each naming the file and the import. */
export function violations(graph: Graph): string[] {
  const out: string[] = [];
  for (const [file, { imports, readsEnv }] of graph) {
    if (!LAYERED.test(file)) continue;
    const from = layerOf(file);
    if (from === undefined || rankOf(from) < 0) {
      out.push(`${file}: not in a declared layer (lib/<layer>/…, hosts/…, install/…; layers: ${LAYERS.flat().join(", ")})`);
      continue;
    }
    const pure = PURE.some((p) => p.test(file));
    if (pure && readsEnv) out.push(`${file}: pure module reads process.env (inject the value)`);
    for (const imp of imports) {
      if (pure && IO_MODULES.test(imp.spec)) out.push(`${file}: pure module imports IO module "${imp.spec}"`);
      if (!LAYERED.test(imp.target)) continue;
      const to = layerOf(imp.target);
      if (to === undefined || rankOf(to) < 0) continue; // reported as the target's own violation
      if (to === "cli" && from !== "cli") {
        out.push(`${file}: imports the CLI layer "${imp.spec}" (${imp.target}); only lib/cli imports lib/cli`);
        continue;
      }
      const [rf, rt] = [rankOf(from), rankOf(to)];
      if (rt > rf) out.push(`${file}: upward import "${imp.spec}" (${imp.target}): layer ${from} may not import ${to}`);
      else if (rt === rf && from !== to && !SIBLING_ALLOWED.has(`${from}>${to}`))
        out.push(`${file}: sibling import "${imp.spec}" (${imp.target}): ${from} and ${to} are siblings and may not import each other`);
    }
  }
  for (const cycle of importCycles(graph)) out.push(`import cycle: ${cycle.join(" -> ")}; move what they share into a lower module`);
  out.push(...neverBroken(graph));
  for (const path of hookPaths(graph)) out.push(`${HOOK_ENTRY}: the hook reaches ${path.at(-1)} (${path.join(" -> ")})`);
  return out;
}

/**
 * Every import cycle among the graph's modules, of any length: one per strongly connected component (Tarjan), given as
 * its shortest cycle through the component's first module in name order, that module repeated at the end. A
 * dynamic import from a MUTUAL_ALLOWED module (the lazy command registry) is not an edge: it runs only when a
 * command is chosen, after the importing module finished loading.
 */
export function importCycles(graph: Graph): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, { imports }] of graph) {
    const lazy = MUTUAL_ALLOWED.some((p) => p.test(file));
    edges.set(file, [...new Set(imports.filter((i) => graph.has(i.target) && !(lazy && i.dynamic)).map((i) => i.target))].sort());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const strong = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = new Set<string>();
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.add(w);
      if (w === v) break;
    }
    if (component.size > 1 || edges.get(v)!.includes(v)) cycles.push(shortestCycle([...component].sort()[0]!, component, edges));
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) strong(v);
  return cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** The shortest path from `start` back to itself inside `component` (breadth first, so the report is minimal). */
function shortestCycle(start: string, component: ReadonlySet<string>, edges: ReadonlyMap<string, string[]>): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of edges.get(v)!) {
      if (!component.has(w)) continue;
      if (w === start) {
        const chain = [start];
        for (let u = v; u !== start; u = parent.get(u)!) chain.splice(1, 0, u);
        return [...chain, start];
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** Import chains from the hook entry to a forbidden module (static and dynamic imports alike). */
function hookPaths(graph: Graph): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>([HOOK_ENTRY]);
  const queue: string[][] = [[HOOK_ENTRY]];
  while (queue.length > 0) {
    const chain = queue.shift()!;
    for (const imp of graph.get(chain.at(-1)!)?.imports ?? []) {
      if (seen.has(imp.target)) continue;
      seen.add(imp.target);
      if (HOOK_FORBIDDEN.test(imp.target)) found.push([...chain, imp.target]);
      else if (graph.has(imp.target)) queue.push([...chain, imp.target]);
    }
  }
  return found;
}

/** The import graph of every .ts file under `dirs` (repo-relative), type-only imports included. */
export function readGraph(root: string, dirs: readonly string[]): Graph {
  const graph: Graph = new Map();
  for (const dir of dirs)
    for (const rel of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })) {
      if (!rel.endsWith(".ts")) continue;
      const file = path.posix.join(dir, rel.split(path.sep).join("/"));
      graph.set(file, parseSource(file, fs.readFileSync(path.join(root, file), "utf8")));
    }
  return graph;
}

export function parseSource(file: string, text: string): Source {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const imports: Import[] = [];
  let readsEnv = false;
  const add = (spec: string, dynamic: boolean) => imports.push({ spec, dynamic, target: resolve(file, spec) });
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, false);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]))
      add(node.arguments[0].text, true);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text, false);
    else if (ts.isPropertyAccessExpression(node) && node.name.text === "env" && node.expression.getText(sf) === "process") readsEnv = true;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { imports, readsEnv };
}

function resolve(file: string, spec: string): string {
  if (!spec.startsWith(".")) return spec;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, ".ts");
}
