// lib/core/hook-flags.ts
var HOOK_NODE_FLAGS = ["--preserve-symlinks-main"];
export {
  HOOK_NODE_FLAGS
};
