// Runs every test/**/*.test.ts through node:test + tsx. Node 20's --test takes no globs, so list them here.
// The tests run with TMPDIR set to a scratch directory of this run's own, removed afterwards, so a run leaves
// nothing in the machine's temp directory even when a test is killed before its cleanup. Pinned host and Node
// binaries stay cached outside it (MEMCTL_E2E_CACHE), so a second run does not fetch them again.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { stopProcessesNaming } from "../test/support/sweep.mjs";

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
// A developer may run the suite from inside an agent host, whose marks would make every spawned memctl that
// host's (lib/config/agent-env.ts); the tests must see the environment CI sees. Same list: test/support/agent-env.ts.
const AGENT_ENV_PATTERN =
  /^(CLAUDECODE|CLAUDE_CODE_.+|AI_AGENT|AGENT|CODEX_(THREAD_ID|SANDBOX.*|TOOL_CALL_ID|SESSION_ID)|OPENCODE|OPENCODE_(PID|TERMINAL)|GROK_(AGENT|SESSION_ID|HOOK_.+))$/;
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !AGENT_ENV_PATTERN.test(k))),
  TMPDIR: scratch,
  MEMCTL_E2E_CACHE: process.env.MEMCTL_E2E_CACHE || join(outerTmp, "memctl-e2e-hosts"),
};
const failuresFile = join(scratch, "run-tests-failures.txt");
const reporters = ["--test-reporter=tap", "--test-reporter-destination=stdout"];
reporters.push("--test-reporter=./scripts/test-failures-reporter.mjs", `--test-reporter-destination=${failuresFile}`);
let result;
try {
  result = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", ...reporters, ...files], {
    stdio: "inherit",
    env,
  });
} finally {
  const failed = existsSync(failuresFile) ? readFileSync(failuresFile, "utf8").trim() : "";
  if (failed) console.error(`run-tests: failed tests:\n${failed}`);
  // tsx keeps its compile cache in the temp dir (tsx-<uid>): the runner's, not a test's leftover, so not reported.
  const left = readdirSync(scratch).filter((name) => !/^tsx-\d+$/.test(name) && name !== "run-tests-failures.txt");
  if (left.length > 0) {
    // Grouped by name without its random suffix, so the test that leaves them is easy to find.
    const groups = new Map();
    for (const name of left) {
      const key = name.replace(/[-.][A-Za-z0-9]{6,}(\.[a-z]+)?$/, "-*");
      groups.set(key, (groups.get(key) ?? 0) + 1);
    }
    const summary = [...groups].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`);
    console.error(`run-tests: ${left.length} temp entries left by tests, removed: ${summary.join(", ")}`);
  }
  // A test process killed outright (a timeout) skipped its own exit sweep: what it started here is stopped now.
  try {
    stopProcessesNaming(scratch, 5_000, "run-tests");
  } catch (err) {
    console.error(`run-tests: ${err.message}`);
  }
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(result?.status ?? 1);
