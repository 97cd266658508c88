// The names kept for a new card's save (lib/core/index-names.ts) must cover every line the whole scan would find
// (newCardScan: a title, a <type>_<name>.md link, a subfolder <name>.md): a line they miss would have the save append
// a second line, or create a card another already is. Lines in every shape an owner or an import writes them.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { addIndexNames, newCardKeys, nameHash } from "../../../lib/core/index-names.js";
import { feedIndexScan, newCardScan } from "../../../lib/core/index-scan.js";
import { CARD_TYPES } from "../../../lib/core/card-rules.js";
import { indexArb } from "../../support/index-pieces.js";

const NAMES = ["a", "a-b", "x.y", "c_1", "A"];
const nameArb = fc.constantFrom(...NAMES);
const fileArb = fc.oneof(
  fc.tuple(fc.constantFrom(...CARD_TYPES), nameArb).map(([t, n]) => `${t}_${n}.md`),
  nameArb.map((n) => `notes/${n}.md`),
  nameArb.map((n) => `deep/er/${n}.md`),
  fc.constantFrom("other.md", "project_a.mdx", "x/project_a.md.md"),
);
const targetArb = fc.tuple(fileArb, fc.constantFrom("plain", "dot", "angle", "fragment", "percent", "title")).map(([file, how]) => {
  if (how === "dot") return `./${file}`;
  if (how === "angle") return `<${file}>`;
  if (how === "fragment") return `${file}#part`;
  if (how === "percent") return file.replace(/_/g, "%5F").replace(/\./g, "%2E");
  if (how === "title") return `${file} "a title"`;
  return file;
});
const titleArb = fc.oneof(
  nameArb,
  nameArb.map((n) => `${n} and more`),
  nameArb.map((n) => n.replace(/-/g, "\\-")),
  nameArb.map((n) => `\\[${n}\\]`),
  fc.constantFrom("[a", "a]", "内存", "a b"),
);
const leadArb = fc.constantFrom("- ", "* ", "+ ", "1. ", "12) ", "  - ", "- [x] ", "- ★ ", "- **", "- _", "-\u00a0");
const lineArb = fc.oneof(
  fc
    .tuple(leadArb, titleArb, targetArb, fc.constantFrom("", " — hook", " — see [b](project_a.md)", "** — bold", " 20% of it"))
    .map(([lead, title, target, rest]) => `${lead}[${title}](${target})${rest}`),
  indexArb,
  fc.string({ unit: fc.constantFrom("[", "]", "(", ")", "<", ">", "%", "\\", "#", "/", ".", " ", "-", "_", "a", "b", "y", "x", "1", "m", "d", "`") }),
);
const textArb = fc.tuple(fc.array(lineArb, { maxLength: 12 }), fc.constantFrom("\n", "\r\n")).map(([lines, eol]) => lines.join(eol) + eol);

test("every line the whole scan finds for a new card's name is among the names kept for it", () => {
  fc.assert(
    fc.property(textArb, fc.nat(3), (text, split) => {
      const bytes = Buffer.from(text, "utf8");
      // Fed in two runs of whole lines, as a save's scan feeds them.
      const cut = nthBreak(bytes, split);
      const names: number[] = [];
      addIndexNames(bytes.subarray(0, cut), names);
      addIndexNames(bytes.subarray(cut), names);
      const kept = new Set(names);
      for (const name of NAMES) {
        const files = CARD_TYPES.map((t) => `${t}_${name}.md`);
        const scan = newCardScan(name, files, false);
        feedIndexScan(scan, bytes.subarray(0, cut), 0);
        feedIndexScan(scan, bytes.subarray(cut), cut);
        if (scan.hits.length > 0)
          assert.ok(
            newCardKeys(name, files).some((k) => kept.has(k)),
            `${name} is on ${JSON.stringify(scan.hits.map((h) => h.bytes.toString()))}`,
          );
      }
    }),
    { numRuns: 3000 },
  );
});

test("a line that is another card's adds no key of a new name: the save reads nothing more", () => {
  const names: number[] = [];
  addIndexNames(Buffer.from("# Memory\n\n- [Deploy: the b-1 runner](project_deploy_00001.md) — b-1 and a-b in its hook\n"), names);
  const kept = new Set(names);
  assert.deepEqual(
    newCardKeys(
      "a-b",
      CARD_TYPES.map((t) => `${t}_a-b.md`),
    ).filter((k) => kept.has(k)),
    [],
  );
  assert.ok(kept.has(nameHash("project_deploy_00001.md")));
});

function nthBreak(bytes: Buffer, n: number): number {
  let at = -1;
  for (let i = 0; i <= n; i++) {
    const next = bytes.indexOf(0x0a, at + 1);
    if (next === -1) return bytes.length;
    at = next;
  }
  return at + 1;
}
