// hosts/types.ts
var HOST_NAMES = ["claude", "codex", "opencode", "grok", "generic"];
export {
  HOST_NAMES
};
