import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCard } from "../../../lib/core/card.js";

// A card's frontmatter comes from anyone who can write a card file: a teammate's push, an agent's Claude memory
// that `import claude` reads, an opted-in host's file tools. YAML aliases of a list or mapping make a few hundred
// bytes stand for billions of items ("billion laughs"): js-yaml keeps them as shared references, and the first
// walk of the value (String() of a topic list, JSON.stringify) expands them.

/** `levels` lists, each naming the one before it `width` times: width^levels items once expanded. */
function aliasBomb(width: number, levels: number, field = "topics"): string {
  const lines = [`l0: &l0 [${Array(width).fill("deploy").join(", ")}]`];
  for (let i = 1; i < levels; i++)
    lines.push(
      `l${i}: &l${i} [${Array(width)
        .fill(`*l${i - 1}`)
        .join(", ")}]`,
    );
  const rest = { topics: "[deploy]", priority: "normal", status: "active", updated_at: "2026-01-01", repo_refs: "[]", [field]: `*l${levels - 1}` };
  return `---\nname: bomb\ndescription: deploys\n${lines.join("\n")}\n${Object.entries(rest)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n")}\n---\nbody\n`;
}

test("a frontmatter naming one list or mapping twice through aliases is an error, read as no frontmatter; never expanded", () => {
  for (const [text, field] of [
    [aliasBomb(4, 3), "topics"],
    [aliasBomb(3, 3, "repo_refs"), "repo_refs"],
    ["---\nbase: &b {kind: fact}\nprovenance: *b\nalso: *b\ndescription: x\n---\n", "provenance"],
  ] as const) {
    const card = parseCard(text);
    assert.deepEqual(
      card.errors.map((e) => e.code),
      ["E_CARD_FRONTMATTER"],
      field,
    );
    assert.match(card.errors[0]!.message, /aliases/);
    assert.deepEqual(card.meta.topics, []);
    assert.deepEqual(card.frontmatter, {});
  }
});

test("aliases of a plain value, and a list written out twice, are cards as before", () => {
  const card = parseCard("---\nname: &n deploys\ndescription: *n\ntopics: [a, b]\nalso: [a, b]\n---\nbody\n");
  assert.deepEqual(card.errors, []);
  assert.equal(card.meta.description, "deploys");
  assert.deepEqual(card.meta.topics, ["a", "b"]);
});

test("aliases of one long plain value repeated into more text than the frontmatter holds are an error too", () => {
  // A string has no identity to see twice: 30 KB named 10,000 times is 70 KB of YAML and 300 MB of topics, which
  // list --json and search then tokenise and print (seconds and a gigabyte each) unless parseCard refuses it.
  const long = "w".repeat(30_000);
  const card = parseCard(`---\nname: amp\ndescription: &a ${long}\ntopics: [${Array(10_000).fill("*a").join(", ")}]\n---\nbody\n`);
  assert.deepEqual(
    card.errors.map((e) => e.code),
    ["E_CARD_FRONTMATTER"],
  );
  assert.match(card.errors[0]!.message, /aliases/);
  assert.deepEqual(card.meta.topics, []);
  assert.deepEqual(card.frontmatter, {});
});
