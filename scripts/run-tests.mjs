// Runs every test/**/*.test.ts through node:test + tsx. Node 20's --test takes no globs, so list them here.
// The tests run with TMPDIR set to a scratch directory of this run's own, removed afterwards, so a run leaves
// nothing in the machine's temp directory even when a test is killed before its cleanup. Pinned host and Node
// binaries stay cached outside it (MEMCTL_E2E_CACHE), so a second run does not fetch them again.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return findTests(full);
    return name.endsWith(".test.ts") ? [full] : [];
  });
}

const only = process.argv.slice(2);
const files = only.length > 0 ? only : findTests("test").sort();
const outerTmp = tmpdir();
const scratch = mkdtempSync(join(outerTmp, "memctl-tests-"));
const env = {
  ...process.env,
  TMPDIR: scratch,
  MEMCTL_E2E_CACHE: process.env.MEMCTL_E2E_CACHE || join(outerTmp, "memctl-e2e-hosts"),
};
let result;
try {
  result = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", ...files], { stdio: "inherit", env });
} finally {
  const left = readdirSync(scratch);
  if (left.length > 0) console.error(`run-tests: ${left.length} temp entries left by tests, removed: ${left.slice(0, 10).join(", ")}${left.length > 10 ? ", …" : ""}`);
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(result?.status ?? 1);
