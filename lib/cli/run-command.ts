import { environmentFault, ERROR_CODES, ExitError, internalErrorText, MemctlError } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { renderHelp } from "./args.js";
import type { Command } from "./command.js";
import { printJson } from "./output.js";

// One command run to its exit code, shared by main.ts (every command, through the registry) and the bundle of
// `memctl save` alone (lib/cli/save-bin.ts), so both print the same help and errors and exit the same.

/** Exit code per error code: the one place errors become exit codes. Anything unlisted exits 1. */
const EXIT_BY_CODE: Record<string, number> = {
  [ERROR_CODES.E_USAGE]: 2,
  [ERROR_CODES.E_NOT_GIT]: 2,
  [ERROR_CODES.E_INVALID_EXPLICIT]: 3,
  [ERROR_CODES.E_NO_SOURCE]: 2,
  [ERROR_CODES.E_RECALL_KEYS]: 2,
  [ERROR_CODES.E_SCOPE]: 2,
  [ERROR_CODES.E_NO_MODEL]: 2,
};

/** Loads a command and runs it with its arguments (its --help instead when asked); never exits the process. */
export async function runCommand(load: () => Promise<Command>, rest: readonly string[], io: Io): Promise<number> {
  try {
    const command = await load();
    if (rest.includes("--help") || rest.includes("-h")) {
      io.stdout.write(renderHelp(command.spec));
      return 0;
    }
    return await command.run(rest, io);
  } catch (err) {
    return reportError(err, io, rest.includes("--json"));
  }
}

/** What went wrong, on stderr (and as JSON with --json), and the exit code it maps to. */
export function reportError(thrown: unknown, io: Io, json: boolean): number {
  if (thrown instanceof ExitError) return thrown.exitCode;
  // A full disk or a denied permission is the machine's state, reported as such, never as a bug in memctl.
  const err = environmentFault(thrown) ?? thrown;
  if (err instanceof MemctlError) {
    const exitCode = EXIT_BY_CODE[err.code] ?? 1;
    // The code too: it is what docs, issues and --json name the error by, so a reader can search for it.
    io.stderr.write(`memctl: ${err.message} (${err.code})\n`);
    if (json) printJson(io, { error: { code: err.code, message: err.message, ...(err.data ?? {}) } });
    return exitCode;
  }
  const detail = err instanceof Error ? (io.env.MEMCTL_DEBUG ? err.stack : err.message) : String(err);
  io.stderr.write(internalErrorText(String(detail)));
  if (json) printJson(io, { error: { code: "E_INTERNAL", message: String(detail) } });
  return 1;
}
