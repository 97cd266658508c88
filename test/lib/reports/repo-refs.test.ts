import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { cardRefs, definedSymbols, definitionPattern, parseRepoRef, RepoRefChecker } from "../../../lib/reports/repo-refs.js";
import { parseCard } from "../../../lib/core/card.js";
import { scratchDir } from "../../support/scratch.js";

function repo(files: Record<string, string>): string {
  const root = scratchDir("memctl-refs-");
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

test("the grammar parses path:, fn: and flag: refs", () => {
  assert.deepEqual(parseRepoRef("path:lib/a.ts"), { ok: true, kind: "path", path: "lib/a.ts" });
  assert.deepEqual(parseRepoRef("fn:scripts/x.sh#do_thing"), { ok: true, kind: "fn", path: "scripts/x.sh", symbol: "do_thing" });
  assert.deepEqual(parseRepoRef("flag:pmctl gate run --executor codex"), { ok: true, kind: "flag", invocation: "pmctl gate run", token: "--executor" });
  assert.deepEqual(parseRepoRef("flag:memctl stats --hit-limit=5"), { ok: true, kind: "flag", invocation: "memctl stats", token: "--hit-limit" });
});

test("out-of-grammar refs are rejected with a reason, never accepted", () => {
  const bad = [
    "path:/etc/passwd",
    "path:../outside.md",
    "path:a/../../b",
    "fn:lib/a.ts#not-an-identifier",
    "fn:lib/a.ts",
    "fn:/abs.sh#f",
    "flag:memctl stats",
    "url:https://x",
    "just text",
    "path:",
    "path:~/x",
  ];
  for (const ref of bad) {
    const parsed = parseRepoRef(ref);
    assert.equal(parsed.ok, false, ref);
  }
});

test("block-style and flow-style YAML lists both yield every ref", () => {
  const block = parseCard("---\nrepo_refs:\n  - path:a.ts\n  - fn:b.sh#go\n---\n");
  const flow = parseCard("---\nrepo_refs: [path:a.ts, fn:b.sh#go]\n---\n");
  assert.deepEqual(
    cardRefs(block.frontmatter.repo_refs).map((r) => r.text),
    ["path:a.ts", "fn:b.sh#go"],
  );
  assert.deepEqual(
    cardRefs(flow.frontmatter.repo_refs).map((r) => r.text),
    ["path:a.ts", "fn:b.sh#go"],
  );
  assert.deepEqual(
    cardRefs("[path:a.ts, 'flag:x --y']").map((r) => r.text),
    ["path:a.ts", "flag:x --y"],
  );
});

test("a YAML mapping item (space after the colon) is kept as an out-of-grammar ref", () => {
  const parsed = parseCard("---\nrepo_refs:\n  - path: lib/a.ts\n---\n");
  const refs = cardRefs(parsed.frontmatter.repo_refs);
  assert.equal(refs.length, 1);
  assert.equal(refs[0]!.parsed.ok, false);
  assert.equal(refs[0]!.text, "path: lib/a.ts");
});

test("definitions are found for shell, TypeScript/JavaScript and Python, calls are not", () => {
  const cases: [string, string, boolean][] = [
    ["go() {\n}", "go", true],
    ["function go {\n}", "go", true],
    ["  function go() {", "go", true],
    ["export async function go(x: number) {}", "go", true],
    ["export const go = () => 1;", "go", true],
    ["export default class Go {}", "Go", true],
    ["export interface Go {}", "Go", true],
    ["def go(self):", "go", true],
    ["async def go():", "go", true],
    ["class Go:", "Go", true],
    ["go_more() {}", "go", false],
    ["  go(1, 2);", "go", false],
    ["echo go", "go", false],
    ["const $el = 1", "$el", true],
  ];
  for (const [text, symbol, expected] of cases) {
    assert.equal(definitionPattern(symbol).test(text), expected, `${symbol} in ${JSON.stringify(text)}`);
    assert.equal(definedSymbols(`// header\n${text}\n`).has(symbol), expected, `extracted: ${symbol} in ${JSON.stringify(text)}`);
  }
});

test("the checker reports fresh and stale refs against a real checkout", () => {
  const root = repo({ "lib/a.ts": "export function alpha() {}\n", "scripts/run.sh": "case $1 in --executor) ;; esac\n", "README.md": "--only-in-readme\n" });
  const checker = new RepoRefChecker(root);
  const check = (ref: string) => checker.check(parseRepoRef(ref));
  assert.deepEqual(check("path:lib/a.ts"), { fresh: true });
  assert.equal(check("path:lib/missing.ts").fresh, false);
  assert.equal(check("path:lib").fresh, false, "a directory is not a file");
  assert.deepEqual(check("fn:lib/a.ts#alpha"), { fresh: true });
  assert.match(check("fn:lib/a.ts#beta").reason!, /no definition of beta/);
  assert.deepEqual(check("flag:run.sh --executor codex"), { fresh: true });
  assert.match(check("flag:run.sh --only-in-readme").reason!, /not found under scripts\//);
  assert.equal(check("flag:run.sh --execut").fresh, false, "a prefix of a flag is not the flag");
  assert.match(check("path:/etc/hostname").reason!, /^out of grammar: path is absolute/);
});

test("with no scripts/ the flag search covers the repository, skipping node_modules", () => {
  const root = repo({ "src/cli.ts": 'args.includes("--dry-run")\n', "node_modules/x/index.js": "--vendored\n" });
  const checker = new RepoRefChecker(root);
  assert.deepEqual(checker.check(parseRepoRef("flag:tool --dry-run")), { fresh: true });
  assert.match(checker.check(parseRepoRef("flag:tool --vendored")).reason!, /not found under the repository/);
});
