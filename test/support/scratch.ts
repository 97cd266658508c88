// Temp directories for tests, removed when the test file's process exits: a test that forgets its cleanup (or
// fails before it) leaves nothing behind. scripts/run-tests.mjs reports anything that still escapes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const made: string[] = [];
let hooked = false;

/** A fresh directory under the temp dir (or `base`), named `<prefix>XXXXXX`, removed at process exit. */
export function scratchDir(prefix: string, base = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(base, prefix));
  made.push(dir);
  if (!hooked) {
    hooked = true;
    process.once("exit", () => {
      for (const d of made) fs.rmSync(d, { recursive: true, force: true });
    });
  }
  return dir;
}
