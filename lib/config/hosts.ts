// `[hosts.<name>]` in the user config: what the owner lets a host identity (`host:<name>`) do. Hosts log and
// propose by default; `write = true` is the owner's explicit opt-in for writing cards directly (seed 003:
// writing is opt-in per agent). Anything malformed grants nothing.

export interface HostPolicy {
  /** The owner lets this host write canonical memory directly (save, rm, manage, MCP memory_manage). */
  write: boolean;
}

/** A host name as it appears after `host:` (the names installers use: claude, codex, opencode, grok, …). */
export const HOST_POLICY_NAME = /^[a-z][a-z0-9._-]{0,31}$/;

const KNOWN_HOST_KEYS = new Set(["write"]);

/** Validates the `hosts` table; only well-formed entries reach the result. */
export function validateHostsTable(raw: unknown, invalid: (message: string) => void, warn: (message: string) => void): Record<string, HostPolicy> {
  const hosts: Record<string, HostPolicy> = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || raw instanceof Date) {
    invalid("hosts must be a table of [hosts.<name>] entries, e.g. [hosts.claude] with write = true");
    return hosts;
  }
  for (const [name, entry] of Object.entries(raw as Record<string, unknown>)) {
    const where = HOST_POLICY_NAME.test(name) ? `hosts.${name}` : `hosts.${JSON.stringify(name)}`;
    if (!HOST_POLICY_NAME.test(name)) {
      invalid(`${where} is not a host name (lowercase letters, digits, . _ -, as in host:claude); it grants nothing`);
      continue;
    }
    if (typeof entry !== "object" || entry === null || Array.isArray(entry) || entry instanceof Date) {
      invalid(`${where} must be a table, e.g. [${where}] with write = true`);
      continue;
    }
    const table = entry as Record<string, unknown>;
    for (const key of Object.keys(table)) if (!KNOWN_HOST_KEYS.has(key)) warn(`unknown key "${key}" in [${where}] (kept as is; the only key is write)`);
    if (table.write !== undefined && typeof table.write !== "boolean") {
      invalid(`${where}.write must be true or false, got ${JSON.stringify(table.write)}; until it is fixed host:${name} may not write directly`);
      continue;
    }
    hosts[name] = { write: table.write === true };
  }
  return hosts;
}

/** `host:<name>` → name; undefined for every other actor. */
export function hostOf(actor: string): string | undefined {
  return actor.startsWith("host:") ? actor.slice("host:".length) : undefined;
}

/** The lines a user adds to the config to let `host` write directly. */
export function hostOptInText(host: string): string {
  return `[hosts.${host}]\nwrite = true`;
}
