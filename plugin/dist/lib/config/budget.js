// lib/config/budget.ts
import { SHARED_BUDGET } from "../../hosts/deliver.js";
import { hostAdapter, HOSTS } from "../../hosts/index.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
var SETTINGS_READ_CAP = 1024 * 1024;
function readSettings(file) {
  return readRegularUtf8(file, SETTINGS_READ_CAP);
}
var DEFAULT_BUDGET = SHARED_BUDGET;
function loadsStoreNatively(host, resolution, io) {
  return host.loadsIndexNatively?.({
    memoryDir: resolution.memory_dir,
    autoMemoryDir: resolution.legacy_dir,
    projectRoot: resolution.repo_root,
    env: io.env,
    home: io.home,
    readSettings
  });
}
function resolveStoreBudget(inputs, resolution, io) {
  const adapter = hostAdapter(inputs.host);
  const nativeIndex = adapter ? loadsStoreNatively(adapter, resolution, io) : void 0;
  return resolveBudget({ ...inputs, ...nativeIndex !== void 0 ? { nativeIndex } : {} });
}
function hostBudget(host, nativeIndex) {
  const adapter = host ? hostAdapter(host) : void 0;
  if (nativeIndex === false && adapter?.budgetWithoutNativeIndex) return { ...adapter.budgetWithoutNativeIndex };
  return { ...adapter?.budget ?? DEFAULT_BUDGET };
}
function defaultBudgetsText() {
  const fmt = (b) => `${b.maxBytes}/${b.maxEntries}`;
  const adapters = Object.values(HOSTS);
  const conditional = adapters.filter((h) => h.budgetWithoutNativeIndex).map((h) => `${h.name} ${fmt(h.budget)} where it loads the store's MEMORY.md itself, else ${fmt(h.budgetWithoutNativeIndex)}`);
  const others = [...new Set(adapters.filter((h) => !h.budgetWithoutNativeIndex).map((h) => fmt(h.budget)))];
  return [...conditional, `others ${others.join(" or ")}`].join("; ");
}
function resolveBudget(inputs) {
  const base = hostBudget(inputs.host, inputs.nativeIndex);
  const hostTable = inputs.host ? inputs.config?.hook[inputs.host] : void 0;
  const shared = inputs.config?.hook.default;
  const pick = (cli, field, fallback) => {
    if (cli !== void 0) return [cli, "cli"];
    const fromHost = hostTable?.[field];
    if (fromHost !== void 0) return [fromHost, "config-host"];
    const fromShared = shared?.[field];
    if (fromShared !== void 0) return [fromShared, "config"];
    return [fallback, "host-default"];
  };
  const [maxBytes, bytesSource] = pick(inputs.cliMaxBytes, "max_bytes", base.maxBytes);
  const [maxEntries, entriesSource] = pick(inputs.cliMaxEntries, "max_entries", base.maxEntries);
  return { maxBytes, maxEntries, source: { maxBytes: bytesSource, maxEntries: entriesSource } };
}
export {
  DEFAULT_BUDGET,
  defaultBudgetsText,
  hostBudget,
  loadsStoreNatively,
  readSettings,
  resolveBudget,
  resolveStoreBudget
};
