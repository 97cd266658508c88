// lib/cli/uninstall.ts
import { runHost } from "../../install/engine.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { HOST_NAMES } from "../../install/context.js";
import { bool, parseArgs } from "./args.js";
import { contextFrom, hostArg, renderRun } from "./install.js";
import { printJson } from "./output.js";
import { assertOwnerOnly } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
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
  if (!bool(args, "dry-run")) assertOwnerOnly(io, `unwire memctl from ${host} (memctl uninstall)`);
  const result = await runHost(INSTALLERS[host], contextFrom(args, io, host), "uninstall", bool(args, "dry-run"));
  if (bool(args, "json")) printJson(io, result);
  else io.stdout.write(renderRun(result, io, "uninstall"));
  return 0;
}
export {
  run,
  spec
};
