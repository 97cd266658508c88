// lib/records/actor.ts
import { describeAgentShells, detectAgentShells } from "../config/agent-env.js";
import { fileProblems, readConfig } from "../config/config.js";
import { hostOf, hostOptInText } from "../config/hosts.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { isAgentActor, isValidActor } from "../store/history.js";
function resolveActor(flags, fallback = "human") {
  if (flags.taskId !== void 0) {
    const actor2 = `agent:${flags.taskId}`;
    if (!isValidActor(actor2)) throw usageError(`--task-id "${flags.taskId}" is not a valid id (letters, digits, . _ @ -)`);
    if (flags.actor !== void 0 && flags.actor !== actor2) throw usageError(`--actor ${flags.actor} conflicts with --task-id (a caller with a task id is agent:${flags.taskId})`);
    return actor2;
  }
  const actor = flags.actor ?? fallback;
  if (actor === "system")
    throw usageError(`--actor system is reserved for memctl's own writes (memctl import claude records its cards as system); write as human (the default) or host:<name>`);
  if (actor.startsWith("model:"))
    throw usageError(
      `--actor ${actor} is reserved for what a model command wrote (distill --llm stages its candidates as model:<program>; memctl keys writes the keys a configured model wrote); write as human (the default) or host:<name>`
    );
  if (!isValidActor(actor)) throw usageError(`--actor "${actor}" is not one of human, host:<name>, agent:<id>`);
  return actor;
}
function resolveCaller(flags, env, fallback = "human") {
  const claimed = resolveActor(flags, fallback);
  const shells = detectAgentShells(env);
  if (shells.length === 0 || isAgentActor(claimed) || shells.some((s) => claimed === `host:${s.host}`)) return { actor: claimed, shells };
  const actor = `host:${shells[0].host}`;
  return flags.actor !== void 0 ? { actor, shells, overridden: flags.actor } : { actor, shells };
}
function overrideNote(caller) {
  if (caller.overridden === void 0) return void 0;
  return `memctl: --actor ${caller.overridden} ignored: this runs in ${describeAgentShells(caller.shells)}, so it acts as ${caller.actor}
`;
}
function assertMayWrite(actor, what) {
  if (!isAgentActor(actor)) return;
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `${actor} may not ${what}: agents are read-only on canonical memory (it is injected into every later session). Stage it as a proposal instead \u2014 memctl propose NAME -t TYPE -d "one line" --source "where you learned it" --task-id ID (MCP: memory_propose) \u2014 and the owner decides with memctl review / accept / reject.`,
    { actor }
  );
}
function assertOwner(actor, what, shells = []) {
  if (actor === "human" && shells.length === 0) return;
  const where = shells.length > 0 ? ` This runs in ${describeAgentShells(shells)}, so it acts as ${actor} whatever --actor says.` : "";
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `${actor} may not ${what}: that is the owner's decision (what a sync brought in, how far its remote is trusted, memctl's configuration, which hosts are wired), and a host's write opt-in does not reach it.${where} Run it yourself, outside the agent's shell; an agent stages what it learned with memctl propose (MCP: memory_propose).`,
    { actor, ...shells.length > 0 ? { agent_shell: shells.map((s) => s.evidence) } : {} }
  );
}
function directWriteRefusal(actor, what, io, shells = []) {
  const own = hostOf(actor);
  const hosts = [.../* @__PURE__ */ new Set([...own === void 0 ? [] : [own], ...shells.map((s) => s.host)])];
  if (hosts.length === 0) return void 0;
  const config = readConfig(io);
  const host = hosts.find((h) => config.value.hosts[h]?.write !== true);
  if (host === void 0) return void 0;
  const entry = config.value.raw.hosts?.[host];
  const broken = fileProblems(config).length > 0 ? ` (${config.file} cannot be used as it is, so no host may write directly until it is fixed: memctl config lint)` : entry !== void 0 && config.value.hosts[host] === void 0 ? ` ([hosts.${host}] in ${config.file} is malformed and grants nothing: memctl config lint)` : "";
  const where = shells.length > 0 ? ` This runs in ${describeAgentShells(shells)}, so it acts as ${actor} whatever --actor says.` : "";
  const reason = `${actor} may not ${what}: a host proposes and the owner decides, so writing cards directly is opt-in per host${broken}.${where}`;
  return new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `${reason} Nothing was written. Stage it as a proposal instead \u2014 memctl propose NAME -t TYPE -d "one line" --source "where you learned it" --actor ${actor} (MCP: memory_propose) \u2014 for the owner to review / accept. Logging episodes stays open to hosts. If you own this memory and want host:${host} to write directly, add to ${config.file}:
${hostOptInText(host)}`,
    { actor, config_file: config.file, reason, opt_in: hostOptInText(host), ...shells.length > 0 ? { agent_shell: shells.map((s) => s.evidence) } : {} }
  );
}
function assertMayWriteDirectly(actor, what, io, shells = []) {
  const refusal = directWriteRefusal(actor, what, io, shells);
  if (refusal) throw refusal;
}
export {
  assertMayWrite,
  assertMayWriteDirectly,
  assertOwner,
  directWriteRefusal,
  overrideNote,
  resolveActor,
  resolveCaller
};
