import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import fc from "fast-check";
import { sha256Hex } from "../../../lib/core/sha256.js";

test("sha256Hex equals node:crypto for any string (the project key depends on it)", () => {
  for (const s of ["", "abc", "/home/me/src/app", "x".repeat(55), "y".repeat(56), "z".repeat(64), "内存/路径"]) {
    assert.equal(sha256Hex(s), createHash("sha256").update(s).digest("hex"), JSON.stringify(s));
  }
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), (s) => sha256Hex(s) === createHash("sha256").update(s).digest("hex")),
    { numRuns: 300 },
  );
});
