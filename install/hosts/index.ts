import type { HostName } from "../context.js";
import type { HostInstaller } from "../host.js";
import { claude } from "./claude.js";
import { codex } from "./codex.js";
import { generic } from "./generic.js";
import { grok } from "./grok.js";
import { opencode } from "./opencode.js";

/**
 * Each host's installer, in the order reports list them. The hosts themselves are registered once, in
 * hosts/index.ts (HOST_NAMES, HOSTS); this table is keyed by that HostName, so a host registered there without
 * an installer here (or the reverse) does not compile. Installers import the hosts' adapters, never the reverse.
 */
export const INSTALLERS: Record<HostName, HostInstaller> = { claude, codex, opencode, grok, generic };
