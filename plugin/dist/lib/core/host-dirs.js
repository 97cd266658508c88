// lib/core/host-dirs.ts
import path from "node:path";
var HOST_DIR_VARS = { CLAUDE_CONFIG_DIR: ".claude", CODEX_HOME: ".codex", XDG_CONFIG_HOME: ".config" };
function hostDirFromEnv(env, name) {
  const value = env[name];
  return value && path.isAbsolute(value) ? path.resolve(value) : void 0;
}
function hostDir(env, home, name) {
  return hostDirFromEnv(env, name) ?? path.join(home, HOST_DIR_VARS[name]);
}
function ignoredHostDirVars(env) {
  return Object.keys(HOST_DIR_VARS).flatMap((name) => {
    const value = env[name];
    return value && !path.isAbsolute(value) ? [{ name, value }] : [];
  });
}
function claudeJsonFile(env, home) {
  return path.join(hostDirFromEnv(env, "CLAUDE_CONFIG_DIR") ?? home, ".claude.json");
}
export {
  HOST_DIR_VARS,
  claudeJsonFile,
  hostDir,
  ignoredHostDirVars
};
