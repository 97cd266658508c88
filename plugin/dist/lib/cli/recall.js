// lib/cli/recall.ts
import { readEpisodes } from "../store/episodes.js";
import { inertText } from "../core/sanitize.js";
import { cardDocs, search } from "../records/search.js";
import { bool, num, parseArgs } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { JSON_FLAG, readStoreOrEmptyIndex, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
var spec = {
  name: "recall",
  summary: commandSummary("recall"),
  flags: {
    episodes: { type: "number", valueName: "N", description: "how many recent episodes (default 5)" },
    cards: { type: "number", valueName: "N", description: "how many related cards (default 5)" },
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: { 0: "printed (including an empty history)", 1: "no store", 2: "usage error", 3: "invalid explicit memory selection" },
  examples: ["memctl recall", "memctl recall --episodes 10 --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const read = readEpisodes(memoryDir);
  const episodeCount = num(args, "episodes") ?? 5;
  const cardCount = num(args, "cards") ?? 5;
  const window = read.episodes.slice(-(episodeCount || 5)).reverse();
  const recent = episodeCount === 0 ? [] : window;
  const store = await readStoreOrEmptyIndex(memoryDir);
  const cards = window.length === 0 || cardCount === 0 ? [] : search(window.map((e) => e.summary).join("\n"), cardDocs(store), cardCount);
  const described = cards.map((h) => ({ ...h, description: store.cards.get(h.id)?.card?.meta.description ?? "" }));
  if (bool(args, "json")) {
    printJson(io, {
      memory_dir: memoryDir,
      episodes: recent,
      episodes_malformed: read.malformed,
      episodes_status: read.status,
      ...read.error ? { episodes_error: read.error } : {},
      cards: described
    });
    return 0;
  }
  const c = colorsFor(io);
  const out = [];
  if (read.status === "error") out.push(c.yellow(`episodes could not be read: ${inertText(read.error ?? "unknown error")}; memctl doctor says more`));
  else if (episodeCount > 0 && recent.length === 0) out.push(`${c.dim("no episodes yet")} \u2014 log one at the end of a session: memctl log --host <host> --summary "\u2026"`);
  else if (recent.length > 0) {
    out.push(c.bold(`Last ${recent.length} episode${recent.length > 1 ? "s" : ""} (newest first):`));
    for (const e of recent) out.push(`  ${e.ts.slice(0, 16).replace("T", " ")}  ${inertText(e.host ?? "")}  ${inertText(e.summary.replace(/\s+/g, " "))}`);
  }
  if (read.malformed > 0) out.push(c.yellow(`${read.malformed} malformed episode line${read.malformed > 1 ? "s" : ""} skipped (kept on disk)`));
  if (described.length > 0) {
    out.push(c.bold(recent.length > 0 ? "Cards most relevant to them:" : "Cards most relevant to the recent episodes:"));
    for (const h of described) out.push(`  ${inertText(h.id)} \u2014 ${inertText(h.description.replace(/\s+/g, " "))}`);
  }
  io.stdout.write(out.join("\n") + "\n");
  return 0;
}
export {
  run,
  spec
};
