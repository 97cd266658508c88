import type { Io } from "../store/io.js";
import { acceptProposal } from "../proposals/decide.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs, str, strs, type CommandSpec } from "./args.js";
import { colorsFor, printJson, writeVerb } from "./output.js";
import { ACTOR_FLAGS, assertOwnerOnly, JSON_FLAG, requireStore, SCOPE_FLAG, scopeFrom, STORE_FLAGS, topicsFrom, writeContext } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { acceptAllArrivals, acceptArrival, isArrivalId } from "../sync/arrival-decide.js";
import { usageError } from "../core/errors.js";
import type { ParsedArgs } from "./args.js";

export const spec: CommandSpec = {
  name: "accept",
  summary: commandSummary("accept"),
  positionals: [{ name: "id", description: "the proposal id (or a unique prefix), or an arrival's a-… id from memctl review" }],
  flags: {
    arrivals: { type: "boolean", description: "accept every arrival a sync holds for review (not quarantined ones), instead of one ID" },
    "edit-description": { type: "string", valueName: "TEXT", description: "use this description instead of the proposed one (at most 200 characters)" },
    topics: { type: "string", valueName: "A,B", description: "set the card's topics (replaces the proposed list)", multiple: true },
    ...SCOPE_FLAG,
    "suggested-scope": { type: "boolean", description: "set the scope review suggests (the subtree every file the proposal names is under)" },
    force: { type: "boolean", description: "accept even though the card changed since the proposal was made" },
    supersede: {
      type: "string",
      valueName: "CARD",
      description: "this card replaces CARD (comma list allowed): CARD stays, marked status: superseded, superseded_by: <name>",
      multiple: true,
    },
    "keep-both": { type: "boolean", description: "keep the card live beside cards under other names that say nearly the same or the opposite" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "accepted",
    1: "refused: agent caller (E_READ_ONLY), stale base (E_STALE_BASE, see --force), a live card under another name nearly duplicates or contradicts it (E_SIMILAR_CARD, see --supersede / --keep-both), no such proposal or card, description over 200 characters, lock timeout, no store",
    2: "usage error",
    3: "invalid explicit memory selection",
  },
  notes:
    "The card is written by the same path as memctl save, attributed to the accepting actor (human by default), with the proposal's provenance {kind, confidence, source} in its frontmatter. The proposal moves to .memctl/proposals/archive/ and the decision is logged in .memctl/proposals-log.jsonl.",
  examples: [
    "memctl accept p-20261202T094000Z-3fa2c1",
    "memctl accept p-2026 --supersede project_ci-runner",
    "memctl accept --arrivals",
    'memctl accept p-2026 --edit-description "CI caches node_modules by lockfile hash" --topics ci,cache',
  ],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const id = args.positionals[0];
  if (bool(args, "arrivals") === (id !== undefined)) throw usageError("accept takes one ID (memctl review lists them), or --arrivals for every held arrival");
  const { memoryDir } = requireStore(args, io);
  if (id === undefined) return acceptAllHeld(args, io, memoryDir);
  if (isArrivalId(id)) return acceptHeld(args, io, memoryDir);
  if (bool(args, "suggested-scope") && scopeFrom(args) !== undefined) throw usageError("give --scope or --suggested-scope, not both");
  const result = await acceptProposal(writeContext(args, io, memoryDir), args.positionals[0]!, {
    description: str(args, "edit-description"),
    topics: topicsFrom(args),
    scope: scopeFrom(args),
    suggestedScope: bool(args, "suggested-scope"),
    force: bool(args, "force"),
    supersede: strs(args, "supersede"),
    keepBoth: bool(args, "keep-both"),
  });
  const { save, proposal, provenance } = result;
  if (bool(args, "json")) {
    printJson(io, {
      memory_dir: memoryDir,
      id: proposal.id,
      status: proposal.status,
      file: save.file,
      op: save.op,
      rev: save.entry?.rev ?? null,
      sha256: save.entry?.sha256 ?? null,
      actor: proposal.decided_by,
      provenance,
      forced: result.forced,
      index_line: save.indexLine,
      superseded: result.superseded,
    });
    return 0;
  }
  const c = colorsFor(io);
  const done =
    save.op === "unchanged"
      ? `${inertText(save.file)} already said that (no new revision)`
      : `${writeVerb(save)} ${inertText(save.file)} (rev ${save.entry!.rev}, ${save.entry!.actor})`;
  const superseded = result.superseded.map((x) => `\n  superseded ${inertText(x.file)} (status: superseded, superseded_by: ${inertText(x.superseded_by)})`).join("");
  io.stdout.write(
    `${c.green("✓")} accepted ${proposal.id}${result.forced ? c.yellow(" (forced over a changed card)") : ""}: ${done}\n  provenance: ${provenance.kind}${provenance.confidence !== undefined ? `, confidence ${provenance.confidence}` : ""}, source ${inertText(provenance.source)}\n  ${inertText(save.indexLine)}${superseded}\n`,
  );
  return 0;
}

/** `memctl accept --arrivals`: every held arrival released, each as the owner's. */
async function acceptAllHeld(args: ParsedArgs, io: Io, memoryDir: string): Promise<number> {
  // Before writeContext: its refusal of a host not opted in advised opting it in, which would not let it decide this.
  assertOwnerOnly(io, "accept what a sync brought in");
  const ctx = writeContext(args, io, memoryDir);
  const decided = await acceptAllArrivals(ctx);
  if (bool(args, "json")) {
    printJson(io, {
      memory_dir: memoryDir,
      status: "accepted",
      actor: ctx.actor,
      accepted: decided.map((d) => ({ id: d.arrival.id, path: d.arrival.path, kind: d.arrival.kind, released: d.released })),
    });
    return 0;
  }
  const c = colorsFor(io);
  if (decided.length === 0) io.stdout.write(`${c.dim("nothing to accept:")} no arrival is held for review\n`);
  for (const d of decided) io.stdout.write(`${c.green("✓")} accepted ${d.arrival.id}: ${inertText(d.arrival.path)} (${d.arrival.kind})\n`);
  if (decided.length > 0) io.stdout.write(`  ${decided.length} arrival${decided.length === 1 ? "" : "s"} injected again, now as ${inertText(ctx.actor)}'s\n`);
  return 0;
}

/** `memctl accept a-…`: releases what a sync held; the file becomes the owner's (a history revision by them). */
async function acceptHeld(args: ParsedArgs, io: Io, memoryDir: string): Promise<number> {
  assertOwnerOnly(io, "accept what a sync brought in");
  const ctx = writeContext(args, io, memoryDir);
  const { arrival, released } = await acceptArrival(ctx, args.positionals[0]!);
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, id: arrival.id, path: arrival.path, kind: arrival.kind, status: "accepted", actor: ctx.actor, released });
  else io.stdout.write(`${colorsFor(io).green("✓")} accepted ${arrival.id}: ${inertText(arrival.path)} (${arrival.kind}) is injected again, now as ${inertText(ctx.actor)}'s\n`);
  return 0;
}
