// lib/cli/install.ts
import { readConfig } from "../config/config.js";
import { hostOptInText } from "../config/hosts.js";
import { usageError } from "../core/errors.js";
import { inertText } from "../core/sanitize.js";
import { findRepo } from "../config/git.js";
import { findPackageRoot, HOST_NAMES, projectDirFor } from "../../install/context.js";
import { installHost } from "../../install/install-host.js";
import { scopeStatus } from "../../install/engine.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { bool, num, parseArgs, str } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { assertOwnerOnly } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
var spec = {
  name: "install",
  summary: commandSummary("install"),
  positionals: [{ name: "host", description: `one of ${HOST_NAMES.join(", ")} (omit with --status)`, completes: HOST_NAMES }],
  flags: {
    scope: {
      type: "string",
      valueName: "SCOPE",
      description: "user (default: your home config), project (committed files: they start memctl from PATH), or local (claude only: the gitignored .claude/settings.local.json)"
    },
    "dry-run": { type: "boolean", description: "print the diff of every file that would change; write nothing" },
    replace: { type: "boolean", description: "the host is wired at another scope: uninstall that wiring and install here (one block per prompt)" },
    status: {
      type: "boolean",
      description: "per host and scope: detected (binary on PATH) or only its config dir, installed, out of date or broken, with the fix; per host: whether it may write cards directly"
    },
    "max-bytes": { type: "number", valueName: "N", description: "bake a per-prompt byte budget into the wired hook command" },
    "max-entries": { type: "number", valueName: "N", description: "bake a per-prompt entry budget into the wired hook command" },
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" }
  },
  exitCodes: {
    0: "installed, or already installed (nothing changed); --status: nothing broken",
    1: "nothing written: a config file does not parse, a file in the way is not memctl's, memctl is not built, or the host is already wired at another scope (--replace) or by another memory hook; --status: a host is broken",
    2: "usage error"
  },
  notes: [
    "Every edit keeps your formatting and other entries, backs a file up once (under $XDG_STATE_HOME/memctl/backups, listed by --status) before its first change,",
    'and is undone exactly by "memctl uninstall <host>". A second install changes nothing. A config that does not parse is never overwritten.',
    "Each host runs as host:<name>: it reads, logs episodes and proposes cards (the owner reviews them). Writing cards directly",
    "(memctl save / rm / manage, MCP memory_manage) is the owner's opt-in per host in memctl's config: [hosts.<name>] write = true."
  ].join("\n"),
  examples: ["memctl install claude", "memctl install codex --scope project --dry-run", "memctl install --status --json"]
};
function contextFrom(args, io, host) {
  const scope = str(args, "scope") ?? "user";
  if (scope !== "user" && scope !== "project" && scope !== "local") throw usageError(`--scope must be user, project or local, got "${scope}"`);
  if (scope === "local" && host !== void 0 && host !== "claude")
    throw usageError(`--scope local is Claude Code's gitignored settings.local.json; for ${host} use --scope user or --scope project`);
  return {
    io,
    scope,
    projectDir: projectDirFor(io),
    packageRoot: findPackageRoot(),
    nodePath: process.execPath,
    budget: { maxBytes: num(args, "max-bytes"), maxEntries: num(args, "max-entries") }
  };
}
function hostArg(args, command) {
  const host = args.positionals[0];
  if (host === void 0) throw usageError(`memctl ${command} needs a host: ${HOST_NAMES.join(", ")}`);
  if (!HOST_NAMES.includes(host)) throw usageError(`unknown host "${host}"; use one of ${HOST_NAMES.join(", ")}`);
  return host;
}
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  if (bool(args, "status")) return status(args, io);
  const host = hostArg(args, "install");
  if (str(args, "scope") === "project" || str(args, "scope") === "local") {
    if (!findRepo(io.cwd))
      throw usageError(
        `--scope ${str(args, "scope")} writes into this project's repository, and ${io.cwd} is not inside a git repository: cd into the project (or git init it), or use --scope user`
      );
  }
  if (!bool(args, "dry-run")) assertOwnerOnly(io, `wire memctl into ${host} (memctl install)`);
  const results = await installHost(INSTALLERS[host], contextFrom(args, io, host), { replace: bool(args, "replace"), dryRun: bool(args, "dry-run") });
  const result = results[results.length - 1];
  if (bool(args, "json")) printJson(io, results.length > 1 ? { ...result, replaced: results.slice(0, -1) } : result);
  else io.stdout.write(results.map((r, i) => renderRun(r, io, i < results.length - 1 ? "uninstall" : "install")).join(""));
  return 0;
}
function renderRun(result, io, mode) {
  const c = colorsFor(io);
  const title = INSTALLERS[result.host].title;
  const lines = [];
  if (result.items.length === 0) {
    lines.push(`${c.dim("\xB7")} ${title} has nothing to write at ${result.scope} scope`);
  } else if (!result.changed) {
    lines.push(`${c.green("\u2713")} ${title} (${result.scope} scope) is ${mode === "install" ? "already installed" : "not installed"}; nothing changed`);
  } else {
    lines.push(`${result.dry_run ? c.yellow("dry run:") + " would change" : mode === "install" ? "Installed" : "Uninstalled"} ${title} (${result.scope} scope)`);
  }
  for (const item of result.items) {
    if (item.action === "unchanged" && result.changed) continue;
    const mark = item.action === "unchanged" ? c.dim("\xB7") : c.green("\u2713");
    lines.push(`  ${mark} ${item.action.padEnd(9)} ${inertText(item.file)}  ${c.dim(item.label)}${item.backup ? c.dim(`  (backup: ${inertText(item.backup)})`) : ""}`);
    if (item.diff)
      lines.push(
        ...item.diff.trimEnd().split("\n").map((l) => `      ${inertText(l)}`)
      );
  }
  if (result.dry_run && result.changed) lines.push(c.dim("  nothing was written (dry run)"));
  for (const note of result.notes) lines.push(`  ${c.cyan("\u2192")} ${note}`);
  return lines.join("\n") + "\n";
}
async function status(args, io) {
  const base = contextFrom(args, io);
  const asked = str(args, "scope") ? [base.scope] : ["user", "project", "local"];
  const config = readConfig(io);
  const hosts = Object.values(INSTALLERS).map((installer) => {
    const detection = installer.detect(io);
    const scopes = asked.filter((scope) => scope !== "local" || installer.name === "claude");
    const perScope = Object.fromEntries(scopes.map((scope) => [scope, scopeStatus(installer, { ...base, scope })]));
    const directWrites = config.value.hosts[installer.name]?.write === true;
    return {
      host: installer.name,
      title: installer.title,
      detected: detection.detected,
      evidence: detection.evidence,
      ...detection.found ? { found: detection.found } : {},
      actor: `host:${installer.name}`,
      direct_writes: directWrites,
      scopes: perScope
    };
  });
  const broken = hosts.some((h) => Object.values(h.scopes).some((s) => s.state === "broken"));
  if (bool(args, "json")) {
    printJson(io, { package_root: base.packageRoot, project_dir: base.projectDir, config_file: config.file, hosts });
    return broken ? 1 : 0;
  }
  const c = colorsFor(io);
  const paint = (state) => state === "installed" ? c.green(state) : state === "broken" ? c.red(state) : state === "out-of-date" ? c.yellow(state) : c.dim(state);
  const lines = [];
  for (const h of hosts) {
    const seen = h.found && h.found.binary === null && h.found.config_dir !== null ? c.yellow("config dir only") : h.detected ? "detected" : c.dim("not detected");
    lines.push(`${h.title.padEnd(14)} ${seen} ${c.dim(`(${inertText(h.evidence)})`)}`);
    for (const [scope, s] of Object.entries(h.scopes)) {
      const untrusted = s.trust?.trusted === false ? `, ${c.yellow("not trusted")} \u2014 ${inertText(s.trust.fix ?? "")}` : "";
      lines.push(`  ${scope.padEnd(8)} ${paint(s.state)}${untrusted}${s.fix ? `  \u2192 ${inertText(s.fix)}` : ""}`);
      if (s.mcp && s.state !== "not-installed")
        lines.push(`  ${" ".repeat(8)} MCP server memctl: ${s.mcp.state === "current" ? c.green("registered") : paint(s.mcp.state)} ${c.dim(`in ${inertText(s.mcp.file)}`)}`);
      for (const w of s.warnings) lines.push(`  ${" ".repeat(8)} ${c.yellow("warning:")} ${inertText(w)}`);
      for (const b of s.backups)
        lines.push(
          `  ${" ".repeat(8)} backup of ${inertText(b.file)}: ${inertText(b.backup)}${b.legacy ? c.dim(" (an older memctl's; the next install or uninstall moves it to memctl's state folder)") : ""}`
        );
    }
    lines.push(`  ${"writes".padEnd(8)} ${h.direct_writes ? `${c.yellow("direct")} ${c.dim(`(${hostOptInText(h.host).replace("\n", " ")})`)}` : "propose only"}`);
  }
  lines.push(
    c.dim(`Hosts read, log episodes and propose cards for you to accept; writing cards directly is opt-in per host: [hosts.<name>] write = true in ${inertText(config.file)}`)
  );
  io.stdout.write(lines.join("\n") + "\n");
  return broken ? 1 : 0;
}
export {
  contextFrom,
  hostArg,
  renderRun,
  run,
  spec
};
