// lib/store/episodes-summary.ts
import path from "node:path";
import { readEpisodes } from "./episodes.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { recoverShard } from "./episode-shards.js";
import { EPISODES_SUMMARY_FILE } from "./paths.js";
import { commitFile } from "./write.js";
import { utcDay } from "../core/frecency.js";
function renderSummary(read) {
  const filled = read.episodes.filter((e) => e.summary.trim() !== "");
  const sorted = [...filled].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
  const months = /* @__PURE__ */ new Map();
  for (const e of sorted) {
    const day = utcDay(new Date(e.ts));
    const line = `- ${day} ${e.host || "unknown host"}: ${e.summary.replace(/\s+/g, " ").trim()}`;
    months.set(day.slice(0, 7), [...months.get(day.slice(0, 7)) ?? [], line]);
  }
  const sources = [...new Set(read.episodes.map((e) => e.file))];
  const skipped = read.episodes.length - filled.length;
  const head = [
    "# Episodes",
    "",
    `Written by \`memctl rebuild-summary\` from ${sources.length ? sources.join(", ") : "no episode file"}: ${filled.length} episode${filled.length === 1 ? "" : "s"}${skipped ? `, ${skipped} empty skeleton${skipped === 1 ? "" : "s"} skipped` : ""}. Rebuilt whole each time; edit the episodes, not this file.`
  ];
  const body = [...months].flatMap(([month, lines]) => ["", `## ${month}`, "", ...lines]);
  return { text: [...head, ...body].join("\n") + "\n", episodes: filled.length, skipped_empty: skipped, months: months.size, sources };
}
async function rebuildSummary(memoryDir, commit) {
  await recoverShard(memoryDir, commit);
  const read = readEpisodes(memoryDir);
  if (read.status === "error") throw new MemctlError(ERROR_CODES.E_IO, `${read.error}; nothing was written \u2014 fix the file (a regular, readable episodes file) and retry`);
  const r = renderSummary(read);
  await commitFile(path.join(memoryDir, EPISODES_SUMMARY_FILE), r.text, commit);
  return { file: EPISODES_SUMMARY_FILE, episodes: r.episodes, skipped_empty: r.skipped_empty, months: r.months, bytes: Buffer.byteLength(r.text), sources: r.sources };
}
export {
  rebuildSummary,
  renderSummary
};
