import type { HostName } from "./context.js";
import type { HostInstaller } from "./host.js";
import { claude } from "../hosts/claude/install.js";
import { codex } from "../hosts/codex/install.js";
import { generic } from "../hosts/generic/install.js";
import { grok } from "../hosts/grok/install.js";
import { opencode } from "../hosts/opencode/install.js";

/** Installer adapters by host name, in the order reports list them. */
export const INSTALLERS: Record<HostName, HostInstaller> = { claude, codex, opencode, grok, generic };
