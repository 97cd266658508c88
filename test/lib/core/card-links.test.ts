import assert from "node:assert/strict";
import { test } from "node:test";
import { findCardLinks } from "../../../lib/core/card-links.js";

test("wiki links, with and without a label, and relative .md links are found with their line", () => {
  const body = "See [[run-tests]] and [[deploy|how we deploy]].\nAlso [notes](other.md) and [x](./sub/y.md).\n";
  assert.deepEqual(findCardLinks(body), [
    { kind: "wiki", link: "run-tests", line: 1 },
    { kind: "wiki", link: "deploy", line: 1 },
    { kind: "markdown", link: "other.md", line: 2 },
    { kind: "markdown", link: "./sub/y.md", line: 2 },
  ]);
});

test("code spans and fenced blocks are not links", () => {
  const body = "Write `[[name]]` or `[a](b.md)`.\n```\n[[inside-fence]]\n[c](d.md)\n```\n[[after]]\n";
  assert.deepEqual(findCardLinks(body), [{ kind: "wiki", link: "after", line: 6 }]);
});

test("http(s) URLs and non-.md links are ignored; unsafe paths are still reported for the resolver", () => {
  const body = "[a](https://example.com/x.md) [b](http://e.com/y.md) [c](pic.png) [d](../out.md) [e](/etc/x.md)";
  assert.deepEqual(
    findCardLinks(body).map((l) => l.link),
    ["../out.md", "/etc/x.md"],
  );
});
