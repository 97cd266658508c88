// MEMORY.md texts for property tests of the index look-ups and edits: every shape a card's line can take (./ and
// <…> links, percent-escapes, fragments, escaped titles), lines that only mention the file, fences and CRLF.
import fc from "fast-check";

export const FILE = "project_a.md";
export const PIECES = [
  `- [A](${FILE}) — the card`,
  "- [A \\[x\\]](project_c.md) — an escaped title",
  `- [A again](./${FILE}) — a second line`,
  `* [A](<${FILE}>) — angle brackets`,
  `- [A](project%5Fa.md) — percent-escaped`,
  `- [A](${FILE}#part) — with a fragment`,
  `- [B](project_b.md) — names ${FILE} in its hook`,
  `- [C](x${FILE}) — a longer name`,
  `prose that says ${FILE}`,
  "- bullet without a link, 20% of it",
  "```",
  "~~~ts",
  "  ```",
  "\u00a0```",
  "# Memory",
  "",
  "- [内存](project_a.md) — 中文",
];

export const indexArb = fc
  .tuple(fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }), fc.constantFrom("\n", "\r\n"), fc.boolean())
  .map(([lines, eol, last]) => lines.join(eol) + (last ? eol : ""));
