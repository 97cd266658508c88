import { usageError } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { inertText } from "../core/sanitize.js";
import { searchStore, type SearchWhere, type StoreHit } from "../records/search-store.js";
import { noLongerTrueText } from "../core/card.js";
import { freshnessOf } from "../store/full-check.js";
import { utcDay } from "../core/frecency.js";
import { bool, num, parseArgs, str, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "search",
  summary: commandSummary("search"),
  positionals: [{ name: "query", description: "words to look for (quote several)", required: true, variadic: true }],
  flags: {
    in: { type: "string", valueName: "WHERE", description: "cards | episodes | all (default all)" },
    limit: { type: "number", valueName: "N", description: "at most N results (default 20, 0 = all)" },
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: { 0: "searched (including no results)", 1: "no store", 2: "usage error", 3: "invalid explicit memory selection" },
  notes:
    "Ranking: each query word (CJK: each 2-gram) weighted by rarity; hits in a card's name, description or topics count double.\n" +
    'A card that is no longer true is still found, listed after every live match, and marked "superseded by NAME" or "expired DATE" (never injected; --json: no_longer_true).',
  examples: ['memctl search "release checklist"', "memctl search parser --in episodes --json"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const where = str(args, "in") ?? "all";
  if (!["cards", "episodes", "all"].includes(where)) throw usageError(`--in ${where} must be cards, episodes or all`);
  const query = args.positionals.join(" ");
  const { memoryDir } = requireStore(args, io);
  const { hits, episodes } = await searchStore(memoryDir, query, where as SearchWhere, num(args, "limit") ?? 20, { freshness: freshnessOf(io), today: utcDay(io.now()) });
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, query, in: where, count: hits.length, results: hits, episodes_malformed: episodes?.malformed ?? 0 });
  else io.stdout.write(renderHits(hits, query, io));
  return 0;
}

export function renderHits(hits: readonly StoreHit[], query: string, io: Io): string {
  const c = colorsFor(io);
  if (hits.length === 0) return `${c.dim("no matches for")} ${inertText(query)}\n`;
  return (
    hits
      .map((h) => {
        const where = h.kind === "card" ? `${h.id}:${h.line}` : h.id;
        // A card no longer true is still found, and says so: superseded (by whom) or expired, never injected.
        const mark = noLongerTrueText(h);
        return `${c.bold(inertText(where))}  ${c.dim(String(h.score))}${mark ? `  ${c.yellow(inertText(mark))}` : ""}\n    ${inertText(h.match)}`;
      })
      .join("\n") + "\n"
  );
}
