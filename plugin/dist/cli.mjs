#!/usr/bin/env node
import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import "./chunks/runtime.mjs";

// lib/cli/bin.ts
import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

// lib/hook/session-start-args.ts
function sessionStartArgs(argv2) {
  if (argv2[0] !== "hook" || argv2[1] !== "session-start") return void 0;
  const out = { host: "generic", wiring: "install" };
  for (let i = 2; i < argv2.length; i++) {
    const arg = argv2[i];
    if (arg === "--plugin") {
      out.wiring = "plugin";
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (flag !== "--host" && flag !== "--max-bytes") return void 0;
    const value = eq === -1 ? argv2[++i] : arg.slice(eq + 1);
    if (value === void 0 || value.startsWith("-")) return void 0;
    if (flag === "--host") out.host = value;
    else if (/^\d{1,15}$/.test(value)) out.maxBytes = Number(value);
    else return void 0;
  }
  return out;
}

// lib/cli/bin.ts
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err) => {
    if (err.code !== "EPIPE") throw err;
  });
}
var argv = process.argv.slice(2);
var sessionStart = sessionStartArgs(argv) && fileURLToPath(new URL("./hooks/session-start.cjs", import.meta.url));
if (sessionStart && fs.existsSync(sessionStart)) createRequire(import.meta.url)(sessionStart);
else {
  const [{ main }, { processIo }] = await Promise.all([import("./chunks/main.mjs"), import("./chunks/io.mjs")]);
  process.exitCode = await main(argv, processIo());
}
