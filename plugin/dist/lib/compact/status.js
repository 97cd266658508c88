// lib/compact/status.ts
import { readCompact } from "./artifact.js";
import { assembleFromRecords, indexRecords, plainRecords, viewBytes, watermarkOf } from "./assemble.js";
import { mechanicalSummary } from "./generate.js";
import { typeFromFileName } from "../core/card-types.js";
function compactStatus(memoryDir, store, history, context, retired) {
  const read = readCompact(memoryDir);
  const records = read.status === "ok" ? indexRecords(store, history) : plainRecords(store);
  const plain = assembleFromRecords(records, null, retired);
  const bytesWithout = viewBytes(plain, context);
  if (read.status !== "ok") return { read, view: plain, bytes_without: bytesWithout, bytes_with: null, current: null, records_since: null };
  const view = assembleFromRecords(records, read.compact, retired);
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
