// lib/hook/session-instructions.ts
import { readConfig } from "../config/config.js";
import { sessionInstructions } from "../config/instructions.js";
import { logHookError } from "./run.js";
function sessionInstructionBlock(host, cwd, io) {
  try {
    const block = sessionInstructions(host, cwd, io, readConfig(io).value);
    if (block.omitted.length > 0)
      logHookError(
        io,
        `session start (${host}): ${block.omitted.length} instruction part(s) left out over [instructions] max_bytes; memctl instructions --host ${host} shows them`
      );
    return block.text;
  } catch (err) {
    logHookError(io, `session start (${host}): instructions not composed: ${err.message}`);
    return "";
  }
}
export {
  sessionInstructionBlock
};
