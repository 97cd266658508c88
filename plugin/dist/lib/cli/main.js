// lib/cli/main.ts
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { closest } from "./args.js";
import { COMMAND_GROUPS } from "./command-summary.js";
import { COMMANDS } from "./commands.js";
import { reportError, runCommand } from "./run-command.js";
var VERSION = "0.1.0";
async function main(argv, io) {
  const [name, ...rest] = argv;
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
    return await runCommand(entry.load, rest, io);
  } catch (err) {
    return reportError(err, io, rest.includes("--json"));
  }
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
