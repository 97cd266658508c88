// `memctl save` as one module: scripts/build.mjs bundles this file alone into dist/cli-save.cjs, which bin.ts
// starts for `memctl save …` instead of the registry. The CLI's build splits the ~60 modules save reaches into
// ~36 chunks (esbuild groups modules by which commands reach them), and Node's ES module loader costs about a
// millisecond of CPU a module to resolve, read, compile and link: about a fifth of a save's CPU at 100,000 cards
// (bench/history/2026-12.md, "h/savemods"). The save runs through runCommand exactly as main.ts would run it.
import { processIo } from "../store/io.js";
import { runCommand } from "./run-command.js";
import * as save from "./save.js";

/** Runs `memctl save` with the CLI's argv (the command name first) and returns the exit code. */
export function runSave(argv: readonly string[]): Promise<number> {
  return runCommand(async () => save, argv.slice(1), processIo());
}
