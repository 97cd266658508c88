// Instruction memory at session start (seed 002, issue 31 item 7): the instruction parts a host does not load by
// itself — files under names it does not read, and the @imports it does not expand — composed by memctl into one
// block within the [instructions] max_bytes budget. A host that loads everything itself (Claude Code with its
// CLAUDE.md chain and imports) gets nothing: no rule reaches the model twice.
import { readConfig } from "../config/config.js";
import { sessionInstructions } from "../config/instructions.js";
import type { HostName } from "../../hosts/types.js";
import type { Io } from "../store/io.js";
import { logHookError } from "./run.js";

/** The block for `host` in `cwd` ("" when it lacks nothing); a fault is logged and never breaks the session start. */
export function sessionInstructionBlock(host: HostName, cwd: string, io: Io): string {
  try {
    const block = sessionInstructions(host, cwd, io, readConfig(io).value);
    if (block.omitted.length > 0)
      logHookError(
        io,
        `session start (${host}): ${block.omitted.length} instruction part(s) left out over [instructions] max_bytes; memctl instructions --host ${host} shows them`,
      );
    return block.text;
  } catch (err) {
    logHookError(io, `session start (${host}): instructions not composed: ${(err as Error).message}`);
    return "";
  }
}
