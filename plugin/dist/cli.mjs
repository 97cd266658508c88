#!/usr/bin/env node

// lib/cli/bin.ts
import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { sessionStartArgs } from "./lib/hook/session-start-args.js";
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err) => {
    if (err.code !== "EPIPE") throw err;
  });
}
var argv = process.argv.slice(2);
var sessionStart = sessionStartArgs(argv) && fileURLToPath(new URL("./hooks/session-start.cjs", import.meta.url));
var saveBundle = argv[0] === "save" && fileURLToPath(new URL("./cli-save.cjs", import.meta.url));
if (sessionStart && fs.existsSync(sessionStart)) createRequire(import.meta.url)(sessionStart);
else if (saveBundle && fs.existsSync(saveBundle)) {
  const { runSave } = createRequire(import.meta.url)(saveBundle);
  process.exitCode = await runSave(argv);
} else {
  const [{ main }, { processIo }] = await Promise.all([import("./lib/cli/main.js"), import("./lib/store/io.js")]);
  process.exitCode = await main(argv, processIo());
}
