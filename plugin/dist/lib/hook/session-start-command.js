// lib/hook/session-start-command.ts
import { isHostName } from "../../hosts/index.js";
import { inputRefusal, readHookInput, refusedInputOutcome } from "./run.js";
import { runSessionStartHook } from "./session-start.js";
function unknownHostNote(host) {
  return `memctl hook: unknown host "${host}", using generic output (hosts: claude, codex, generic, grok, opencode)
`;
}
async function sessionStartCommand(args, keeperScript, io) {
  if (!isHostName(args.host)) io.stderr.write(unknownHostNote(args.host));
  const input = await readHookInput(io);
  if (input.status !== "read") {
    const refused = refusedInputOutcome(args.host, inputRefusal(input), io, "session-start");
    if (refused.stdout) io.stdout.write(refused.stdout);
    if (refused.stderr) io.stderr.write(refused.stderr);
    return { exitCode: 0, status: "refused" };
  }
  const result = await runSessionStartHook(input.bytes, { host: args.host, maxBytes: args.maxBytes, wiring: args.wiring, keeperScript }, io);
  if (result.outcome.chunks) for (const chunk of result.outcome.chunks) io.stdout.write(chunk);
  else if (result.outcome.stdout) io.stdout.write(result.outcome.stdout);
  if (result.outcome.stderr) io.stderr.write(result.outcome.stderr);
  result.afterOutput?.();
  return { exitCode: result.outcome.exitCode, status: result.status };
}
export {
  sessionStartCommand,
  unknownHostNote
};
