import type { Io } from "../store/io.js";
import { pastedWord } from "../core/shell-quote.js";
import { CARD_TYPES } from "../core/card-rules.js";
import { saveCard } from "../records/save.js";
import { directWriteRefusal } from "../records/actor.js";
import { hostOf } from "../config/hosts.js";
import { secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import type { MemctlError } from "../core/errors.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs, str, strs, type CommandSpec } from "./args.js";
import { colorsFor, printJson, writeVerb } from "./output.js";
import { ACTOR_FLAGS, callerFrom, cardBodyFrom, JSON_FLAG, RECALL_FLAG, recallFrom, requireStore, SCOPE_FLAG, cardFieldsFrom, STORE_FLAGS, writeContext } from "./store-access.js";
import type { ParsedArgs } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { readConfig } from "../config/config.js";
import { recallModel } from "../config/recall.js";
import type { KeysOutcome } from "../keys/write.js";
import type { WriteContext } from "../records/save.js";
import type { Superseded } from "../proposals/supersede.js";

export const spec: CommandSpec = {
  name: "save",
  summary: commandSummary("save"),
  positionals: [
    { name: "name", description: "the card's name; the file is <type>_<name>.md", required: true, completes: "card" },
    { name: "-", description: "read the body from standard input" },
  ],
  flags: {
    type: { type: "string", short: "t", valueName: "TYPE", description: `card type: ${CARD_TYPES.join(", ")} (required for a new card)` },
    description: { type: "string", short: "d", valueName: "TEXT", description: "one line, at most 200 characters: the card's index hook (required for a new card)" },
    "body-file": { type: "string", valueName: "FILE", description: "replace the body with this file's content (- for stdin)" },
    topics: { type: "string", valueName: "A,B", description: "comma-separated topics (replaces the list)", multiple: true },
    ...RECALL_FLAG,
    ...SCOPE_FLAG,
    priority: { type: "string", valueName: "P", description: "always | normal | low" },
    status: { type: "string", valueName: "S", description: "active | stale | superseded" },
    expires: { type: "string", valueName: "DATE", description: "expires_at, YYYY-MM-DD" },
    ref: { type: "string", valueName: "REF", description: "a repo_refs entry: path:<file>, fn:<file>#<symbol>, flag:<cmd> <--flag> (replaces the list)", multiple: true },
    supersede: {
      type: "string",
      valueName: "CARD",
      description: "this card replaces CARD (comma list allowed) in the same write: CARD stays, marked status: superseded, superseded_by: <name>",
      multiple: true,
    },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "saved (or unchanged); or, for a host the owner has not opted in (an agent's shell included), staged as a proposal instead",
    1: "not saved: description over 200 characters, guardrail, lock timeout, agent caller, frontmatter that cannot be edited safely",
    2: "usage error",
    3: "invalid explicit memory selection",
  },
  notes:
    "Existing frontmatter is edited line by line: fields you do not pass (and a legacy metadata: block) keep their exact bytes.\n" +
    "Run by a host the owner has not opted in ([hosts.<name>] write = true), including from an agent host's shell (CLAUDECODE=1,\n" +
    "CODEX_THREAD_ID, OPENCODE=1, GROK_AGENT=1; --actor human does not change that), nothing canonical is written: the card is\n" +
    "staged as a proposal (source: memctl save by host:<name>) for the owner to review / accept.\n" +
    "With [recall] on_save = true, a new card saved without --recall then gets keys from the configured model (memctl keys).",
  examples: [
    'memctl save run-tests -t feedback -d "Run the whole suite before pushing; CI is slow to report"',
    "memctl save run-tests --priority always",
    'memctl save db-port -t project -d "The dev database listens on 6543" --supersede db-port-old',
    'git log -1 --format=%B | memctl save release-notes -t reference -d "How releases are cut" -',
  ],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const name = args.positionals[0]!;
  const body = await cardBodyFrom(args, io);
  const refs = strs(args, "ref");
  const { memoryDir } = requireStore(args, io);
  const caller = callerFrom(args, io);
  const refusal = hostOf(caller.actor) === undefined ? undefined : directWriteRefusal(caller.actor, "save memory cards", io, caller.shells);
  if (refusal) return stageInstead(args, io, memoryDir, caller.actor, refusal, body);
  const ctx = writeContext(args, io, memoryDir);
  const replacing = strs(args, "supersede");
  const superseded: Superseded[] = [];
  const result = await saveCard(
    ctx,
    {
      ...cardFieldsFrom(args, name, body),
      priority: str(args, "priority"),
      status: str(args, "status"),
      expires: str(args, "expires"),
      refs: refs.length > 0 ? refs : undefined,
    },
    // Loaded only for --supersede (a plain save stays as light as it was).
    replacing.length > 0 ? async () => (await import("../proposals/supersede.js")).supersedingChanges(ctx, name, replacing, superseded) : undefined,
  );
  const keys = result.op === "create" && recallFrom(args) === undefined ? await keysOnSave(io, ctx, result.file) : undefined;
  if (bool(args, "json")) {
    printJson(io, {
      memory_dir: memoryDir,
      ...(keys ? { recall_keys: keys } : {}),
      file: result.file,
      op: result.op,
      revived: result.revived,
      rev: result.entry?.rev ?? null,
      sha256: result.entry?.sha256 ?? null,
      actor: result.entry?.actor ?? null,
      index_line: result.indexLine,
      ...(replacing.length > 0 ? { superseded } : {}),
    });
    return 0;
  }
  const c = colorsFor(io);
  if (result.op === "unchanged") io.stdout.write(`${c.dim("unchanged:")} ${inertText(result.file)} already says that\n`);
  else io.stdout.write(`${c.green("✓")} ${writeVerb(result)} ${inertText(result.file)} (rev ${result.entry!.rev}, ${result.entry!.actor})\n  ${inertText(result.indexLine)}\n`);
  for (const x of superseded) io.stdout.write(`  superseded ${inertText(x.file)} (status: superseded, superseded_by: ${inertText(x.superseded_by)})\n`);
  return 0;
}

/**
 * `[recall] on_save = true`: a new card the owner saved gets keys from the configured model, as a second save by
 * model:<command>. The card is saved either way; a model that fails is reported on stderr, never an error.
 */
async function keysOnSave(io: Io, ctx: WriteContext, file: string): Promise<KeysOutcome | undefined> {
  const config = readConfig(io).value;
  const model = config.recall?.on_save === true ? recallModel(config) : undefined;
  if (!model) return undefined;
  // Loaded only here: the model runner (node:child_process, the languages' stop words) is most of what a save
  // would otherwise load and never use (issue 32: save at 100,000 cards).
  const { writeCardKeys } = await import("../keys/write.js");
  const outcome = await writeCardKeys(ctx, { model, env: io.env }, file);
  io.stderr.write(
    outcome.status === "failed"
      ? `memctl save: [recall] on_save: no keys for ${inertText(file)} (${inertText(outcome.reason)}); run memctl keys ${pastedWord(file)} later\n`
      : `memctl save: [recall] on_save: ${model.actor} wrote ${outcome.keys.length} recall keys\n`,
  );
  return outcome;
}

/**
 * A host that may not write canonical memory gets its save staged as a proposal: the work is kept for the owner
 * to accept, and the output says plainly that nothing was saved. Fields a proposal does not carry are named.
 */
async function stageInstead(args: ParsedArgs, io: Io, memoryDir: string, actor: string, refusal: MemctlError, body: string | undefined): Promise<number> {
  const { propose } = await import("../proposals/propose.js"); // only a host's save that is staged needs it
  const p = await propose(
    { memoryDir, actor, now: io.now(), commit: pauseFromEnv(io.env), secrets: secretPolicy(io) },
    {
      card: cardFieldsFrom(args, args.positionals[0]!, body),
      source: `memctl save by ${actor}`,
      kind: "unverified",
    },
  );
  const dropped = ["priority", "status", "expires", "ref", "supersede"].filter((f) => args.flags[f] !== undefined);
  const reason = String(refusal.data?.reason ?? refusal.message);
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, saved: false, staged: true, reason, proposal: p, dropped_flags: dropped, opt_in: refusal.data?.opt_in });
    return 0;
  }
  const what = p.target ? `an update to ${inertText(p.target)}` : `a new card ${inertText(`${p.card.type}_${p.card.name}.md`)}`;
  io.stdout.write(
    `not saved: ${inertText(reason)}\n` +
      `${colorsFor(io).green("✓")} staged ${what} as proposal ${p.id} (${p.proposer}) instead; the owner decides: memctl review ${p.id}, then accept or reject\n` +
      (dropped.length > 0 ? `  not part of a proposal, so not kept: ${dropped.map((f) => `--${f}`).join(", ")} (the owner sets them after accepting)\n` : "") +
      `  to let ${actor} save directly, the owner adds to the memctl config:\n${String(refusal.data?.opt_in ?? "").replace(/^/gm, "    ")}\n`,
  );
  return 0;
}
