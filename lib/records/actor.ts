import { fileProblems, readConfig } from "../config/config.js";
import { hostOf, hostOptInText } from "../config/hosts.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { isAgentActor, isValidActor } from "../store/history.js";
import type { Io } from "../store/io.js";

// Who is writing. Every write is attributed: "human" from the CLI by default, "host:<name>" for a host
// adapter, "agent:<id>" for an agent, "system" for imports. Agents are read-only: memory is injected into
// every later session, so an agent-writable store would be a prompt-injection channel into all of them.
// Hosts log and propose; they write cards directly only when the owner opted them in ([hosts.<name>]).
// "system" is memctl's own importer: no caller may claim it.

export interface CallerFlags {
  actor?: string;
  /** An agent's task id; its presence alone makes the caller an agent. */
  taskId?: string;
}

/** The actor string for a caller; throws E_USAGE for a malformed --actor or --task-id. */
export function resolveActor(flags: CallerFlags, fallback = "human"): string {
  if (flags.taskId !== undefined) {
    const actor = `agent:${flags.taskId}`;
    if (!isValidActor(actor)) throw usageError(`--task-id "${flags.taskId}" is not a valid id (letters, digits, . _ @ -)`);
    if (flags.actor !== undefined && flags.actor !== actor) throw usageError(`--actor ${flags.actor} conflicts with --task-id (a caller with a task id is agent:${flags.taskId})`);
    return actor;
  }
  const actor = flags.actor ?? fallback;
  if (actor === "system")
    throw usageError(`--actor system is reserved for memctl's own writes (memctl import claude records its cards as system); write as human (the default) or host:<name>`);
  if (!isValidActor(actor)) throw usageError(`--actor "${actor}" is not one of human, host:<name>, agent:<id>`);
  return actor;
}

/** Refuses a write by an agent, pointing at the proposal route instead. */
export function assertMayWrite(actor: string, what: string): void {
  if (!isAgentActor(actor)) return;
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `${actor} may not ${what}: agents are read-only on canonical memory (it is injected into every later session). Stage it as a proposal instead — memctl propose NAME -t TYPE -d "one line" --source "where you learned it" --task-id ID (MCP: memory_propose) — and the owner decides with memctl review / accept / reject.`,
    { actor },
  );
}

/**
 * Refuses a direct write to canonical memory by a host the owner has not opted in (`[hosts.<name>] write =
 * true` in the user config), at the boundary where the actor is claimed; agents are refused by assertMayWrite
 * in the library, with its own wording. The config is read only for host actors.
 */
export function assertMayWriteDirectly(actor: string, what: string, io: Pick<Io, "env" | "home">): void {
  const host = hostOf(actor);
  if (host === undefined) return;
  const config = readConfig(io);
  if (config.value.hosts[host]?.write === true) return;
  const entry = (config.value.raw.hosts as Record<string, unknown> | undefined)?.[host];
  const broken =
    fileProblems(config).length > 0
      ? ` (${config.file} cannot be used as it is, so no host may write directly until it is fixed: memctl config lint)`
      : entry !== undefined && config.value.hosts[host] === undefined
        ? ` ([hosts.${host}] in ${config.file} is malformed and grants nothing: memctl config lint)`
        : "";
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `${actor} may not ${what}: a host proposes and the owner decides, so writing cards directly is opt-in per host${broken}. Nothing was written. ` +
      `Stage it as a proposal instead — memctl propose NAME -t TYPE -d "one line" --source "where you learned it" --actor ${actor} (MCP: memory_propose) — for the owner to review / accept. ` +
      `Logging episodes stays open to hosts. If you own this memory and want ${actor} to write directly, add to ${config.file}:\n${hostOptInText(host)}`,
    { actor, config_file: config.file },
  );
}
