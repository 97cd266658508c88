import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import fc from "fast-check";
import { ONE_SHOT_JS_MAX, sha256Hex, sha256Js } from "../../../lib/core/sha256.js";

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

test("a one-shot hash (the hook's prompt) is the same digest on both sides of ONE_SHOT_JS_MAX", () => {
  for (const n of [ONE_SHOT_JS_MAX - 1, ONE_SHOT_JS_MAX, ONE_SHOT_JS_MAX + 1]) {
    for (const s of ["a".repeat(n), "é".repeat(n), "内存".repeat(Math.ceil(n / 2)).slice(0, n)]) {
      assert.equal(sha256Hex(s, ONE_SHOT_JS_MAX), createHash("sha256").update(s).digest("hex"), `${n} units of ${s[0]}`);
    }
  }
});
