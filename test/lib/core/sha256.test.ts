import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import fc from "fast-check";
import { sha256Hex, sha256Js } from "../../../lib/core/sha256.js";

test("sha256Hex equals node:crypto for any string (the project key depends on it)", () => {
  for (const s of ["", "abc", "/home/me/src/app", "x".repeat(55), "y".repeat(56), "z".repeat(64), "内存/路径"]) {
    assert.equal(sha256Hex(s), createHash("sha256").update(s).digest("hex"), JSON.stringify(s));
  }
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), (s) => sha256Hex(s) === createHash("sha256").update(s).digest("hex")),
    { numRuns: 300 },
  );
});

test("both ways of hashing agree with node:crypto: plain JavaScript at any length, and bytes or long text", () => {
  fc.assert(
    fc.property(fc.string({ minLength: 200, maxLength: 2000 }), (s) => {
      const expected = createHash("sha256").update(s).digest("hex");
      return sha256Js(s) === expected && sha256Hex(s) === expected && sha256Hex(Buffer.from(s, "utf8")) === expected;
    }),
    { numRuns: 100 },
  );
});
