// The Node flags every wiring starts the per-prompt hook with (installers, plugin manifests, the OpenCode plugin).
// --preserve-symlinks-main: otherwise Node resolves the main module's real path through fs.realpathSync's
// JavaScript implementation, compiled and run (an lstat per path component) on every prompt, ~1M instructions.
// The loader finds its body next to the path it was started by, which is the same directory either way; a
// symlinked package directory still resolves. It is a Node flag, not a V8 one, so the code cache is the same.
export const HOOK_NODE_FLAGS = ["--preserve-symlinks-main"] as const;
