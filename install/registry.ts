import type { HostName } from "./context.js";
import type { HostInstaller } from "./host.js";
import { claude } from "./hosts/claude.js";
import { codex } from "./hosts/codex.js";
import { generic } from "./hosts/generic.js";
import { grok } from "./hosts/grok.js";
import { opencode } from "./hosts/opencode.js";

/** Installer adapters by host name, in the order reports list them. */
export const INSTALLERS: Record<HostName, HostInstaller> = { claude, codex, opencode, grok, generic };
