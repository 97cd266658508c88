// The sources in layers (issue 17; lib/<layer>/ and the top-level hosts/ and install/): no upward import, pure
// core without IO, a hook that reaches no installer, MCP or CLI code, nothing but the CLI importing the CLI, no
// import cycle of any length, and issue 32's nevers (rank pure, hosts/ and install/ one way), an exception only
// where named. The rules are data in test/support/architecture.ts; here they run on the real tree and, to show
// the checker sees each breach, on small synthetic graphs and on the real graph with an import planted.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "./helpers.js";
import { importCycles, LAYERS, layerOf, NEVERS, neverImports, parseSource, readGraph, SOURCE_ROOTS, violations, type Graph, type Import } from "./support/architecture.js";

function graphOf(files: Record<string, string[]>, env: string[] = []): Graph {
  const graph: Graph = new Map();
  for (const [file, targets] of Object.entries(files))
    graph.set(file, {
      readsEnv: env.includes(file),
      imports: targets.map((t): Import => ({ spec: /^(lib|hosts|install|hooks)\//.test(t) ? `./${path.basename(t, ".ts")}.js` : t, target: t, dynamic: false })),
    });
  return graph;
}

test("the source tree keeps its layers", () => {
  const found = violations(readGraph(REPO_ROOT, SOURCE_ROOTS));
  assert.deepEqual(found, [], `layer order (lowest first): ${LAYERS.map((l) => l.join("|")).join(" < ")}\n${found.join("\n")}`);
});

test("every source file under lib/, hosts/ and install/ sits in a layer folder; at most 10 loose files at lib/'s top", () => {
  const loose = fs.readdirSync(path.join(REPO_ROOT, "lib")).filter((f) => f.endsWith(".ts"));
  assert.ok(loose.length <= 10, loose.join(", "));
  for (const [file] of readGraph(REPO_ROOT, ["lib", "hosts", "install"])) assert.ok(layerOf(file) !== undefined, file);
});

test("hosts/ and install/ have one home each: a module back under lib/hosts or lib/install is in no layer", () => {
  const found = violations(graphOf({ "lib/install/engine.ts": [], "lib/hosts/claude/adapter.ts": [], "install/engine.ts": [], "hosts/claude/adapter.ts": [] }));
  assert.deepEqual(
    found.map((v) => v.split(": ")[0]),
    ["lib/install/engine.ts", "lib/hosts/claude/adapter.ts"],
  );
  assert.ok(
    found.every((v) => v.includes("not in a declared layer")),
    found.join("\n"),
  );
});

test("an upward import is named with its file and import", () => {
  const found = violations(graphOf({ "lib/store/lock.ts": ["lib/records/save.ts"], "lib/records/save.ts": [] }));
  assert.deepEqual(found, ['lib/store/lock.ts: upward import "./save.js" (lib/records/save.ts): layer store may not import records']);
});

test("a downward import and an import inside one layer pass", () => {
  assert.deepEqual(violations(graphOf({ "lib/records/save.ts": ["lib/store/lock.ts", "lib/records/actor.ts"], "lib/store/lock.ts": [], "lib/records/actor.ts": [] })), []);
});

test("siblings (proposals, compact, sync) may not import each other", () => {
  const found = violations(graphOf({ "lib/sync/pull.ts": ["lib/proposals/propose.ts"], "lib/proposals/propose.ts": ["lib/records/save.ts"], "lib/records/save.ts": [] }));
  assert.equal(found.length, 1);
  assert.match(found[0]!, /^lib\/sync\/pull\.ts: sibling import .*lib\/proposals\/propose\.ts/);
});

test("the new sync layer sits above records and below reports", () => {
  assert.deepEqual(violations(graphOf({ "lib/sync/pull.ts": ["lib/records/save.ts"], "lib/reports/doctor.ts": ["lib/sync/pull.ts"], "lib/records/save.ts": [] })), []);
  assert.equal(violations(graphOf({ "lib/records/save.ts": ["lib/sync/pull.ts"], "lib/sync/pull.ts": [] })).length, 1);
  assert.equal(violations(graphOf({ "lib/sync/pull.ts": ["lib/reports/doctor.ts"], "lib/reports/doctor.ts": [] })).length, 1);
});

test("pure modules import no IO module and read no process.env", () => {
  const found = violations(graphOf({ "lib/core/card.ts": ["node:fs"], "lib/rank/score.ts": ["child_process"], "lib/core/budget.ts": [] }, ["lib/core/budget.ts"])).filter(
    (v) => !v.includes("never:"),
  );
  assert.deepEqual(found.sort(), [
    "lib/core/budget.ts: pure module reads process.env (inject the value)",
    'lib/core/card.ts: pure module imports IO module "node:fs"',
    'lib/rank/score.ts: pure module imports IO module "child_process"',
  ]);
});

test("nothing outside lib/cli imports lib/cli, even from a layer above it in name only", () => {
  const found = violations(graphOf({ "lib/mcp/tools.ts": ["lib/cli/store-access.ts"], "lib/cli/store-access.ts": [] }));
  assert.deepEqual(found, ['lib/mcp/tools.ts: imports the CLI layer "./store-access.js" (lib/cli/store-access.ts); only lib/cli imports lib/cli']);
});

test("the hook's graph may not reach an installer, the MCP server or the CLI, dynamically either", () => {
  const graph = graphOf({
    "lib/hook/entry/user-prompt-submit.ts": ["lib/hook/run.ts"],
    "lib/hook/run.ts": ["hosts/index.ts"],
    "hosts/index.ts": ["hosts/claude/adapter.ts"],
    "hosts/claude/adapter.ts": ["install/hosts/claude.ts"],
    "install/hosts/claude.ts": [],
  });
  const found = violations(graph);
  assert.ok(
    found.includes(
      "lib/hook/entry/user-prompt-submit.ts: the hook reaches install/hosts/claude.ts (lib/hook/entry/user-prompt-submit.ts -> lib/hook/run.ts -> hosts/index.ts -> hosts/claude/adapter.ts -> install/hosts/claude.ts)",
    ),
    found.join("\n"),
  );
  // The adapter importing its installer is also upward (hosts < install).
  assert.ok(found.some((v) => v.startsWith('hosts/claude/adapter.ts: upward import "./claude.js"')));
});

test("two modules importing each other are named", () => {
  const found = violations(graphOf({ "lib/store/safe-open.ts": ["lib/store/safe-path.ts"], "lib/store/safe-path.ts": ["lib/store/safe-open.ts"] }));
  assert.deepEqual(found, ["import cycle: lib/store/safe-open.ts -> lib/store/safe-path.ts -> lib/store/safe-open.ts; move what they share into a lower module"]);
});

test("a cycle of three and one of four files are reported with their path, once each", () => {
  const found = violations(
    graphOf({
      "lib/store/a.ts": ["lib/store/b.ts"],
      "lib/store/b.ts": ["lib/store/c.ts", "lib/core/x.ts"],
      "lib/store/c.ts": ["lib/store/a.ts"],
      "lib/records/d.ts": ["lib/records/e.ts"],
      "lib/records/e.ts": ["lib/records/f.ts"],
      "lib/records/f.ts": ["lib/records/g.ts", "lib/store/a.ts"],
      "lib/records/g.ts": ["lib/records/d.ts"],
      "lib/core/x.ts": [],
    }),
  );
  assert.deepEqual(found, [
    "import cycle: lib/records/d.ts -> lib/records/e.ts -> lib/records/f.ts -> lib/records/g.ts -> lib/records/d.ts; move what they share into a lower module",
    "import cycle: lib/store/a.ts -> lib/store/b.ts -> lib/store/c.ts -> lib/store/a.ts; move what they share into a lower module",
  ]);
});

test("the lazy command registry may load a command that reads its summary back; a static import back is a cycle", () => {
  const graph = graphOf({ "lib/cli/commands.ts": [], "lib/cli/doctor.ts": ["lib/cli/commands.ts"], "lib/cli/args.ts": ["lib/cli/commands.ts"] });
  graph.get("lib/cli/commands.ts")!.imports.push({ spec: "./doctor.js", target: "lib/cli/doctor.ts", dynamic: true });
  assert.deepEqual(importCycles(graph), []);
  graph.get("lib/cli/commands.ts")!.imports.push({ spec: "./args.js", target: "lib/cli/args.ts", dynamic: false });
  assert.deepEqual(importCycles(graph), [["lib/cli/args.ts", "lib/cli/commands.ts", "lib/cli/args.ts"]]);
});

test("the real tree has no import cycle of any length", () => {
  assert.deepEqual(importCycles(readGraph(REPO_ROOT, SOURCE_ROOTS)), []);
});

test("each never is a rule a planted import breaks", () => {
  const found = violations(
    graphOf({
      "lib/rank/score.ts": ["lib/rank-cache/load.ts"],
      "lib/rank/postings.ts": ["lib/usage/read.ts"],
      "lib/rank-cache/load.ts": ["lib/store/paths.ts"],
      "hosts/claude/adapter.ts": ["install/engine.ts"],
      "lib/store/paths.ts": [],
      "lib/usage/read.ts": [],
      "install/engine.ts": [],
    }),
  ).filter((v) => v.includes("never:"));
  assert.deepEqual(found, [
    'lib/rank/score.ts: never: lib/rank is pure: no store, usage, config or rank-cache module, no IO builtin; imports "./load.js" (lib/rank-cache/load.ts)',
    'lib/rank/postings.ts: never: lib/rank is pure: no store, usage, config or rank-cache module, no IO builtin; imports "./read.js" (lib/usage/read.ts)',
    'hosts/claude/adapter.ts: never: hosts/ never imports install/ (installers import the hosts\' adapters, one way); imports "./engine.js" (install/engine.ts)',
  ]);
});

test("hosts/ and install/ depend one way: the real tree keeps it, and one planted import back breaks it", () => {
  const graph = readGraph(REPO_ROOT, SOURCE_ROOTS);
  const oneWay = (g: Graph) => violations(g).filter((v) => v.includes("never: hosts/ never imports install/"));
  assert.deepEqual(oneWay(graph), []);
  // The allowed direction is in use (each host's installer reads its adapter's facts), so the rule is not vacuous.
  assert.ok([...graph].some(([file, { imports }]) => file.startsWith("install/") && imports.some((i) => i.target.startsWith("hosts/"))));
  // A type-only import is an import: the adapter the hook loads may not even name an installer's type.
  graph.get("hosts/claude/adapter.ts")!.imports.push({ spec: "../../install/hosts/index.js", target: "install/hosts/index.ts", dynamic: false });
  assert.deepEqual(oneWay(graph), [
    'hosts/claude/adapter.ts: never: hosts/ never imports install/ (installers import the hosts\' adapters, one way); imports "../../install/hosts/index.js" (install/hosts/index.ts)',
  ]);
  assert.equal(NEVERS.find((n) => n.from.test("hosts/index.ts"))!.exception, undefined, "the one-way rule has no exception");
});

test("the nevers' documented exceptions, and exactly what each excuses in the real tree today", () => {
  const excused = new Map<string, Set<string>>();
  for (const n of neverImports(readGraph(REPO_ROOT, SOURCE_ROOTS)).filter((n) => n.excused)) {
    const key = n.never.name.split(":")[0]!.split(" (")[0]!;
    excused.set(key, (excused.get(key) ?? new Set()).add(n.file));
  }
  // None left: lib/rank has no exception (its cache is lib/rank-cache/) and hosts/ and install/ depend one way.
  assert.deepEqual(Object.fromEntries([...excused].map(([k, files]) => [k, [...files].sort()])), {});
  for (const never of NEVERS) if (never.exception) assert.ok(never.exception.why.length > 40, never.name);
});

test("the parser sees static, re-export, dynamic and type-position imports", () => {
  const src = parseSource(
    "lib/records/x.ts",
    'import a from "node:fs";\nimport type { B } from "../store/b.js";\nexport { c } from "./c.js";\nconst d = await import("../reports/d.js");\nlet e: typeof import("../cli/e.js");\nif (process.env.X) {}\n',
  );
  assert.deepEqual(
    src.imports.map((i) => [i.target, i.dynamic]),
    [
      ["node:fs", false],
      ["lib/store/b.ts", false],
      ["lib/records/c.ts", false],
      ["lib/reports/d.ts", true],
      ["lib/cli/e.ts", false],
    ],
  );
  assert.equal(src.readsEnv, true);
});
