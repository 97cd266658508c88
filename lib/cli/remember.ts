import { CARD_TYPES } from "../core/card-rules.js";
import { usageError } from "../core/errors.js";
import { inertText } from "../core/sanitize.js";
import { inferCard } from "../capture/rules.js";
import { freeName, restatedCard, stageCaptured } from "../capture/stage.js";
import { saveCard } from "../records/save.js";
import { secretPolicy } from "../records/secrets.js";
import type { Io } from "../store/io.js";
import { bool, parseArgs, str, type CommandSpec } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { colorsFor, printJson, writeVerb } from "./output.js";
import { ACTOR_FLAGS, actorFrom, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { utcDay } from "../core/frecency.js";

export const spec: CommandSpec = {
  name: "remember",
  summary: commandSummary("remember"),
  positionals: [{ name: "text", description: 'the one thing to keep, as you would say it ("always run the linter before committing")', required: true, variadic: true }],
  flags: {
    type: { type: "string", short: "t", valueName: "TYPE", description: `card type (inferred when not given): ${CARD_TYPES.join(", ")}` },
    name: { type: "string", valueName: "NAME", description: "the card's name (inferred from the text when not given)" },
    source: { type: "string", valueName: "S", description: "where this was learned (when not given: memctl remember, who ran it, the date and the text)" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "saved, proposed, or already in memory",
    1: "not written: a secret, a guardrail, lock timeout, or no store",
    2: "usage error",
    3: "invalid explicit memory selection",
  },
  notes:
    "The tier and a short title are inferred from the wording. The owner at a terminal (actor human) gets a card at once; anyone else —\n" +
    "a host's /mem-save (--actor host:<name>), an agent, a script — stages a proposal for the owner to review. A sentence that\n" +
    "restates a card already in memory writes nothing and names that card.",
  examples: [
    'memctl remember "from now on, run the linter before every commit"',
    'memctl remember "the staging dashboard is at https://grafana.example.com/d/staging" -t reference',
  ],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const text = args.positionals.join(" ").replace(/\s+/g, " ").trim();
  if (text === "") throw usageError('give the sentence to remember: memctl remember "<text>"');
  const type = str(args, "type");
  if (type !== undefined && !(CARD_TYPES as readonly string[]).includes(type)) throw usageError(`-t ${type} is not a card type; use one of ${CARD_TYPES.join(", ")}`);
  const actor = actorFrom(args, io);
  const { memoryDir } = requireStore(args, io);
  const inferred = inferCard(text);
  const card = { type: type ?? inferred.type, name: str(args, "name") ?? inferred.name, description: inferred.description };
  const json = bool(args, "json");
  const c = colorsFor(io);
  const already = await restatedCard(memoryDir, card.description);
  if (already) {
    if (json) printJson(io, { memory_dir: memoryDir, op: "unchanged", restates: already });
    else io.stdout.write(`${c.dim("already in memory:")} ${inertText(already)} says that; nothing was written\n`);
    return 0;
  }
  // The owner typing at a terminal writes the card; everyone else proposes it.
  if (actor === "human" && io.ask !== undefined) {
    const name = str(args, "name") ?? freeName(memoryDir, card.name);
    const result = await saveCard(writeContext(args, io, memoryDir), { name, type: card.type, description: card.description, body: `${text}\n` });
    if (json) printJson(io, { memory_dir: memoryDir, op: result.op, file: result.file, type: card.type, index_line: result.indexLine });
    else if (result.op === "unchanged") io.stdout.write(`${c.dim("unchanged:")} ${inertText(result.file)} already says that\n`);
    else io.stdout.write(`${c.green("✓")} ${writeVerb(result)} ${inertText(result.file)} (rev ${result.entry!.rev}, ${result.entry!.actor})\n  ${inertText(result.indexLine)}\n`);
    return 0;
  }
  const source = str(args, "source") ?? `memctl remember by ${actor} on ${utcDay(io.now())}: "${text.slice(0, 160)}"`;
  const outcome = await stageCaptured(
    { memoryDir, actor, now: io.now(), secrets: secretPolicy(io), limit: Number.MAX_SAFE_INTEGER },
    { host: "memctl", sessionId: "remember" },
    [{ ...card, excerpt: text, message: 1, kind: "remember" }],
    { source, includeDecided: false, rethrow: true },
  );
  const staged = outcome.staged[0];
  if (!staged) {
    const why = outcome.skipped[0]?.reason ?? "not staged";
    if (json) printJson(io, { memory_dir: memoryDir, op: "unchanged", reason: why });
    else io.stdout.write(`${c.dim("not staged:")} ${inertText(why)}\n`);
    return 0;
  }
  if (json) printJson(io, { memory_dir: memoryDir, op: "proposed", proposal: staged.id, name: staged.name, type: card.type, description: staged.description });
  else
    io.stdout.write(
      `${c.green("✓")} proposed ${inertText(`${card.type}_${staged.name}.md`)} as ${staged.id}: ${inertText(staged.description)}\n  the owner decides: memctl review ${staged.id}\n`,
    );
  return 0;
}
