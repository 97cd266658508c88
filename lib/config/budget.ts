import { SHARED_BUDGET } from "../../hosts/deliver.js";
import { hostAdapter, HOSTS, type Budget, type HostAdapter } from "../../hosts/index.js";
import type { Resolution } from "./resolve.js";
import type { MemctlConfig } from "./config.js";
import { readRegularUtf8 } from "../store/checked-fs.js";

/** A host settings file is a few KB; a project's, read at every prompt, could be a link to /dev/zero. */
const SETTINGS_READ_CAP = 1024 * 1024;

/** NativeIndexQuery's reader (hosts/types.ts): a regular file only, never blocking, within SETTINGS_READ_CAP. */
export function readSettings(file: string): string {
  return readRegularUtf8(file, SETTINGS_READ_CAP);
}

export type { Budget };

/** The shared per-prompt budget (seed 001: MEMORY_MAX_INJECT_BYTES 3000 / MEMORY_MAX_INJECT_ENTRIES 20). */
export const DEFAULT_BUDGET: Readonly<Budget> = SHARED_BUDGET;

/**
 * Whether `host` loads this resolved store's MEMORY.md itself (Claude Code's auto memory): its default budget and
 * the session-start block depend on it. Undefined for hosts that never do.
 */
export function loadsStoreNatively(
  host: HostAdapter,
  resolution: Pick<Resolution, "legacy_dir" | "repo_root"> & { memory_dir: string },
  io: { env: Readonly<Record<string, string | undefined>>; home: string },
): boolean | undefined {
  return host.loadsIndexNatively?.({
    memoryDir: resolution.memory_dir,
    autoMemoryDir: resolution.legacy_dir,
    projectRoot: resolution.repo_root,
    env: io.env,
    home: io.home,
    readSettings,
  });
}

/**
 * resolveBudget for `host` reading this store, as the hook decides it: the host's reduced default applies only
 * where the host loads the store's MEMORY.md itself. doctor, stats, context and prepare report this budget.
 */
export function resolveStoreBudget(
  inputs: Omit<BudgetInputs, "nativeIndex"> & { host: string },
  resolution: Pick<Resolution, "legacy_dir" | "repo_root"> & { memory_dir: string },
  io: { env: Readonly<Record<string, string | undefined>>; home: string },
): ResolvedBudget {
  const adapter = hostAdapter(inputs.host);
  const nativeIndex = adapter ? loadsStoreNatively(adapter, resolution, io) : undefined;
  return resolveBudget({ ...inputs, ...(nativeIndex !== undefined ? { nativeIndex } : {}) });
}

/** A host's default budget (claude → 1500 / 10, since Claude Code already loads MEMORY.md natively). */
export function hostBudget(host: string | undefined, nativeIndex?: boolean): Budget {
  const adapter = host ? hostAdapter(host) : undefined;
  if (nativeIndex === false && adapter?.budgetWithoutNativeIndex) return { ...adapter.budgetWithoutNativeIndex };
  return { ...(adapter?.budget ?? DEFAULT_BUDGET) };
}

/** Each host's default per-prompt budget, from the adapters (bytes/entries), as --help states them. */
export function defaultBudgetsText(): string {
  const fmt = (b: Budget) => `${b.maxBytes}/${b.maxEntries}`;
  const adapters = Object.values(HOSTS);
  const conditional = adapters
    .filter((h) => h.budgetWithoutNativeIndex)
    .map((h) => `${h.name} ${fmt(h.budget)} where it loads the store's MEMORY.md itself, else ${fmt(h.budgetWithoutNativeIndex!)}`);
  const others = [...new Set(adapters.filter((h) => !h.budgetWithoutNativeIndex).map((h) => fmt(h.budget)))];
  return [...conditional, `others ${others.join(" or ")}`].join("; ");
}

export type BudgetSource = "cli" | "config-host" | "config" | "host-default";

export interface ResolvedBudget extends Budget {
  source: { maxBytes: BudgetSource; maxEntries: BudgetSource };
}

export interface BudgetInputs {
  host?: string;
  cliMaxBytes?: number;
  cliMaxEntries?: number;
  /** The parsed user config (lib/config/config.ts: `[hook]` is key "default", `[hook.<host>]` is key "<host>"). */
  config?: Pick<MemctlConfig, "hook">;
  /** Whether the host loads this store's index natively (false: the host's reduced default does not apply; undefined: unknown). */
  nativeIndex?: boolean;
}

/**
 * Each limit independently: command line > config `[hook.<host>]` > config `[hook]` > host default.
 * Never read from environment variables: an ambient override would leak into tests and other sessions.
 */
export function resolveBudget(inputs: BudgetInputs): ResolvedBudget {
  const base = hostBudget(inputs.host, inputs.nativeIndex);
  const hostTable = inputs.host ? inputs.config?.hook[inputs.host] : undefined;
  const shared = inputs.config?.hook.default;
  const pick = (cli: number | undefined, field: "max_bytes" | "max_entries", fallback: number): [number, BudgetSource] => {
    if (cli !== undefined) return [cli, "cli"];
    const fromHost = hostTable?.[field];
    if (fromHost !== undefined) return [fromHost, "config-host"];
    const fromShared = shared?.[field];
    if (fromShared !== undefined) return [fromShared, "config"];
    return [fallback, "host-default"];
  };
  const [maxBytes, bytesSource] = pick(inputs.cliMaxBytes, "max_bytes", base.maxBytes);
  const [maxEntries, entriesSource] = pick(inputs.cliMaxEntries, "max_entries", base.maxEntries);
  return { maxBytes, maxEntries, source: { maxBytes: bytesSource, maxEntries: entriesSource } };
}
