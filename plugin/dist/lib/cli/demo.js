// lib/cli/demo.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MemctlError, ERROR_CODES } from "../core/errors.js";
import { runUserPromptHook } from "../hook/run.js";
import { parseArgs, str } from "./args.js";
import { colorsFor } from "./output.js";
import { commandSummary } from "./command-summary.js";
var spec = {
  name: "demo",
  summary: commandSummary("demo"),
  flags: {
    store: { type: "string", valueName: "DIR", description: "use this memory directory instead of the bundled sample-store/ (it is copied first, never modified)" }
  },
  exitCodes: { 0: "demo shown", 1: "the sample store could not be found or copied" },
  notes: "The store is copied to a temporary directory so the usage sidecar and rank cache the hook writes never touch the original.",
  examples: ["memctl demo", "npm run demo"]
};
var DEMO_PROMPTS = [
  { host: "codex", prompt: "How do I run the integration tests against the database locally?" },
  { host: "claude", prompt: "Refresh tokens get rejected after rotation \u2014 where is that handled?" },
  { host: "generic", prompt: "\u652F\u4ED8\u56DE\u8C03\u9A8C\u7B7E\u5931\u8D25\u4E86\uFF0C\u600E\u4E48\u67E5\u65E5\u5FD7\uFF1F" },
  { host: "claude", prompt: "yes, ship it" }
];
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const source = str(args, "store") ? path.resolve(io.cwd, str(args, "store")) : findSampleStore();
  if (!source || !fs.existsSync(path.join(source, "MEMORY.md"))) {
    throw new MemctlError(ERROR_CODES.E_IO, `sample store not found${source ? ` at ${source}` : ""}; reinstall memctl or pass --store DIR`);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-demo-"));
  try {
    const memoryDir = path.join(work, "memory");
    const project = path.join(work, "acme-api");
    fs.mkdirSync(project);
    fs.cpSync(source, memoryDir, { recursive: true, filter: (src) => !src.split(path.sep).includes(".memctl") });
    const demoIo = { ...io, env: { ...io.env, MEMCTL_MEMORY_DIR: memoryDir, PM_MEMORY_DIR: void 0, MEMCTL_CONFIG_FILE: path.join(work, "config.toml") } };
    const c = colorsFor(io);
    const out = [c.bold(`memctl demo \u2014 the UserPromptSubmit hook on ${source}`), ""];
    for (const [i, { host, prompt }] of DEMO_PROMPTS.entries()) {
      const payload = JSON.stringify({ session_id: `demo-${i}`, cwd: project, hook_event_name: "UserPromptSubmit", prompt });
      const result = await runUserPromptHook(payload, { host }, demoIo);
      const block = host === "claude" || host === "codex" ? additionalContext(result.outcome.stdout) : result.outcome.stdout;
      const inj = result.injection;
      out.push(`${c.cyan("$")} echo '{"cwd":\u2026,"prompt":"${prompt}"}' | node --preserve-symlinks-main dist/hooks/user-prompt-submit.cjs --host ${host}`);
      if (inj && block) {
        const shown = inj.composed.always.length + inj.composed.lines.length;
        out.push(
          c.dim(
            `  ${shown} of ${inj.store.entryCount} lines (${inj.composed.always.length} pinned), ${inj.composed.bytes} bytes, ${inj.hits.length} keyword ${inj.hits.length === 1 ? "hit" : "hits"}, ${inj.recorded?.recorded ?? 0} printed ${inj.recorded?.recorded === 1 ? "card" : "cards"} recorded`
          )
        );
        out.push(
          ...block.trimEnd().split("\n").map((l) => `  ${l}`)
        );
      } else out.push(c.dim(`  (nothing injected: ${result.status})`));
      out.push("");
    }
    out.push(c.dim(`Rank any query yourself: memctl context "<query>"   (with MEMCTL_MEMORY_DIR=${source})`));
    io.stdout.write(out.join("\n") + "\n");
    return 0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
function additionalContext(stdout) {
  try {
    return JSON.parse(stdout).hookSpecificOutput.additionalContext;
  } catch {
    return stdout;
  }
}
function findSampleStore() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, "sample-store");
    if (fs.existsSync(path.join(candidate, "MEMORY.md"))) return candidate;
    dir = path.dirname(dir);
  }
  return void 0;
}
export {
  DEMO_PROMPTS,
  run,
  spec
};
