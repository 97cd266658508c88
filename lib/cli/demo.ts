import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MemctlError, ERROR_CODES } from "../core/errors.js";
import { runUserPromptHook } from "../hook/run.js";
import type { Io } from "../store/io.js";
import { parseArgs, str, type CommandSpec } from "./args.js";
import { colorsFor } from "./output.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "demo",
  summary: commandSummary("demo"),
  flags: {
    store: { type: "string", valueName: "DIR", description: "use this memory directory instead of the bundled sample-store/ (it is copied first, never modified)" },
  },
  exitCodes: { 0: "demo shown", 1: "the sample store could not be found or copied" },
  notes: "The store is copied to a temporary directory so the usage sidecar and rank cache the hook writes never touch the original.",
  examples: ["memctl demo", "npm run demo"],
};

/** Sample prompts: English, Chinese, a pinned-only case, and a Claude-budget run. */
export const DEMO_PROMPTS: { host: string; prompt: string }[] = [
  { host: "codex", prompt: "How do I run the integration tests against the database locally?" },
  { host: "claude", prompt: "Refresh tokens get rejected after rotation — where is that handled?" },
  { host: "generic", prompt: "支付回调验签失败了，怎么查日志？" },
  { host: "claude", prompt: "yes, ship it" },
];

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const source = str(args, "store") ? path.resolve(io.cwd, str(args, "store")!) : findSampleStore();
  if (!source || !fs.existsSync(path.join(source, "MEMORY.md"))) {
    throw new MemctlError(ERROR_CODES.E_IO, `sample store not found${source ? ` at ${source}` : ""}; reinstall memctl or pass --store DIR`);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-demo-"));
  try {
    const memoryDir = path.join(work, "memory");
    const project = path.join(work, "acme-api");
    fs.mkdirSync(project);
    fs.cpSync(source, memoryDir, { recursive: true, filter: (src) => !src.split(path.sep).includes(".memctl") });
    // An explicit selection and an empty config: the demo never reads or changes the user's own memory.
    const demoIo: Io = { ...io, env: { ...io.env, MEMCTL_MEMORY_DIR: memoryDir, PM_MEMORY_DIR: undefined, MEMCTL_CONFIG_FILE: path.join(work, "config.toml") } };
    const c = colorsFor(io);
    const out: string[] = [c.bold(`memctl demo — the UserPromptSubmit hook on ${source}`), ""];
    for (const [i, { host, prompt }] of DEMO_PROMPTS.entries()) {
      // A session per prompt: each shows what one prompt gets (in one session a line is injected only once).
      const payload = JSON.stringify({ session_id: `demo-${i}`, cwd: project, hook_event_name: "UserPromptSubmit", prompt });
      const result = await runUserPromptHook(payload, { host }, demoIo);
      const block = host === "claude" || host === "codex" ? additionalContext(result.outcome.stdout) : result.outcome.stdout;
      const inj = result.injection;
      out.push(`${c.cyan("$")} echo '{"cwd":…,"prompt":"${prompt}"}' | node --preserve-symlinks-main dist/hooks/user-prompt-submit.cjs --host ${host}`);
      if (inj && block) {
        const shown = inj.composed.always.length + inj.composed.lines.length;
        out.push(
          c.dim(
            `  ${shown} of ${inj.store.entryCount} lines (${inj.composed.always.length} pinned), ${inj.composed.bytes} bytes, ${inj.hits.length} keyword ${inj.hits.length === 1 ? "hit" : "hits"}, ${inj.recorded?.recorded ?? 0} printed ${inj.recorded?.recorded === 1 ? "card" : "cards"} recorded`,
          ),
        );
        out.push(
          ...block
            .trimEnd()
            .split("\n")
            .map((l) => `  ${l}`),
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

function additionalContext(stdout: string): string {
  try {
    return (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
  } catch {
    return stdout;
  }
}

/** The package's sample-store/: next to dist/ when installed, two levels up from lib/cli/ in a checkout. */
function findSampleStore(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, "sample-store");
    if (fs.existsSync(path.join(candidate, "MEMORY.md"))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}
