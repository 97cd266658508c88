import fs from "node:fs";
import path from "node:path";
import { assertMayWriteDirectly, assertOwner, type Caller, overrideNote, resolveCaller } from "../records/actor.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { configuredGuardrails } from "../records/guardrails.js";
import type { Io } from "../store/io.js";
import type { WriteContext } from "../records/save.js";
import { resolveMemory, type Resolution } from "../config/resolve.js";
import { secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import { PROJECT_FLAGS, projectFrom, str, strs, type FlagSpec, type ParsedArgs } from "./args.js";

// Shared by every command that reads or writes the store: the store is always the strict resolver's
// answer for --repo-root (never a directory the caller guesses), and the writer is always attributed.

export const STORE_FLAGS: Record<string, FlagSpec> = PROJECT_FLAGS;

export const ACTOR_FLAGS: Record<string, FlagSpec> = {
  actor: {
    type: "string",
    valueName: "WHO",
    description: "who is writing: human (default), host:<name> (logs and proposes; writes cards only with [hosts.<name>] write = true in the config), agent:<id>",
  },
  "task-id": { type: "string", valueName: "ID", description: "the calling agent's task id (makes the caller agent:<ID>, read-only)" },
};

export const JSON_FLAG: Record<string, FlagSpec> = { json: { type: "boolean", description: "print one JSON object (schema_version 1)" } };

export interface ResolvedStore {
  memoryDir: string;
  resolution: Resolution;
}

/** The resolved store, or E_INVALID_EXPLICIT (exit 3) / E_UNAVAILABLE (exit 1) saying what to do. */
export function requireStore(args: ParsedArgs, io: Io): ResolvedStore {
  const resolution = resolveMemory(projectFrom(args), io);
  if (resolution.status === "invalid-explicit") {
    throw new MemctlError(ERROR_CODES.E_INVALID_EXPLICIT, `invalid explicit memory selection: ${resolution.reason}`, {
      resolution_source: resolution.resolution_source,
      memory_dir: resolution.memory_dir,
    });
  }
  if (resolution.status !== "resolved" || !resolution.memory_dir) {
    throw new MemctlError(ERROR_CODES.E_UNAVAILABLE, `no memory store for this project: ${resolution.reason}`, { resolution_source: resolution.resolution_source });
  }
  return { memoryDir: resolution.memory_dir, resolution };
}

/** Who is calling: --actor / --task-id, lowered to the host when the command runs in an agent host's shell (warned on stderr). */
export function callerFrom(args: ParsedArgs, io: Io, fallback = "human"): Caller {
  const caller = resolveCaller({ actor: str(args, "actor"), taskId: str(args, "task-id") }, io.env, fallback);
  const note = overrideNote(caller);
  if (note) io.stderr.write(note);
  return caller;
}

export function actorFrom(args: ParsedArgs, io: Io, fallback = "human"): string {
  return callerFrom(args, io, fallback).actor;
}

/** The actor of a direct write to canonical memory: a host the owner has not opted in is refused (E_READ_ONLY); agents are refused by the write itself. */
export function directWriterFrom(args: ParsedArgs, io: Io, what = "write memory cards directly"): string {
  const caller = callerFrom(args, io);
  assertMayWriteDirectly(caller.actor, what, io, caller.shells);
  return caller.actor;
}

/** For the owner's decisions (sync init / trust / --rebuild-hold, accepting or rejecting an arrival, config set / migrate, install / uninstall): refused in every agent host's shell, opted in or not. */
export function assertOwnerOnly(io: Io, what: string): void {
  const caller = resolveCaller({}, io.env);
  assertOwner(caller.actor, what, caller.shells);
}

/** The write context for the resolved store: attributed (and allowed) actor, injected clock, the documented pause point. */
export function writeContext(args: ParsedArgs, io: Io, memoryDir: string): WriteContext {
  return { memoryDir, actor: directWriterFrom(args, io), now: io.now(), commit: pauseFromEnv(io.env), guardrails: configuredGuardrails(io), secrets: secretPolicy(io) };
}

export { readStoreOrEmptyIndex } from "../store/read.js";

/** Repeatable list flags split on `separator`, trimmed; undefined when none was given (keep the card's), [] for `""`. */
function listFrom(args: ParsedArgs, flag: string, separator: string): string[] | undefined {
  const flags = strs(args, flag);
  return flags.length > 0
    ? flags
        .flatMap((v) => v.split(separator))
        .map((v) => v.trim())
        .filter(Boolean)
    : undefined;
}

/** Topics from repeatable, comma-separated --topics flags. */
export const topicsFrom = (args: ParsedArgs) => listFrom(args, "topics", ",");
/** Recall keys from repeatable --recall flags, each split on "|" (a key may hold commas, unlike a topic). */
export const recallFrom = (args: ParsedArgs) => listFrom(args, "recall", "|");
/** --scope A,B (repeatable): the card's scope list; --scope "" gives [] (clears it: the card applies everywhere). */
export const scopeFrom = (args: ParsedArgs) => listFrom(args, "scope", ",");

/** The card fields save and propose both take from their flags. */
export function cardFieldsFrom(args: ParsedArgs, name: string, body: string | undefined) {
  return {
    name,
    type: str(args, "type"),
    description: str(args, "description"),
    body,
    topics: topicsFrom(args),
    recall: recallFrom(args),
    scope: scopeFrom(args),
  };
}

export const SCOPE_FLAG: Record<string, FlagSpec> = {
  scope: {
    type: "string",
    valueName: "A,B",
    description: 'where in the repository the card applies: directories or globs relative to its root (packages/api, apps/*/src); replaces the list, "" clears it',
    multiple: true,
  },
};

export const RECALL_FLAG: Record<string, FlagSpec> = {
  recall: {
    type: "string",
    valueName: "A|B",
    description: "recall keys: ways people will ask for this card (symptoms, questions, synonyms), |-separated (replaces the list)",
    multiple: true,
  },
};

/** A card body from `-` (stdin) or --body-file (a path, or - for stdin); undefined when neither was given. */
export async function cardBodyFrom(args: ParsedArgs, io: Io): Promise<string | undefined> {
  const [, dash] = args.positionals as [string, string?];
  if (dash !== undefined && dash !== "-") throw usageError(`unexpected argument "${dash}"; pass - to read the body from stdin`);
  const bodyFile = str(args, "body-file");
  if (dash && bodyFile) throw usageError("give the body either with --body-file or with -, not both");
  if (dash || bodyFile === "-") {
    if (!io.readStdin) throw usageError("no standard input to read the body from");
    return (await io.readStdin()).toString("utf8");
  }
  if (bodyFile === undefined) return undefined;
  const file = path.resolve(io.cwd, bodyFile);
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    throw usageError(`--body-file ${file} cannot be read: ${(err as Error).message}`);
  }
}
