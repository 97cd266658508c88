import { type AgentShell, describeAgentShells, detectAgentShells } from "../config/agent-env.js";
import { fileProblems, readConfig } from "../config/config.js";
import { hostOf, hostOptInText } from "../config/hosts.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { isAgentActor, isValidActor } from "../store/history.js";
import type { Io } from "../store/io.js";

// Who is writing. Every write is attributed: "human" from the CLI by default, "host:<name>" for a host
// adapter, "agent:<id>" for an agent, "system" for imports. Agents are read-only: memory is injected into
// every later session, so an agent-writable store would be a prompt-injection channel into all of them.
// Hosts log and propose; they write cards directly only when the owner opted them in ([hosts.<name>]).
// "system" is memctl's own importer: no caller may claim it. A command run from an agent host's shell is
// that host's whatever --actor says (lib/config/agent-env.ts): the marks can lower an actor, never raise it.

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
  if (actor.startsWith("model:"))
    throw usageError(
      `--actor ${actor} is reserved for what a model command wrote (distill --llm stages its candidates as model:<program>; memctl keys writes the keys a configured model wrote); write as human (the default) or host:<name>`,
    );
  if (!isValidActor(actor)) throw usageError(`--actor "${actor}" is not one of human, host:<name>, agent:<id>`);
  return actor;
}

export interface Caller {
  actor: string;
  /** The agent hosts whose marks are in the environment (empty for a person's own shell). */
  shells: AgentShell[];
  /** The --actor the marks overrode ("human" from inside Claude's shell), for a warning. */
  overridden?: string;
}

/**
 * The actor for a caller in `env`: the flags' actor, unless the environment says the command runs in an agent
 * host's shell; then it is that host (host:<name>), or the flags' agent:<id> (lower still). An explicit
 * `--actor human` or another host's name is overridden and reported, so an agent cannot claim the owner.
 */
export function resolveCaller(flags: CallerFlags, env: Record<string, string | undefined>, fallback = "human"): Caller {
  const claimed = resolveActor(flags, fallback);
  const shells = detectAgentShells(env);
  if (shells.length === 0 || isAgentActor(claimed) || shells.some((s) => claimed === `host:${s.host}`)) return { actor: claimed, shells };
  const actor = `host:${shells[0]!.host}`;
  return flags.actor !== undefined ? { actor, shells, overridden: flags.actor } : { actor, shells };
}

/** The stderr line for an overridden --actor; undefined when nothing was overridden. */
export function overrideNote(caller: Caller): string | undefined {
  if (caller.overridden === undefined) return undefined;
  return `memctl: --actor ${caller.overridden} ignored: this runs in ${describeAgentShells(caller.shells)}, so it acts as ${caller.actor}\n`;
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
 * Refuses anyone but the owner ("human", outside every agent's shell): what a sync holds, how far the remote is
 * trusted, memctl's configuration and which hosts are wired are the owner's, and `[hosts.<name>] write = true` lets a
 * host write cards, not decide those (it could release a card it may not read, or move or unwire the store).
 */
export function assertOwner(actor: string, what: string, shells: readonly AgentShell[] = []): void {
  if (actor === "human" && shells.length === 0) return;
  const where = shells.length > 0 ? ` This runs in ${describeAgentShells(shells)}, so it acts as ${actor} whatever --actor says.` : "";
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `${actor} may not ${what}: that is the owner's decision (what a sync brought in, how far its remote is trusted, memctl's configuration, which hosts are wired), and a host's write opt-in does not reach it.${where} Run it yourself, outside the agent's shell; an agent stages what it learned with memctl propose (MCP: memory_propose).`,
    { actor, ...(shells.length > 0 ? { agent_shell: shells.map((s) => s.evidence) } : {}) },
  );
}

/**
 * Why `actor` may not write canonical memory directly, or undefined when it may: a host needs the owner's opt-in
 * (`[hosts.<name>] write = true` in the user config), and so does every agent host whose shell the command runs
 * in. Agents are refused by assertMayWrite in the library, with its own wording. The config is read only for hosts.
 */
export function directWriteRefusal(actor: string, what: string, io: Pick<Io, "env" | "home">, shells: readonly AgentShell[] = []): MemctlError | undefined {
  const own = hostOf(actor);
  const hosts = [...new Set([...(own === undefined ? [] : [own]), ...shells.map((s) => s.host)])];
  if (hosts.length === 0) return undefined;
  const config = readConfig(io);
  const host = hosts.find((h) => config.value.hosts[h]?.write !== true);
  if (host === undefined) return undefined;
  const entry = (config.value.raw.hosts as Record<string, unknown> | undefined)?.[host];
  const broken =
    fileProblems(config).length > 0
      ? ` (${config.file} cannot be used as it is, so no host may write directly until it is fixed: memctl config lint)`
      : entry !== undefined && config.value.hosts[host] === undefined
        ? ` ([hosts.${host}] in ${config.file} is malformed and grants nothing: memctl config lint)`
        : "";
  const where = shells.length > 0 ? ` This runs in ${describeAgentShells(shells)}, so it acts as ${actor} whatever --actor says.` : "";
  const reason = `${actor} may not ${what}: a host proposes and the owner decides, so writing cards directly is opt-in per host${broken}.${where}`;
  return new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `${reason} Nothing was written. ` +
      `Stage it as a proposal instead — memctl propose NAME -t TYPE -d "one line" --source "where you learned it" --actor ${actor} (MCP: memory_propose) — for the owner to review / accept. ` +
      `Logging episodes stays open to hosts. If you own this memory and want host:${host} to write directly, add to ${config.file}:\n${hostOptInText(host)}`,
    { actor, config_file: config.file, reason, opt_in: hostOptInText(host), ...(shells.length > 0 ? { agent_shell: shells.map((s) => s.evidence) } : {}) },
  );
}

/** Throws directWriteRefusal's error, if any. */
export function assertMayWriteDirectly(actor: string, what: string, io: Pick<Io, "env" | "home">, shells: readonly AgentShell[] = []): void {
  const refusal = directWriteRefusal(actor, what, io, shells);
  if (refusal) throw refusal;
}
