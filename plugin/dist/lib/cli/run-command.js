// lib/cli/run-command.ts
import { environmentFault, ERROR_CODES, ExitError, internalErrorText, MemctlError } from "../core/errors.js";
import { renderHelp } from "./args.js";
import { printJson } from "./output.js";
var EXIT_BY_CODE = {
  [ERROR_CODES.E_USAGE]: 2,
  [ERROR_CODES.E_NOT_GIT]: 2,
  [ERROR_CODES.E_INVALID_EXPLICIT]: 3,
  [ERROR_CODES.E_NO_SOURCE]: 2,
  [ERROR_CODES.E_RECALL_KEYS]: 2,
  [ERROR_CODES.E_SCOPE]: 2,
  [ERROR_CODES.E_NO_MODEL]: 2
};
async function runCommand(load, rest, io) {
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
function reportError(thrown, io, json) {
  if (thrown instanceof ExitError) return thrown.exitCode;
  const err = environmentFault(thrown) ?? thrown;
  if (err instanceof MemctlError) {
    const exitCode = EXIT_BY_CODE[err.code] ?? 1;
    io.stderr.write(`memctl: ${err.message} (${err.code})
`);
    if (json) printJson(io, { error: { code: err.code, message: err.message, ...err.data ?? {} } });
    return exitCode;
  }
  const detail = err instanceof Error ? io.env.MEMCTL_DEBUG ? err.stack : err.message : String(err);
  io.stderr.write(internalErrorText(String(detail)));
  if (json) printJson(io, { error: { code: "E_INTERNAL", message: String(detail) } });
  return 1;
}
export {
  reportError,
  runCommand
};
