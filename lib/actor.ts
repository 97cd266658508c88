import { ERROR_CODES, MemctlError, usageError } from "./errors.js";
import { isAgentActor, isValidActor } from "./history.js";

// Who is writing. Every write is attributed: "human" from the CLI by default, "host:<name>" for a host
// adapter, "agent:<id>" for an agent, "system" for imports. Agents are read-only: memory is injected into
// every later session, so an agent-writable store would be a prompt-injection channel into all of them.

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
  if (!isValidActor(actor)) throw usageError(`--actor "${actor}" is not one of human, system, host:<name>, agent:<id>`);
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
