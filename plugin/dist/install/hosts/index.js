// install/hosts/index.ts
import { claude } from "./claude.js";
import { codex } from "./codex.js";
import { generic } from "./generic.js";
import { grok } from "./grok.js";
import { opencode } from "./opencode.js";
var INSTALLERS = { claude, codex, opencode, grok, generic };
export {
  INSTALLERS
};
