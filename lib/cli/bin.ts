#!/usr/bin/env node
import { processIo } from "../store/io.js";
import { main } from "./main.js";

// A reader that stops early (`memctl list | head`) closes the pipe: the rest of the output has nowhere to go,
// which is not an error. Without a listener Node throws the EPIPE as an unhandled 'error' event (a stack
// trace and exit 1); with it, later writes to the closed stream are dropped and the command ends normally.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "EPIPE") throw err;
  });
}

// The only place that touches the process exit status.
process.exitCode = await main(process.argv.slice(2), processIo());
