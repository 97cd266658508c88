// Where a host keeps its own files, when an environment variable names the folder (CLAUDE_CONFIG_DIR, CODEX_HOME,
// XDG_CONFIG_HOME: OpenCode's folder and memctl's config file).
// One rule for every caller (store resolution, capture's transcript roots, the instruction layer, the installers):
// only an absolute value counts. A relative one would mean a different folder in every working directory the hook
// runs in (the project), so it is ignored, the default under home is used, and doctor says so.
import path from "node:path";

/** The environment variables naming a host's folder, each with the folder used when it is unset or ignored. */
export const HOST_DIR_VARS = { CLAUDE_CONFIG_DIR: ".claude", CODEX_HOME: ".codex", XDG_CONFIG_HOME: ".config" } as const;
export type HostDirVar = keyof typeof HOST_DIR_VARS;

type Env = Readonly<Record<string, string | undefined>>;

/** The variable's value when it is an absolute path (normalised, no trailing slash); undefined when unset, empty or relative. */
function hostDirFromEnv(env: Env, name: HostDirVar): string | undefined {
  const value = env[name];
  return value && path.isAbsolute(value) ? path.resolve(value) : undefined;
}

/** The host's folder: the variable when absolute, else `<home>/.claude`, `<home>/.codex` or `<home>/.config`. */
export function hostDir(env: Env, home: string, name: HostDirVar): string {
  return hostDirFromEnv(env, name) ?? path.join(home, HOST_DIR_VARS[name]);
}

/** The variables set to a relative path, which every caller ignores (doctor warns about each). */
export function ignoredHostDirVars(env: Env): { name: HostDirVar; value: string }[] {
  return (Object.keys(HOST_DIR_VARS) as HostDirVar[]).flatMap((name) => {
    const value = env[name];
    return value && !path.isAbsolute(value) ? [{ name, value }] : [];
  });
}

/** Claude Code's user-scope state file: `$CLAUDE_CONFIG_DIR/.claude.json` when that is absolute, else `<home>/.claude.json`. */
export function claudeJsonFile(env: Env, home: string): string {
  return path.join(hostDirFromEnv(env, "CLAUDE_CONFIG_DIR") ?? home, ".claude.json");
}
