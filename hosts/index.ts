import { claude } from "./claude/adapter.js";
import { codex } from "./codex/adapter.js";
import { generic } from "./generic/adapter.js";
import { grok } from "./grok/adapter.js";
import { opencode } from "./opencode/adapter.js";
import { HOST_NAMES, type HostAdapter, type HostName } from "./types.js";

export { HOST_NAMES, type Budget, type HookOutcome, type HookPayload, type HostAdapter, type HostName } from "./types.js";
export { normalizePayload } from "./payload.js";

/** The host registry: every per-host difference is a field of one of these objects. */
export const HOSTS: Readonly<Record<HostName, HostAdapter>> = { claude, codex, generic, grok, opencode };

export function isHostName(name: string): name is HostName {
  return (HOST_NAMES as readonly string[]).includes(name);
}

/** The adapter for a host name; unknown names get undefined so callers can report a usage error. */
export function hostAdapter(name: string): HostAdapter | undefined {
  return isHostName(name) ? HOSTS[name] : undefined;
}
