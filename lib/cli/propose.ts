import type { Io } from "../store/io.js";
import { propose } from "../proposals/propose.js";
import { CARD_TYPES } from "../core/card-rules.js";
import { PROVENANCE_KINDS } from "../records/card-input.js";
import { inertText } from "../core/sanitize.js";
import { secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import { bool, parseArgs, str, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, actorFrom, cardBodyFrom, JSON_FLAG, RECALL_FLAG, requireStore, SCOPE_FLAG, STORE_FLAGS, cardFieldsFrom } from "./store-access.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "propose",
  summary: commandSummary("propose"),
  positionals: [
    { name: "name", description: "the card's name (an existing card's name proposes an update to it)", required: true },
    { name: "-", description: "read the body from standard input" },
  ],
  flags: {
    type: { type: "string", short: "t", valueName: "TYPE", description: `card type: ${CARD_TYPES.join(", ")} (required for a new card)` },
    description: { type: "string", short: "d", valueName: "TEXT", description: "one line, at most 200 characters (required for a new card)" },
    "body-file": { type: "string", valueName: "FILE", description: "the proposed body from this file (- for stdin)" },
    topics: { type: "string", valueName: "A,B", description: "comma-separated topics", multiple: true },
    ...RECALL_FLAG,
    ...SCOPE_FLAG,
    source: { type: "string", valueName: "S", description: "where this was learned: a file, URL, conversation, command output (required)" },
    kind: { type: "string", valueName: "K", description: `provenance: ${PROVENANCE_KINDS.join(" | ")} (default unverified)` },
    confidence: { type: "string", valueName: "0..1", description: "how sure, from 0 to 1" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: { 0: "staged", 1: "not staged: description over 200 characters, lock timeout, or no store", 2: "usage error, or no --source", 3: "invalid explicit memory selection" },
  notes: "Nothing in canonical memory changes: the proposal waits in .memctl/proposals/ until the owner runs memctl review / accept / reject / consolidate.",
  examples: [
    'memctl propose ci-cache -t reference -d "CI caches node_modules by lockfile hash" --source "ci.yml line 40" --kind fact --task-id t-42',
    'echo "Retries are idempotent" | memctl propose retries -t project -d "Job retries are safe to repeat" --source "PR #12 review" --kind inference --confidence 0.7 -',
  ],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const name = args.positionals[0]!;
  const body = await cardBodyFrom(args, io);
  const confidence = parseConfidence(str(args, "confidence"));
  const actor = actorFrom(args, io);
  const { memoryDir } = requireStore(args, io);
  const p = await propose(
    { memoryDir, actor, now: io.now(), commit: pauseFromEnv(io.env), secrets: secretPolicy(io) },
    {
      card: cardFieldsFrom(args, name, body),
      source: str(args, "source"),
      kind: str(args, "kind"),
      confidence,
    },
  );
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, proposal: p });
    return 0;
  }
  const c = colorsFor(io);
  const what = p.target ? `an update to ${inertText(p.target)}` : `a new card ${inertText(`${p.card.type}_${p.card.name}.md`)}`;
  io.stdout.write(
    `${c.green("✓")} proposed ${what} as ${p.id} (${p.proposer}, ${p.provenance.kind}, source: ${inertText(p.source)})\n  the owner decides: memctl review ${p.id}\n`,
  );
  return 0;
}

/** A number, or NaN for anything else (the library reports it with the other problems). */
function parseConfidence(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  return raw.trim() === "" ? Number.NaN : Number(raw);
}
