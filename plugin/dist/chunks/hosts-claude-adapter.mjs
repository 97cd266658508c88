import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  claudeLoadsStoreNatively
} from "./hosts-claude-auto-memory.mjs";
import {
  HOST_NAMES
} from "./hosts-types.mjs";

// hosts/deliver.ts
var SHARED_BUDGET = Object.freeze({ maxBytes: 3e3, maxEntries: 20 });
var HARD_CEILING_BYTES = 8e3;
function asAdditionalContext(text) {
  return {
    stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: text } }) + "\n",
    stderr: "",
    exitCode: 0
  };
}
function asSessionStartContext(text) {
  return asJson(text, (context) => ({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}
function asSessionStartWithNotice(text, notice) {
  if (!notice) return asSessionStartContext(text);
  return asJson(text, (context) => ({ systemMessage: notice, hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } }));
}
function asPlainText(text) {
  return typeof text === "string" ? { stdout: text, stderr: "", exitCode: 0 } : chunked(text.utf8());
}
function asJson(text, shape) {
  if (typeof text === "string") return { stdout: JSON.stringify(shape(text)) + "\n", stderr: "", exitCode: 0 };
  const whole = JSON.stringify(shape(MARK));
  const at = whole.lastIndexOf(MARK_JSON);
  return chunked([Buffer.from(`${whole.slice(0, at)}"`, "utf8"), ...text.json(), Buffer.from(`"${whole.slice(at + MARK_JSON.length)}
`, "utf8")]);
}
var MARK = "\0memctl-text\0";
var MARK_JSON = JSON.stringify(MARK);
function chunked(chunks) {
  let stdout;
  return {
    chunks,
    get stdout() {
      stdout ??= Buffer.concat(chunks).toString("utf8");
      return stdout;
    },
    stderr: "",
    exitCode: 0
  };
}
function unavailableVia(deliver) {
  return (text, reason) => ({ ...deliver(text), stderr: `memctl: memory index unavailable: ${reason}
` });
}

// hosts/payload.ts
function normalizePayload(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return void 0;
  const o = raw;
  const prompt = firstString(o.prompt, o.user_prompt, o.userPrompt, o.message);
  if (prompt === void 0) return void 0;
  const cwd = firstString(o.cwd, o.workspaceRoot, o.workspace_root);
  const sessionId = firstString(o.session_id, o.sessionId);
  return { prompt, ...cwd ? { cwd } : {}, ...sessionId ? { sessionId } : {} };
}
function firstString(...values) {
  for (const v of values) if (typeof v === "string") return v;
  return void 0;
}

// hosts/claude/adapter.ts
var claude = {
  name: "claude",
  budget: { maxBytes: 1500, maxEntries: 10 },
  budgetWithoutNativeIndex: SHARED_BUDGET,
  loadsIndexNatively: claudeLoadsStoreNatively,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "auxiliary",
  logCommand: "/mem-log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: true,
  context: asAdditionalContext,
  sessionContext: asSessionStartWithNotice,
  unavailable: unavailableVia(asAdditionalContext)
};

// hosts/codex/adapter.ts
var codex = {
  name: "codex",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "auxiliary",
  logCommand: "$mem-log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: true,
  context: asAdditionalContext,
  sessionContext: asSessionStartContext,
  unavailable: unavailableVia(asAdditionalContext)
};

// hosts/generic/adapter.ts
var generic = {
  name: "generic",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  logCommand: "memctl log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: false,
  context: asPlainText,
  sessionContext: asPlainText,
  unavailable: unavailableVia(asPlainText)
};

// hosts/grok/adapter.ts
var grok = {
  name: "grok",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  logCommand: "/mem-log",
  normalize: normalizePayload,
  injectsContext: false,
  keepsContext: false,
  context: asPlainText,
  sessionContext: asPlainText,
  unavailable: unavailableVia(asPlainText)
};

// hosts/opencode/adapter.ts
var opencode = {
  name: "opencode",
  budget: SHARED_BUDGET,
  hardCeilingBytes: HARD_CEILING_BYTES,
  nativeMemory: "unknown",
  logCommand: "/mem-log",
  normalize: normalizePayload,
  injectsContext: true,
  keepsContext: false,
  context: asPlainText,
  sessionContext: asPlainText,
  unavailable: unavailableVia(asPlainText)
};

// hosts/index.ts
var HOSTS = { claude, codex, generic, grok, opencode };
function isHostName(name) {
  return HOST_NAMES.includes(name);
}
function hostAdapter(name) {
  return isHostName(name) ? HOSTS[name] : void 0;
}

export {
  SHARED_BUDGET,
  HOSTS,
  isHostName,
  hostAdapter
};
