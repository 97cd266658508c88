import { readEpisodes } from "../store/episodes.js";
import type { Io } from "../store/io.js";
import { inertText } from "../core/sanitize.js";
import { cardDocs, search } from "../records/search.js";
import { bool, num, parseArgs, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { JSON_FLAG, readStoreOrEmptyIndex, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "recall",
  summary: commandSummary("recall"),
  flags: {
    episodes: { type: "number", valueName: "N", description: "how many recent episodes (default 5)" },
    cards: { type: "number", valueName: "N", description: "how many related cards (default 5)" },
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: { 0: "printed (including an empty history)", 1: "no store", 2: "usage error", 3: "invalid explicit memory selection" },
  examples: ["memctl recall", "memctl recall --episodes 10 --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const read = readEpisodes(memoryDir);
  // 0 means none (slice(-0) is the whole log, and search's limit 0 is every hit). The cards relate to the recent
  // episodes whether or not they are printed: --episodes 0 --cards 3 is the cards alone.
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
      ...(read.error ? { episodes_error: read.error } : {}),
      cards: described,
    });
    return 0;
  }
  const c = colorsFor(io);
  const out: string[] = [];
  // An unreadable log (a FIFO or a directory in its place, no permission) is a fault to name, not "no episodes".
  if (read.status === "error") out.push(c.yellow(`episodes could not be read: ${inertText(read.error ?? "unknown error")}; memctl doctor says more`));
  else if (episodeCount > 0 && recent.length === 0) out.push(`${c.dim("no episodes yet")} — log one at the end of a session: memctl log --host <host> --summary "…"`);
  else if (recent.length > 0) {
    out.push(c.bold(`Last ${recent.length} episode${recent.length > 1 ? "s" : ""} (newest first):`));
    for (const e of recent) out.push(`  ${e.ts.slice(0, 16).replace("T", " ")}  ${inertText(e.host ?? "")}  ${inertText(e.summary.replace(/\s+/g, " "))}`);
  }
  if (read.malformed > 0) out.push(c.yellow(`${read.malformed} malformed episode line${read.malformed > 1 ? "s" : ""} skipped (kept on disk)`));
  if (described.length > 0) {
    out.push(c.bold(recent.length > 0 ? "Cards most relevant to them:" : "Cards most relevant to the recent episodes:"));
    for (const h of described) out.push(`  ${inertText(h.id)} — ${inertText(h.description.replace(/\s+/g, " "))}`);
  }
  io.stdout.write(out.join("\n") + "\n");
  return 0;
}
