import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  printJson
} from "./cli-output.mjs";
import {
  COMMANDS,
  COMMAND_GROUPS,
  renderHelp
} from "./cli-args.mjs";
import "./core-sanitize.mjs";
import {
  closest
} from "./core-closest.mjs";
import {
  ERROR_CODES,
  ExitError,
  MemctlError,
  environmentFault
} from "./core-errors.mjs";
import "./runtime.mjs";

// lib/cli/main.ts
var VERSION = "0.1.0";
var EXIT_BY_CODE = {
  [ERROR_CODES.E_USAGE]: 2,
  [ERROR_CODES.E_NOT_GIT]: 2,
  [ERROR_CODES.E_INVALID_EXPLICIT]: 3,
  [ERROR_CODES.E_NO_SOURCE]: 2,
  [ERROR_CODES.E_RECALL_KEYS]: 2,
  [ERROR_CODES.E_SCOPE]: 2,
  [ERROR_CODES.E_NO_MODEL]: 2
};
async function main(argv, io) {
  const [name, ...rest] = argv;
  const json = rest.includes("--json");
  try {
    if (name === void 0 || name === "--help" || name === "-h" || name === "help") {
      if (name === "help" && rest[0]) return await main([rest[0], "--help"], io);
      io.stdout.write(renderGlobalHelp());
      return name === void 0 ? 2 : 0;
    }
    if (name === "--version" || name === "-v") {
      io.stdout.write(`memctl ${VERSION}
`);
      return 0;
    }
    const entry = COMMANDS[name];
    if (!entry) {
      const guess = closest(name, Object.keys(COMMANDS));
      throw new MemctlError(ERROR_CODES.E_USAGE, `unknown command "${name}"${guess ? ` (did you mean "${guess}"?)` : ""}; run "memctl --help" for the list`);
    }
    const command = await entry.load();
    if (rest.includes("--help") || rest.includes("-h")) {
      io.stdout.write(renderHelp(command.spec));
      return 0;
    }
    return await command.run(rest, io);
  } catch (err) {
    return reportError(err, io, json);
  }
}
function reportError(thrown, io, json) {
  if (thrown instanceof ExitError) return thrown.exitCode;
  const err = environmentFault(thrown) ?? thrown;
  if (err instanceof MemctlError) {
    const exitCode = EXIT_BY_CODE[err.code] ?? 1;
    io.stderr.write(`memctl: ${err.message}
`);
    if (json) printJson(io, { error: { code: err.code, message: err.message, ...err.data ?? {} } });
    return exitCode;
  }
  const detail = err instanceof Error ? io.env.MEMCTL_DEBUG ? err.stack : err.message : String(err);
  io.stderr.write(`memctl: internal error: ${detail}
This is a bug in memctl; please report it with the command you ran.
`);
  if (json) printJson(io, { error: { code: "E_INTERNAL", message: String(detail) } });
  return 1;
}
function renderGlobalHelp() {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length)) + 2;
  const rows = COMMAND_GROUPS.flatMap((group) => [
    "",
    `${group}:`,
    ...Object.entries(COMMANDS).filter(([, c]) => c.group === group).map(([n, c]) => `  ${n.padEnd(width)} ${c.summary}`)
  ]);
  return [
    "memctl \u2014 one canonical memory for every coding agent",
    "",
    "Usage: memctl <command> [flags]   (memctl <command> --help for its flags and exit codes)",
    ...rows,
    "",
    "Exit codes (common): 0 ok, 1 failure or issues found, 2 usage error, 3 invalid explicit memory selection",
    ""
  ].join("\n");
}
export {
  main
};
