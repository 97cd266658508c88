import { isHostName } from "../hosts/index.js";
import { runUserPromptHook } from "../hook/run.js";
import type { Io } from "../store/io.js";
import { usageError } from "../core/errors.js";
import { num, parseArgs, str, type CommandSpec } from "./args.js";
import { commandSummary } from "./commands.js";

export const spec: CommandSpec = {
  name: "hook",
  summary: commandSummary("hook"),
  positionals: [{ name: "event", description: "user-prompt-submit", required: true }],
  flags: {
    host: { type: "string", valueName: "HOST", description: "claude, codex, generic, grok or opencode (default generic): budget and output shape" },
    "max-bytes": { type: "number", valueName: "N", description: "byte budget for the whole block (overrides the config file)" },
    "max-entries": { type: "number", valueName: "N", description: "entry budget (overrides the config file)" },
  },
  exitCodes: {
    0: "done (also when there is no memory, no hit, or the store could not be read — the prompt is never blocked for those)",
    2: "usage error; or, for codex/generic/opencode, the prompt is blocked because the explicit memory selection is invalid",
  },
  notes:
    'stdin is the host\'s JSON payload ({"cwd": …, "prompt": …}; Grok\'s camelCase is accepted too). Hosts should wire the compiled\n' +
    "entry instead: node --preserve-symlinks-main <abs>/dist/hooks/user-prompt-submit.cjs --host <host> (no CLI start-up cost).\n" +
    "Budget precedence: --max-bytes/--max-entries > [hook.<host>] > [hook] in the user config > host default (claude 1500/10, others 3000/20).",
  examples: [`echo '{"cwd":"'$PWD'","prompt":"how do we deploy?"}' | memctl hook user-prompt-submit --host claude`],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const event = args.positionals[0];
  if (event !== "user-prompt-submit") throw usageError(`unknown hook event "${event}"; the only event is user-prompt-submit`);
  const host = str(args, "host") ?? "generic";
  if (!isHostName(host)) io.stderr.write(`memctl hook: unknown host "${host}", using generic output (hosts: claude, codex, generic, grok, opencode)\n`);
  const stdin = io.readStdin ? await io.readStdin() : Buffer.alloc(0);
  const result = await runUserPromptHook(stdin, { host, maxBytes: num(args, "max-bytes"), maxEntries: num(args, "max-entries") }, io);
  if (result.outcome.stdout) io.stdout.write(result.outcome.stdout);
  if (result.outcome.stderr) io.stderr.write(result.outcome.stderr);
  return result.outcome.exitCode;
}
