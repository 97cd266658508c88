// The Node flags every wiring starts the per-prompt hook with (installers, plugin manifests, the OpenCode plugin).
// --preserve-symlinks-main: otherwise Node resolves the main module's real path through fs.realpathSync's
// JavaScript implementation (an lstat per path component) on every prompt. The entry requires the bundle beside
// the path it was started by, which is the same directory either way; a symlinked package directory still
// resolves. Data only, here in core, because installers (lib/install) and the hook (lib/hook) both need it.
export const HOOK_NODE_FLAGS = ["--preserve-symlinks-main"] as const;
