// The wired session start's flags, read without loading anything: lib/cli/bin.ts decides with this whether to
// start the session-start bundle (lib/hook/entry/session-start.ts) instead of the CLI, so it imports nothing.
import type { Wiring } from "./session-notes.js";

export interface SessionStartArgs {
  host: string;
  maxBytes?: number;
  wiring: Wiring;
}

/**
 * The flags a wiring passes (`--host H`, `--plugin`, `--max-bytes N`) after `hook session-start`, or undefined
 * for anything else (help, another flag, a malformed value, an extra argument): the full CLI then parses and
 * reports it. Accepts a subset of what the CLI's parser accepts and reads it the same way (a repeated flag: the last).
 */
export function sessionStartArgs(argv: readonly string[]): SessionStartArgs | undefined {
  if (argv[0] !== "hook" || argv[1] !== "session-start") return undefined;
  const out: SessionStartArgs = { host: "generic", wiring: "install" };
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--plugin") {
      out.wiring = "plugin";
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (flag !== "--host" && flag !== "--max-bytes") return undefined;
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    // A value that looks like a flag (the CLI would take it as the value; `--help` it would answer instead).
    if (value === undefined || value.startsWith("-")) return undefined;
    if (flag === "--host") out.host = value;
    else if (/^\d{1,15}$/.test(value)) out.maxBytes = Number(value);
    else return undefined;
  }
  return out;
}
