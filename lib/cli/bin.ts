#!/usr/bin/env node
import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { sessionStartArgs } from "../hook/session-start-args.js";

// A reader that stops early (`memctl list | head`) closes the pipe: the rest of the output has nowhere to go,
// which is not an error. Without a listener Node throws the EPIPE as an unhandled 'error' event (a stack
// trace and exit 1); with it, later writes to the closed stream are dropped and the command ends normally.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "EPIPE") throw err;
  });
}

const argv = process.argv.slice(2);
// The wired session start (`hook session-start --host <h>`) runs its own bundle beside this one, without loading
// the CLI: the CLI's module graph cost more CPU than a session start at 100,000 cards (bench/history/2026-12.md,
// "h/startmods"). From the sources (no dist/hooks beside this file) it runs through the CLI, printing the same.
const sessionStart = sessionStartArgs(argv) && fileURLToPath(new URL("./hooks/session-start.cjs", import.meta.url));
// `memctl save` runs its own bundle beside this one (lib/cli/save-bin.ts: one file instead of ~36 chunks); from the
// sources, or a build without it (plugin/), through the registry like any command.
const saveBundle = argv[0] === "save" && fileURLToPath(new URL("./cli-save.cjs", import.meta.url));
if (sessionStart && fs.existsSync(sessionStart)) createRequire(import.meta.url)(sessionStart);
else if (saveBundle && fs.existsSync(saveBundle)) {
  const { runSave } = createRequire(import.meta.url)(saveBundle) as typeof import("./save-bin.js");
  process.exitCode = await runSave(argv);
} else {
  const [{ main }, { processIo }] = await Promise.all([import("./main.js"), import("../store/io.js")]);
  // The only place that touches the process exit status (but for the session-start entry, which sets its own).
  process.exitCode = await main(argv, processIo());
}
