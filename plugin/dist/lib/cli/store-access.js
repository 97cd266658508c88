// lib/cli/store-access.ts
import fs from "node:fs";
import path from "node:path";
import { assertMayWriteDirectly, assertOwner, overrideNote, resolveCaller } from "../records/actor.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { configuredGuardrails } from "../records/guardrails.js";
import { resolveMemory } from "../config/resolve.js";
import { secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import { PROJECT_FLAGS, projectFrom, str, strs } from "./args.js";
import { readStoreOrEmptyIndex } from "../store/read.js";
var STORE_FLAGS = PROJECT_FLAGS;
var ACTOR_FLAGS = {
  actor: {
    type: "string",
    valueName: "WHO",
    description: "who is writing: human (default), host:<name> (logs and proposes; writes cards only with [hosts.<name>] write = true in the config), agent:<id>"
  },
  "task-id": { type: "string", valueName: "ID", description: "the calling agent's task id (makes the caller agent:<ID>, read-only)" }
};
var JSON_FLAG = { json: { type: "boolean", description: "print one JSON object (schema_version 1)" } };
function requireStore(args, io) {
  const resolution = resolveMemory(projectFrom(args), io);
  if (resolution.status === "invalid-explicit") {
    throw new MemctlError(ERROR_CODES.E_INVALID_EXPLICIT, `invalid explicit memory selection: ${resolution.reason}`, {
      resolution_source: resolution.resolution_source,
      memory_dir: resolution.memory_dir
    });
  }
  if (resolution.status !== "resolved" || !resolution.memory_dir) {
    throw new MemctlError(ERROR_CODES.E_UNAVAILABLE, `no memory store for this project: ${resolution.reason}`, { resolution_source: resolution.resolution_source });
  }
  return { memoryDir: resolution.memory_dir, resolution };
}
function callerFrom(args, io, fallback = "human") {
  const caller = resolveCaller({ actor: str(args, "actor"), taskId: str(args, "task-id") }, io.env, fallback);
  const note = overrideNote(caller);
  if (note) io.stderr.write(note);
  return caller;
}
function actorFrom(args, io, fallback = "human") {
  return callerFrom(args, io, fallback).actor;
}
function directWriterFrom(args, io, what = "write memory cards directly") {
  const caller = callerFrom(args, io);
  assertMayWriteDirectly(caller.actor, what, io, caller.shells);
  return caller.actor;
}
function assertOwnerOnly(io, what) {
  const caller = resolveCaller({}, io.env);
  assertOwner(caller.actor, what, caller.shells);
}
function writeContext(args, io, memoryDir) {
  return { memoryDir, actor: directWriterFrom(args, io), now: io.now(), commit: pauseFromEnv(io.env), guardrails: configuredGuardrails(io), secrets: secretPolicy(io) };
}
function listFrom(args, flag, separator) {
  const flags = strs(args, flag);
  return flags.length > 0 ? flags.flatMap((v) => v.split(separator)).map((v) => v.trim()).filter(Boolean) : void 0;
}
var topicsFrom = (args) => listFrom(args, "topics", ",");
var recallFrom = (args) => listFrom(args, "recall", "|");
var scopeFrom = (args) => listFrom(args, "scope", ",");
function cardFieldsFrom(args, name, body) {
  return {
    name,
    type: str(args, "type"),
    description: str(args, "description"),
    body,
    topics: topicsFrom(args),
    recall: recallFrom(args),
    scope: scopeFrom(args)
  };
}
var SCOPE_FLAG = {
  scope: {
    type: "string",
    valueName: "A,B",
    description: 'where in the repository the card applies: directories or globs relative to its root (packages/api, apps/*/src); replaces the list, "" clears it',
    multiple: true
  }
};
var RECALL_FLAG = {
  recall: {
    type: "string",
    valueName: "A|B",
    description: "recall keys: ways people will ask for this card (symptoms, questions, synonyms), |-separated (replaces the list)",
    multiple: true
  }
};
async function cardBodyFrom(args, io) {
  const [, dash] = args.positionals;
  if (dash !== void 0 && dash !== "-") throw usageError(`unexpected argument "${dash}"; pass - to read the body from stdin`);
  const bodyFile = str(args, "body-file");
  if (dash && bodyFile) throw usageError("give the body either with --body-file or with -, not both");
  if (dash || bodyFile === "-") {
    if (!io.readStdin) throw usageError("no standard input to read the body from");
    return (await io.readStdin()).toString("utf8");
  }
  if (bodyFile === void 0) return void 0;
  const file = path.resolve(io.cwd, bodyFile);
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    throw usageError(`--body-file ${file} cannot be read: ${err.message}`);
  }
}
export {
  ACTOR_FLAGS,
  JSON_FLAG,
  RECALL_FLAG,
  SCOPE_FLAG,
  STORE_FLAGS,
  actorFrom,
  assertOwnerOnly,
  callerFrom,
  cardBodyFrom,
  cardFieldsFrom,
  directWriterFrom,
  readStoreOrEmptyIndex,
  recallFrom,
  requireStore,
  scopeFrom,
  topicsFrom,
  writeContext
};
