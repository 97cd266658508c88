// UserPromptSubmit entry for Claude Code and Codex (and any host that runs a command per prompt):
//   node <abs>/dist/hooks/user-prompt-submit.cjs --host <claude|codex|generic|grok|opencode> [--max-bytes N] [--max-entries N]
// stdin is the host's JSON payload. Deliberately tiny: no CLI framework, installers or MCP in this graph.
// Bundled to dist/hooks/user-prompt-submit.body.js, which the wired path (code-cache-loader.ts) starts.
import { isHostName } from "../../../hosts/index.js";
import { HOOK_INPUT_BOUNDS, inputRefusal, refusedInputOutcome, runUserPromptHook } from "../run.js";
import { readInputBounded } from "../../store/bounded-input.js";
import { fdSink, processIo } from "../../store/io.js";

function parseHookArgs(argv: readonly string[]): { host: string; maxBytes?: number; maxEntries?: number; problems: string[] } {
  const out: { host: string; maxBytes?: number; maxEntries?: number; problems: string[] } = { host: "generic", problems: [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.includes("=") ? argv[i]!.split(/=(.*)/s, 2) : [argv[i]!, undefined];
    const value = inline ?? argv[i + 1];
    if (flag === "--host" || flag === "--max-bytes" || flag === "--max-entries") {
      if (inline === undefined) i++;
      if (value === undefined) {
        out.problems.push(`${flag} needs a value`);
        continue;
      }
      if (flag === "--host") out.host = value;
      else if (/^\d+$/.test(value)) out[flag === "--max-bytes" ? "maxBytes" : "maxEntries"] = Number(value);
      else out.problems.push(`${flag} needs a non-negative integer, got "${value}"`);
    } else out.problems.push(`unknown argument ${flag}`);
  }
  return out;
}

/**
 * Read by the code-cache loader (code-cache-loader.ts) at exit. A typical run printed a block from a fresh rank
 * cache without folding the usage log. Any other run is atypical: a rebuild or a fold compiled code a typical
 * prompt never runs, and a run that printed nothing (a bare "ok", a repeat, no store) never compiled composing,
 * usage or the why log; a code cache written by either would cost every later prompt, the first by
 * deserialising, the second by compiling.
 */
export const runKind = { atypical: true }; // until the run proves typical (a late stdin or a throw never does)

async function main(): Promise<void> {
  const io = processIo({ stdout: fdSink(1), stderr: fdSink(2) });
  const args = parseHookArgs(process.argv.slice(2));
  // A wiring mistake must not block the user's prompt: say so on stderr and run with what is usable.
  for (const p of args.problems) io.stderr.write(`memctl hook: ${p} (ignored)\n`);
  if (!isHostName(args.host)) io.stderr.write(`memctl hook: unknown host "${args.host}", using generic output\n`);
  // stdin within HOOK_INPUT_BOUNDS (lib/hook/run.ts): past 8 MiB, or still streaming after 2 s, the prompt goes
  // on with the UNAVAILABLE block. fd 0 is read synchronously (a stream costs ~1 ms more to start), so a pipe held
  // open in silence blocks until the host closes it or kills the hook; a non-blocking one is read as a stream,
  // which the deadline also ends. After stdin only the keeper's answer is awaited, within its own timeout (run.ts).
  const input = await readInputBounded(0, () => process.stdin, HOOK_INPUT_BOUNDS);
  if (input.status !== "read") {
    const late = refusedInputOutcome(args.host, inputRefusal(input), io);
    io.stdout.write(late.stdout);
    if (late.stderr) io.stderr.write(late.stderr);
    process.exit(0);
  }
  // Store reads that could block (a FIFO in the store) are refused before they start (lib/store/checked-fs.ts).
  // The keeper's bundle sits beside this one (the loader passes the bundle's directory as __dirname).
  const result = await runUserPromptHook(input.bytes, { ...args, keeperScript: `${__dirname}/keeper.cjs` }, io);
  const injection = result.injection;
  runKind.atypical = result.status !== "injected" || injection?.store.cache !== "fresh" || injection.recorded?.folded === true;
  if (result.outcome.stdout) io.stdout.write(result.outcome.stdout);
  if (result.outcome.stderr) io.stderr.write(result.outcome.stderr);
  // After the block: the host already has it (a spawn, when one is needed, costs this process a few ms).
  result.afterOutput?.();
  // Every write above is synchronous, so nothing is pending: exiting here skips tearing the environment down.
  process.exit(result.outcome.exitCode);
}

// A CommonJS bundle has no top-level await. runUserPromptHook turns memory problems into output, never into a
// rejection; anything else still must not block the prompt, so it is reported and the hook exits 0.
main().catch((err: unknown) => {
  process.stderr.write(`memctl hook: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 0;
});
