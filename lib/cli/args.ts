import fs from "node:fs";
import path from "node:path";
import { usageError } from "../core/errors.js";

import { closest } from "../core/closest.js";

export { closest };

/** One flag, declared as data so parsing and --help come from the same source. */
export interface FlagSpec {
  type: "string" | "boolean" | "number";
  short?: string;
  description: string;
  /** Name shown for the value in help, e.g. PATH. */
  valueName?: string;
  multiple?: boolean;
}

export interface PositionalSpec {
  name: string;
  description: string;
  required?: boolean;
  variadic?: boolean;
  /** What shell completion offers here: fixed words, or the store's card names. */
  completes?: readonly string[] | "card";
}

/** A command's interface: what it takes, what it does, how it exits. */
export interface CommandSpec {
  name: string;
  summary: string;
  flags: Record<string, FlagSpec>;
  positionals?: PositionalSpec[];
  exitCodes: Record<number, string>;
  examples?: string[];
  /** Extra help text after the flag table. */
  notes?: string;
}

export type FlagValue = string | boolean | number | string[] | number[] | undefined;

export interface ParsedArgs {
  flags: Record<string, FlagValue>;
  positionals: string[];
}

/** Parses argv against a spec; unknown flags and bad values throw E_USAGE with a one-line hint. */
export function parseArgs(spec: CommandSpec, argv: readonly string[]): ParsedArgs {
  const flags: Record<string, FlagValue> = {};
  const positionals: string[] = [];
  const byShort = new Map(
    Object.entries(spec.flags)
      .filter(([, f]) => f.short)
      .map(([name, f]) => [f.short!, name]),
  );
  const hint = `run "memctl ${spec.name} --help" for usage`;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-") || /^-\d/.test(arg)) {
      positionals.push(arg);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq === -1 ? undefined : arg.slice(eq + 1);
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
      if (inline !== undefined) throw usageError(`flag --${name} takes no value; ${hint}`);
      flags[name] = true;
      continue;
    }
    const raw = inline ?? argv[++i];
    if (raw === undefined) throw usageError(`flag --${name} needs a value (${flag.valueName ?? flag.type}); ${hint}`);
    const value = flag.type === "number" ? toNumber(name, raw, hint) : raw;
    if (flag.multiple) flags[name] = [...((flags[name] as (string | number)[] | undefined) ?? []), value] as string[] | number[];
    else flags[name] = value;
  }

  const specs = spec.positionals ?? [];
  const required = specs.filter((p) => p.required).length;
  if (positionals.length < required) {
    const missing = specs[positionals.length]!;
    throw usageError(`missing argument <${missing.name}> for "memctl ${spec.name}"; ${hint}`);
  }
  if (!specs.some((p) => p.variadic) && positionals.length > specs.length) {
    throw usageError(`unexpected argument "${positionals[specs.length]}" for "memctl ${spec.name}"; ${hint}`);
  }
  return { flags, positionals };
}

function toNumber(name: string, raw: string, hint: string): number {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || !Number.isInteger(n) || n < 0) {
    throw usageError(`flag --${name} needs a non-negative integer, got "${raw}"; ${hint}`);
  }
  return n;
}

/** Renders --help from the spec: usage, flags, exit codes, examples. */
export function renderHelp(spec: CommandSpec): string {
  const pos = (spec.positionals ?? []).map((p) => {
    const inner = `${p.name}${p.variadic ? "..." : ""}`;
    return p.required ? `<${inner}>` : `[${inner}]`;
  });
  const lines = [`memctl ${spec.name} — ${spec.summary}`, "", `Usage: memctl ${[spec.name, ...pos, "[flags]"].join(" ")}`];
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

/** Typed accessors so commands don't cast. */
export function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags[name];
  return typeof v === "string" ? v : undefined;
}
export function num(args: ParsedArgs, name: string): number | undefined {
  const v = args.flags[name];
  return typeof v === "number" ? v : undefined;
}
export function bool(args: ParsedArgs, name: string): boolean {
  return args.flags[name] === true;
}
/** A directory flag's value resolved against `cwd`; one that is not an existing directory is a usage error (exit 2), not a silent empty result. */
export function dirArg(cwd: string, flag: string, value: string): string {
  const dir = path.resolve(cwd, value);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir, { throwIfNoEntry: false });
  } catch (err) {
    throw usageError(`--${flag} ${value} cannot be read (${(err as Error).message}); nothing was done`, { flag, path: dir });
  }
  if (!stat) throw usageError(`--${flag} ${value} does not exist; nothing was done. Pass an existing directory`, { flag, path: dir });
  if (!stat.isDirectory()) throw usageError(`--${flag} ${value} is not a directory; nothing was done. Pass a directory`, { flag, path: dir });
  return dir;
}

export function strs(args: ParsedArgs, name: string): string[] {
  const v = args.flags[name];
  return Array.isArray(v) ? v.map(String) : [];
}

/**
 * The ONE definition of how a command names its project: every command that resolves a store spreads these
 * flags and reads them with projectFrom, so --allow-non-git means the same everywhere (seed 001).
 */
export const PROJECT_FLAGS: Readonly<Record<"repo-root" | "allow-non-git", FlagSpec>> = Object.freeze({
  "repo-root": { type: "string", valueName: "PATH", description: "a directory inside the project (default: current directory)" },
  "allow-non-git": { type: "boolean", description: "accept a plain (non-git) directory as the project, keyed by its path" },
});

/** The resolver options the project flags select. */
export function projectFrom(args: ParsedArgs): { repoRoot: string | undefined; allowNonGit: boolean } {
  return { repoRoot: str(args, "repo-root"), allowNonGit: bool(args, "allow-non-git") };
}
