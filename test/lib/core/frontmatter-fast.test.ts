import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { CORE_SCHEMA, load } from "js-yaml";
import { fastLoadFrontmatter } from "../../../lib/core/frontmatter-fast.js";

// The fast path may decline (undefined) but must never disagree with js-yaml's CORE reading.

function yamlOrError(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: load(text, { schema: CORE_SCHEMA }) };
  } catch {
    return { ok: false };
  }
}

function agrees(text: string): boolean {
  const fast = fastLoadFrontmatter(text);
  if (fast === undefined) return true;
  const slow = yamlOrError(text);
  assert.ok(slow.ok, `fast path accepted text js-yaml rejects: ${JSON.stringify(text)}`);
  assert.deepEqual(fast, slow.value ?? {}, JSON.stringify(text));
  return true;
}

// Tricky scalar material: numbers, CORE words, quotes, indicators, colons, hashes, CJK, brackets, spaces.
const atoms = [
  "a",
  "b",
  "Z",
  "_x",
  "card-1",
  "2026-11-01",
  "3f2a-9c",
  "1e-5",
  "1E-5",
  "12",
  "-3",
  "+4",
  "0x1F",
  "0o17",
  ".5",
  "1.5",
  ".inf",
  ".NaN",
  "null",
  "Null",
  "~",
  "true",
  "False",
  "yes",
  "on",
  "NaN",
  "path:lib/a.ts",
  "fn:a.sh#go",
  "a: b",
  "a #c",
  "a#c",
  "x:",
  ":x",
  "'q'",
  '"q"',
  "'it''s'",
  '"a\\"b"',
  '""',
  "''",
  "[",
  "]",
  "{",
  "}",
  ",",
  "[a, b]",
  "[]",
  "[a,]",
  "- a",
  "-",
  "?",
  "&a",
  "*a",
  "!t",
  "|",
  ">",
  "%",
  "@",
  "`",
  "记忆",
  "中文 钩子",
  "é",
  "\u00a0",
  "\u2028",
  "\ufeff",
  "\t",
  " ",
  "  ",
  "\u0085",
  "\ud83d\ude00",
  "\ud800",
];
const scalarText = fc.array(fc.constantFrom(...atoms), { minLength: 0, maxLength: 3 }).map((parts) => parts.join(""));
const key = fc.constantFrom("name", "topics", "repo_refs", "metadata", "priority", "x-y", "_k", "constructor", "a b", "1k", "__proto__", "k");
const line = fc.oneof(
  fc.tuple(key, scalarText).map(([k, v]) => `${k}: ${v}`),
  fc.tuple(key).map(([k]) => `${k}:`),
  fc.tuple(fc.constantFrom("", "  ", "    ", " "), scalarText).map(([i, v]) => `${i}- ${v}`),
  fc.tuple(fc.constantFrom("  ", "    ", " "), key, scalarText).map(([i, k, v]) => `${i}${k}: ${v}`),
  fc.constantFrom("", "# comment", "---", "key:value", "  ", "k: [a, b]", "k: [path:a.ts, 'x y']", "k: []"),
);
const doc = fc.array(line, { minLength: 0, maxLength: 8 }).map((ls) => ls.join("\n"));

test("property: the fast path is undefined or exactly js-yaml's CORE result", () => {
  fc.assert(fc.property(doc, agrees), { numRuns: 4000 });
  fc.assert(fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 80 }), agrees), { numRuns: 2000 });
});

// Mostly inside the subset, so that a good share of cases exercise the fast path rather than its refusal.
const nearAtoms = ["a", "card-1", "2026-11-01", "3f2a-9c", "12", "null", "path:lib/a.ts", "fn:x.sh#go", "a: b", "'q'", '"q"', "[a, b]", "记忆", " ", "\u00a0", "x,y"];
const nearScalar = fc.array(fc.constantFrom(...nearAtoms), { minLength: 0, maxLength: 3 }).map((p) => p.join(""));
const nearKey = fc.constantFrom("name", "topics", "metadata", "k");
const nearLine = fc.oneof(
  fc.tuple(nearKey, nearScalar).map(([k, v]) => `${k}: ${v}`),
  nearKey.map((k) => `${k}:`),
  fc.tuple(fc.constantFrom("", "  "), nearScalar).map(([i, v]) => `${i}- ${v}`),
  fc.tuple(nearKey, nearScalar).map(([k, v]) => `  ${k}: ${v}`),
);

test("property: near-subset documents agree too (many take the fast path)", () => {
  fc.assert(
    fc.property(
      fc.array(nearLine, { minLength: 1, maxLength: 6 }).map((ls) => ls.join("\n")),
      agrees,
    ),
    { numRuns: 3000 },
  );
});

test("a typical card's frontmatter takes the fast path and matches js-yaml", () => {
  const text = [
    "name: development-workflow",
    "description: Run the gate before merging; CI takes 20 minutes (see the dashboard)",
    "metadata:",
    "  node_type: memory",
    "  type: feedback",
    "  originSessionId: 3f2a9c1e-77aa-4b1c-9d2e-1a2b3c4d5e6f",
    "topics: [workflow, ci, 部署]",
    "priority: normal",
    "status: active",
    'updated_at: "2026-06-23"',
    "expires_at: 2027-01-01",
    "repo_refs:",
    "  - flag:pmctl gate run --executor codex",
    "  - path:lib/a.ts",
    "  - fn:scripts/x.sh#do_thing",
  ].join("\n");
  const fast = fastLoadFrontmatter(text);
  assert.ok(fast, "declined a typical card");
  assert.deepEqual(fast, load(text, { schema: CORE_SCHEMA }));
});

test("the fast path declines what it cannot be sure of", () => {
  for (const text of [
    "count: 12",
    "flag: true",
    "x: null",
    "a: |\n  block",
    "a: &anchor x",
    "# c\na: b",
    "a: b\na: c",
    "a:\n  b:\n    c: d",
    "a: 'it''s'",
    'a: "x\\ty"',
    "a:\tb",
  ]) {
    assert.equal(fastLoadFrontmatter(text), undefined, text);
  }
});
