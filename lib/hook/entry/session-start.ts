// SessionStart entry: the wired `node <abs>/dist/cli.js hook session-start --host <h>` starts this bundle
// (dist/hooks/session-start.cjs, the code-cache loader, which runs session-start.body.js) from lib/cli/bin.ts
// before any of the CLI loads, when the flags are ones sessionStartArgs reads; anything else (--help, a typo) goes
// to the CLI, which parses and reports it. One CommonJS file with what a session start uses inlined: the CLI's
// ES module graph (about sixty chunks and the builtins its other commands import) cost ~70 ms of CPU at every
// session start before any memory was read (bench/history/2026-12.md, "h/startmods").
import fs from "node:fs";
import { internalErrorText } from "../../core/errors.js";
import { sessionStartArgs } from "../session-start-args.js";
import { sessionStartCommand } from "../session-start-command.js";
import { processIo } from "../../store/io.js";

/**
 * Read by the code-cache loader (code-cache-loader.ts) at exit: a start that printed a memory block is typical;
 * one that printed nothing or a note (no store, a second wiring, a bad payload) never compiled the overview's
 * code, and a cache written by it would leave every later start compiling that code.
 */
export const runKind = { atypical: true };

// Started as `cli.js hook session-start …` (bin.ts) or directly as `session-start.cjs hook session-start …`.
const args = sessionStartArgs(process.argv.slice(2));
const io = processIo();
// The freshness keeper's bundle sits beside this one (the loader passes its directory as __dirname).
const keeperScript = () => (fs.existsSync(`${__dirname}/keeper.cjs`) ? `${__dirname}/keeper.cjs` : undefined);

if (!args) {
  io.stderr.write('memctl hook session-start: unexpected arguments; run "memctl hook --help" for usage\n');
  process.exitCode = 2;
} else {
  // A CommonJS bundle has no top-level await. The command turns memory problems into output; anything else is
  // reported as the CLI reports an internal error.
  sessionStartCommand(args, keeperScript, io).then(
    ({ exitCode, status }) => {
      runKind.atypical = status !== "injected";
      process.exitCode = exitCode;
    },
    (err: unknown) => {
      io.stderr.write(internalErrorText(err instanceof Error ? err.message : String(err)));
      process.exitCode = 1;
    },
  );
}
