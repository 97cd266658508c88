import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  INSTALLERS,
  contextFrom,
  hostArg,
  renderRun,
  runHost
} from "./cli-install.mjs";
import "./core-hook-flags.mjs";
import "./install-mcp-command.mjs";
import "./core-toml-edit.mjs";
import "./store-lock.mjs";
import {
  printJson
} from "./cli-output.mjs";
import {
  bool,
  commandSummary,
  parseArgs
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import "./core-sanitize.mjs";
import {
  HOST_NAMES
} from "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/uninstall.ts
var spec = {
  name: "uninstall",
  summary: commandSummary("uninstall"),
  positionals: [{ name: "host", description: `one of ${HOST_NAMES.join(", ")}`, required: true, completes: HOST_NAMES }],
  flags: {
    scope: { type: "string", valueName: "SCOPE", description: "user (default), project, or local (claude only): the scope install wrote" },
    "dry-run": { type: "boolean", description: "print the diff of every file that would change; write nothing" },
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" }
  },
  exitCodes: { 0: "removed, or nothing of memctl's was there", 1: "nothing written: a config file does not parse", 2: "usage error" },
  notes: "Each file comes back byte for byte as install found it (one changed since keeps those changes and loses only memctl's entries); files and folders memctl created are deleted. Backups (under $XDG_STATE_HOME/memctl/backups; install --status lists them) are kept.",
  examples: ["memctl uninstall claude", "memctl uninstall codex --scope project --dry-run"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const host = hostArg(args, "uninstall");
  const result = await runHost(INSTALLERS[host], contextFrom(args, io, host), "uninstall", bool(args, "dry-run"));
  if (bool(args, "json")) printJson(io, result);
  else io.stdout.write(renderRun(result, io, "uninstall"));
  return 0;
}
export {
  run,
  spec
};
