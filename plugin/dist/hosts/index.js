// hosts/index.ts
import { claude } from "./claude/adapter.js";
import { codex } from "./codex/adapter.js";
import { generic } from "./generic/adapter.js";
import { grok } from "./grok/adapter.js";
import { opencode } from "./opencode/adapter.js";
import { HOST_NAMES } from "./types.js";
import { HOST_NAMES as HOST_NAMES2 } from "./types.js";
import { normalizePayload } from "./payload.js";
var HOSTS = { claude, codex, generic, grok, opencode };
function isHostName(name) {
  return HOST_NAMES.includes(name);
}
function hostAdapter(name) {
  return isHostName(name) ? HOSTS[name] : void 0;
}
export {
  HOSTS,
  HOST_NAMES2 as HOST_NAMES,
  hostAdapter,
  isHostName,
  normalizePayload
};
