// lib/hook/reset.ts
import path from "node:path";
import { readConfig } from "../config/config.js";
import { resolveMemory } from "../config/resolve.js";
import { hostAdapter, HOSTS } from "../../hosts/index.js";
import { forgetSession, sessionKeys } from "./session-state.js";
import { sessionSecret } from "../store/session-secret.js";
var FRESH_SOURCES = /* @__PURE__ */ new Set(["compact", "clear"]);
function startsAfresh(payload) {
  const event = String(payload.hook_event_name ?? payload.hookEventName ?? "").toLowerCase();
  if (event === "precompact" || event === "pre_compact" || event === "postcompact" || event === "post_compact") return true;
  if (event === "sessionstart" || event === "session_start") return FRESH_SOURCES.has(String(payload.source ?? ""));
  return false;
}
function resetFromPayload(raw, hostName, io) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { status: "no-session" };
  const o = raw;
  const sessionId = typeof o.session_id === "string" ? o.session_id : typeof o.sessionId === "string" ? o.sessionId : void 0;
  const cwd = typeof o.cwd === "string" ? o.cwd : typeof o.workspaceRoot === "string" ? o.workspaceRoot : void 0;
  if (!sessionId || !cwd || !path.isAbsolute(cwd)) return { status: "no-session" };
  if (!startsAfresh(o)) return { status: "kept" };
  try {
    const resolution = resolveMemory({ repoRoot: cwd, allowNonGit: true, compatibility: true }, io, readConfig(io));
    if (resolution.status !== "resolved" || !resolution.memory_dir) return { status: "no-store" };
    forgetSession(
      resolution.memory_dir,
      sessionKeys(sessionSecret(io), (hostAdapter(hostName) ?? HOSTS.generic).name, sessionId),
      io.now().getTime(),
      String(o.hook_event_name ?? o.hookEventName ?? "reset")
    );
    return { status: "reset" };
  } catch (err) {
    return { status: "failed", message: err.message };
  }
}
export {
  resetFromPayload,
  startsAfresh
};
