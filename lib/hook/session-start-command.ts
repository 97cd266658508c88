// `memctl hook session-start` as a command: its flags, its stdin, what it prints and its exit code. The CLI's
// `hook` command (lib/cli/hook.ts) runs it after its own argument parsing; the session-start entry
// (lib/hook/entry/session-start.ts, started by lib/cli/bin.ts before the CLI loads) runs it when the argv is one
// sessionStartArgs (lib/hook/session-start-args.ts) accepts. One body for both, so either path prints the same bytes.
import type { Io } from "../store/io.js";
import { isHostName } from "../../hosts/index.js";
import { inputRefusal, readHookInput, refusedInputOutcome } from "./run.js";
import { runSessionStartHook, type SessionStartStatus } from "./session-start.js";
import type { SessionStartArgs } from "./session-start-args.js";

/** The line an unknown --host gets on stderr (the run goes on with generic output). */
export function unknownHostNote(host: string): string {
  return `memctl hook: unknown host "${host}", using generic output (hosts: claude, codex, generic, grok, opencode)\n`;
}

/** Reads the payload, prints the session start and returns the exit code (0: a session is never blocked) and what it printed. */
export async function sessionStartCommand(
  args: SessionStartArgs,
  keeperScript: () => string | undefined,
  io: Io,
): Promise<{ exitCode: number; status: SessionStartStatus | "refused" }> {
  if (!isHostName(args.host)) io.stderr.write(unknownHostNote(args.host));
  // The same bounds as the per-prompt entry: past 8 MiB, or still open after 2 s, the input is refused (exit 0).
  const input = await readHookInput(io);
  if (input.status !== "read") {
    const refused = refusedInputOutcome(args.host, inputRefusal(input), io, "session-start");
    if (refused.stdout) io.stdout.write(refused.stdout);
    if (refused.stderr) io.stderr.write(refused.stderr);
    return { exitCode: 0, status: "refused" };
  }
  const result = await runSessionStartHook(input.bytes, { host: args.host, maxBytes: args.maxBytes, wiring: args.wiring, keeperScript }, io);
  // The overview comes in pieces (17 MB at 100,000 cards): written as they are, never joined.
  if (result.outcome.chunks) for (const chunk of result.outcome.chunks) io.stdout.write(chunk);
  else if (result.outcome.stdout) io.stdout.write(result.outcome.stdout);
  if (result.outcome.stderr) io.stderr.write(result.outcome.stderr);
  result.afterOutput?.();
  return { exitCode: result.outcome.exitCode, status: result.status };
}
