// lib/config/hosts.ts
var HOST_POLICY_NAME = /^[a-z][a-z0-9._-]{0,31}$/;
var KNOWN_HOST_KEYS = /* @__PURE__ */ new Set(["write"]);
function validateHostsTable(raw, invalid, warn) {
  const hosts = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || raw instanceof Date) {
    invalid("hosts must be a table of [hosts.<name>] entries, e.g. [hosts.claude] with write = true");
    return hosts;
  }
  for (const [name, entry] of Object.entries(raw)) {
    const where = HOST_POLICY_NAME.test(name) ? `hosts.${name}` : `hosts.${JSON.stringify(name)}`;
    if (!HOST_POLICY_NAME.test(name)) {
      invalid(`${where} is not a host name (lowercase letters, digits, . _ -, as in host:claude); it grants nothing`);
      continue;
    }
    if (typeof entry !== "object" || entry === null || Array.isArray(entry) || entry instanceof Date) {
      invalid(`${where} must be a table, e.g. [${where}] with write = true`);
      continue;
    }
    const table = entry;
    for (const key of Object.keys(table)) if (!KNOWN_HOST_KEYS.has(key)) warn(`unknown key "${key}" in [${where}] (kept as is; the only key is write)`);
    if (table.write !== void 0 && typeof table.write !== "boolean") {
      invalid(`${where}.write must be true or false, got ${JSON.stringify(table.write)}; until it is fixed host:${name} may not write directly`);
      continue;
    }
    hosts[name] = { write: table.write === true };
  }
  return hosts;
}
function hostOf(actor) {
  return actor.startsWith("host:") ? actor.slice("host:".length) : void 0;
}
function hostOptInText(host) {
  return `[hosts.${host}]
write = true`;
}
export {
  HOST_POLICY_NAME,
  hostOf,
  hostOptInText,
  validateHostsTable
};
