// lib/cli/args.ts
import fs from "node:fs";
import path from "node:path";
import { usageError } from "../core/errors.js";
import { closest } from "../core/closest.js";
function parseArgs(spec, argv) {
  const flags = {};
  const positionals = [];
  const byShort = new Map(
    Object.entries(spec.flags).filter(([, f]) => f.short).map(([name, f]) => [f.short, name])
  );
  const hint = `run "memctl ${spec.name} --help" for usage`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-") || /^-\d/.test(arg)) {
      positionals.push(arg);
      continue;
    }
    let name;
    let inline;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq === -1 ? void 0 : arg.slice(eq + 1);
    } else {
      const long = byShort.get(arg.slice(1));
      if (!long) throw usageError(`unknown flag ${arg} for "memctl ${spec.name}"; ${hint}`);
      name = long;
    }
    const flag = spec.flags[name];
    if (!flag) {
      const guess = closest(name, Object.keys(spec.flags));
      throw usageError(`unknown flag --${name} for "memctl ${spec.name}"${guess ? ` (did you mean --${guess}?)` : ""}; ${hint}`);
    }
    if (flag.type === "boolean") {
      if (inline !== void 0) throw usageError(`flag --${name} takes no value; ${hint}`);
      flags[name] = true;
      continue;
    }
    const raw = inline ?? argv[++i];
    if (raw === void 0) throw usageError(`flag --${name} needs a value (${flag.valueName ?? flag.type}); ${hint}`);
    const value = flag.type === "number" ? toNumber(name, raw, hint) : raw;
    if (flag.multiple) flags[name] = [...flags[name] ?? [], value];
    else flags[name] = value;
  }
  const specs = spec.positionals ?? [];
  const required = specs.filter((p) => p.required).length;
  if (positionals.length < required) {
    const missing = specs[positionals.length];
    throw usageError(`missing argument <${missing.name}> for "memctl ${spec.name}"; ${hint}`);
  }
  if (!specs.some((p) => p.variadic) && positionals.length > specs.length) {
    throw usageError(`unexpected argument "${positionals[specs.length]}" for "memctl ${spec.name}"; ${hint}`);
  }
  return { flags, positionals };
}
function toNumber(name, raw, hint) {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || !Number.isInteger(n) || n < 0) {
    throw usageError(`flag --${name} needs a non-negative integer, got "${raw}"; ${hint}`);
  }
  return n;
}
function renderHelp(spec) {
  const pos = (spec.positionals ?? []).map((p) => {
    const inner = `${p.name}${p.variadic ? "..." : ""}`;
    return p.required ? `<${inner}>` : `[${inner}]`;
  });
  const lines = [`memctl ${spec.name} \u2014 ${spec.summary}`, "", `Usage: memctl ${[spec.name, ...pos, "[flags]"].join(" ")}`];
  if (spec.positionals?.length) {
    lines.push("", "Arguments:");
    for (const p of spec.positionals) lines.push(`  ${p.name.padEnd(24)} ${p.description}`);
  }
  const flagRows = Object.entries(spec.flags).map(([name, f]) => {
    const head = `${f.short ? `-${f.short}, ` : ""}--${name}${f.type === "boolean" ? "" : ` ${f.valueName ?? f.type.toUpperCase()}`}`;
    return `  ${head.padEnd(24)} ${f.description}${f.multiple ? " (repeatable)" : ""}`;
  });
  lines.push("", "Flags:", ...flagRows, `  ${"-h, --help".padEnd(24)} show this help`);
  lines.push("", "Exit codes:");
  for (const [code, meaning] of Object.entries(spec.exitCodes)) lines.push(`  ${code}  ${meaning}`);
  if (spec.notes) lines.push("", spec.notes);
  if (spec.examples?.length) lines.push("", "Examples:", ...spec.examples.map((e) => `  ${e}`));
  return lines.join("\n") + "\n";
}
function str(args, name) {
  const v = args.flags[name];
  return typeof v === "string" ? v : void 0;
}
function num(args, name) {
  const v = args.flags[name];
  return typeof v === "number" ? v : void 0;
}
function bool(args, name) {
  return args.flags[name] === true;
}
function dirArg(cwd, flag, value) {
  const dir = path.resolve(cwd, value);
  let stat;
  try {
    stat = fs.statSync(dir, { throwIfNoEntry: false });
  } catch (err) {
    throw usageError(`--${flag} ${value} cannot be read (${err.message}); nothing was done`, { flag, path: dir });
  }
  if (!stat) throw usageError(`--${flag} ${value} does not exist; nothing was done. Pass an existing directory`, { flag, path: dir });
  if (!stat.isDirectory()) throw usageError(`--${flag} ${value} is not a directory; nothing was done. Pass a directory`, { flag, path: dir });
  return dir;
}
function strs(args, name) {
  const v = args.flags[name];
  return Array.isArray(v) ? v.map(String) : [];
}
var PROJECT_FLAGS = Object.freeze({
  "repo-root": { type: "string", valueName: "PATH", description: "a directory inside the project (default: current directory)" },
  "allow-non-git": { type: "boolean", description: "accept a plain (non-git) directory as the project, keyed by its path" }
});
function projectFrom(args) {
  return { repoRoot: str(args, "repo-root"), allowNonGit: bool(args, "allow-non-git") };
}
export {
  PROJECT_FLAGS,
  bool,
  closest,
  dirArg,
  num,
  parseArgs,
  projectFrom,
  renderHelp,
  str,
  strs
};
