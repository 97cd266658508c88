import { git, runGit, type GitOptions } from "./git.js";

// How far this machine trusts what its remote brings: `own` (only the user's own machines push there: arrivals
// apply, still checked like a local write) or `shared` (teammates push there: card, index and compact changes
// wait for `memctl accept`). Per machine, in the clone's .git/config (memctl.trust), never committed: a
// teammate cannot raise it. A store synced before trust levels existed has none and is treated as shared.

export const TRUST_LEVELS = ["own", "shared"] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];
export const DEFAULT_TRUST: TrustLevel = "shared";
const KEY = "memctl.trust";

export interface Trust {
  level: TrustLevel;
  /** False when the user never chose one (the default applies). */
  chosen: boolean;
}

export function isTrustLevel(v: unknown): v is TrustLevel {
  return typeof v === "string" && (TRUST_LEVELS as readonly string[]).includes(v);
}

export async function readTrust(memoryDir: string, options: GitOptions): Promise<Trust> {
  const r = await runGit(memoryDir, ["config", "--local", "--get", KEY], options);
  const v = r.stdout.trim();
  return r.code === 0 && isTrustLevel(v) ? { level: v, chosen: true } : { level: DEFAULT_TRUST, chosen: false };
}

export async function writeTrust(memoryDir: string, level: TrustLevel, options: GitOptions): Promise<void> {
  await git(memoryDir, ["config", "--local", KEY, level], options);
}
