import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { joinPath } from "../../../lib/store/paths.js";

test("joinPath is path.join: plain joins, and every unnormal directory or name it hands over", () => {
  assert.equal(joinPath("/home/me/memory", ".memctl", "usage.log"), "/home/me/memory/.memctl/usage.log");
  assert.equal(joinPath("/", "MEMORY.md"), "/MEMORY.md");
  assert.equal(joinPath("/a/b"), "/a/b");
  for (const [dir, ...names] of [
    ["/a/b/", "c"],
    ["/a//b", "c"],
    ["/a/./b", "c"],
    ["/a/b/..", "c"],
    ["a/b", "c"],
    ["", "c"],
    ["/a", ""],
    ["/", ""],
    ["/a", "", "b"],
    ["/a", "../x"],
    ["/a", "b/../c"],
    ["/a", "./b"],
    ["/a", "b/"],
    ["/a", "/b"],
    ["/a", "..x", ".y"],
  ]) {
    assert.equal(joinPath(dir!, ...names), path.join(dir!, ...names), JSON.stringify([dir, ...names]));
  }
  const part = fc.array(fc.constantFrom("a", "b.md", ".", "..", "/", "//", ".memctl", "..x", "部署", " "), { maxLength: 5 }).map((p) => p.join(""));
  fc.assert(
    fc.property(
      part.map((p) => `/${p}`),
      fc.array(part, { maxLength: 3 }),
      (dir, names) => assert.equal(joinPath(dir, ...names), path.join(dir, ...names)),
    ),
    { numRuns: 20_000 },
  );
  fc.assert(
    fc.property(part, fc.array(part, { maxLength: 3 }), (dir, names) => assert.equal(joinPath(dir, ...names), path.join(dir, ...names))),
    { numRuns: 5_000 },
  );
});
