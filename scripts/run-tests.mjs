// Runs every test/**/*.test.ts through node:test + tsx. Node 20's --test takes no globs, so list them here.
import { readdirSync, statSync } from "node:fs";
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
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-concurrency=2", ...files],
  { stdio: "inherit" },
);
process.exit(result.status ?? 1);
