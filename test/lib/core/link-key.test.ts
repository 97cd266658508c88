// linkKey and cardPathKey (lib/core/link-key.ts) replaced a `./` strip written out at each reader; each old
// rule is copied here as it was, and the one function must answer as it did on random links. The generator leans
// on the characters that matter: dots, slashes, backslashes, percent-escapes, angle brackets, spaces.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { cardPathKey, linkKey } from "../../../lib/core/link-key.js";

const piece = fc.constantFrom(".", "./", "../", "/", "\\", ".\\", "a", "b.md", "%2E", "%2F", "<", ">", " ", "é", "_", "#x", "feedback_x.md");
const link = fc.oneof(
  fc.array(piece, { maxLength: 8 }).map((p) => p.join("")),
  fc.string({ maxLength: 12 }),
);

// The rules as each reader wrote them before linkKey.
const regexStrip = (file: string) => file.replace(/^\.\//, ""); // index-edit, index-find, index-scan, index-place, index-links, batch, card-links, card-find, claude-memory
const sliceStrip = (c: string) => (c.startsWith("./") ? c.slice(2) : c); // card-trust (journal card names)
const normalised = (file: string) => path.posix.normalize(file.replace(/\\/g, "/")).replace(/^\.\//, ""); // rank-cache normalizeCardPath, arrivals normalise

test("linkKey answers as each reader's own `./` strip did, on random links", () => {
  fc.assert(
    fc.property(link, (l) => {
      assert.equal(linkKey(l), regexStrip(l));
      assert.equal(linkKey(l), sliceStrip(l));
    }),
    { numRuns: 5_000 },
  );
});

test("cardPathKey answers as the rank cache's and the arrivals' normalising did, on random links", () => {
  fc.assert(
    fc.property(link, (l) => assert.equal(cardPathKey(l), normalised(l))),
    { numRuns: 5_000 },
  );
});

test("one leading ./ goes and nothing else: escapes, brackets and other segments stay as written", () => {
  assert.equal(linkKey("./a.md"), "a.md");
  assert.equal(linkKey("././a.md"), "./a.md");
  assert.equal(linkKey("a/./b.md"), "a/./b.md");
  assert.equal(linkKey("../a.md"), "../a.md");
  assert.equal(linkKey(".\\a.md"), ".\\a.md");
  assert.equal(linkKey("./%2E/a.md"), "%2E/a.md");
  assert.equal(linkKey("<./a.md>"), "<./a.md>");
  assert.equal(linkKey("./"), "");
  assert.equal(cardPathKey(".\\sub\\..\\a.md"), "a.md");
  assert.equal(cardPathKey("./"), "");
  assert.equal(cardPathKey("sub/../../a.md"), "../a.md");
});
