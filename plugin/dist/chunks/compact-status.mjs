import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  assembleFromRecords,
  indexRecords,
  plainRecords,
  readCompact,
  viewBytes,
  watermarkOf
} from "./compact-artifact.mjs";
import {
  mechanicalSummary
} from "./compact-generate.mjs";
import {
  typeFromFileName
} from "./core-card-types.mjs";

// lib/compact/status.ts
function compactStatus(memoryDir, store, history, context) {
  const read = readCompact(memoryDir);
  const records = read.status === "ok" ? indexRecords(store, history) : plainRecords(store);
  const plain = assembleFromRecords(records, null);
  const bytesWithout = viewBytes(plain, context);
  if (read.status !== "ok") return { read, view: plain, bytes_without: bytesWithout, bytes_with: null, current: null, records_since: null };
  const view = assembleFromRecords(records, read.compact);
  const since = new Set(view.newer.map((r) => r.card)).size + view.removed.length;
  return { read, view, bytes_without: bytesWithout, bytes_with: viewBytes(view, context), current: since === 0, records_since: since };
}
function firstCompactBytes(store, context) {
  const records = store.entries.map((entry) => {
    const card = entry.card ?? entry.file;
    const metaType = store.cards?.get(card)?.card?.meta.metadata?.type;
    return { card, name: entry.title, type: typeFromFileName(card) ?? (typeof metaType === "string" ? metaType : "other"), entry, rev: "unread" };
  });
  const compact = {
    version: 1,
    summary: mechanicalSummary(records),
    generator: "mechanical",
    model: null,
    generated_at: "",
    generated_by: "",
    watermark: watermarkOf(records),
    repaired: []
  };
  return viewBytes(assembleFromRecords(records, compact), context);
}

export {
  compactStatus,
  firstCompactBytes
};
