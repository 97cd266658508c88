import assert from "node:assert/strict";
import { test } from "node:test";
import { bytesConformanceFailures } from "../support/bytes-conformance.js";

// The other Node lines run the same checks in test/lib/fs-fast.test.ts (one bundled script per line).
test("lib/bytes gives exactly what the Buffer calls it replaces give (this Node)", () => {
  assert.deepEqual(bytesConformanceFailures(), []);
});
