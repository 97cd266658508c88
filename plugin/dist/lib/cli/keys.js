// lib/cli/keys.ts
import { configFilePath, readConfig } from "../config/config.js";
import { recallModel, recallSetupHint } from "../config/recall.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { inertText } from "../core/sanitize.js";
import { assertMayWrite, directWriteRefusal } from "../records/actor.js";
import { hostOf } from "../config/hosts.js";
import { propose } from "../proposals/propose.js";
import { secretPolicy } from "../records/secrets.js";
import { configuredGuardrails } from "../records/guardrails.js";
import { pauseFromEnv } from "../store/write.js";
import { backfillKeys, BackfillInterrupted } from "../keys/backfill.js";
import { writeCardKeys } from "../keys/write.js";
import { bool, parseArgs } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, callerFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
var spec = {
  name: "keys",
  summary: commandSummary("keys"),
  positionals: [{ name: "name", description: "the card to write keys for (or --backfill for every card without keys)", completes: "card" }],
  flags: {
    backfill: { type: "boolean", description: "every card that has no keys, as a resumable job (memctl jobs shows it; rerun to resume)" },
    "dry-run": { type: "boolean", description: "print the keys the model writes; write nothing" },
    force: { type: "boolean", description: "rewrite keys a card already has" },
    "new-languages": {
      type: "boolean",
      description: "with --backfill, also rewrite the keys of cards whose keys have no line in a language asked now (one you began prompting in)"
    },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "keys written (or printed with --dry-run), or the card already had keys; a backfill whose every card was tried",
    1: "the model gave no usable keys for the named card (the card is untouched), or a backfill left cards without keys; agent caller; lock timeout; no store",
    2: "usage error, or no model command configured ([recall] or [compact] llm_command)",
    3: "invalid explicit memory selection",
    130: "a backfill interrupted (SIGINT / SIGTERM) after the card in progress; rerun to resume"
  },
  notes: "Runs [recall] llm_command (else [compact] llm_command) with the product's key-writing prompt for each card on stdin and writes\nthe 8\u201316 lines it prints into the card's recall: list, through the same path as memctl save (lock, history), attributed to\nmodel:<command>. The card's updated_at is kept. A failing, slow (timeout_seconds, default 60) or junk-printing model leaves\nthe card's bytes as they were. Run from an agent host's shell, a card's keys are staged as a proposal (--backfill is refused).\nKeys are asked in the languages the cards are written in and those you prompt in (each prompt's language, from the why log;\n[recall] languages replaces that detection).",
  examples: ["memctl keys run-tests", "memctl keys run-tests --dry-run", "memctl keys --backfill", "memctl keys --backfill --new-languages"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const name = args.positionals[0];
  const backfill = bool(args, "backfill");
  if (backfill === (name !== void 0)) throw usageError("keys takes one card NAME, or --backfill for every card without keys");
  if (bool(args, "new-languages") && !backfill) throw usageError("--new-languages goes with --backfill (keys NAME --force rewrites one card's keys)");
  const model = configuredModel(io);
  const { memoryDir } = requireStore(args, io);
  const dryRun = bool(args, "dry-run");
  const caller = callerFrom(args, io);
  assertMayWrite(caller.actor, "write recall keys");
  const refusal = dryRun || hostOf(caller.actor) === void 0 ? void 0 : directWriteRefusal(caller.actor, "write recall keys", io, caller.shells);
  const ctx = { memoryDir, actor: caller.actor, now: io.now(), commit: pauseFromEnv(io.env), guardrails: configuredGuardrails(io), secrets: secretPolicy(io) };
  const runOptions = { model, env: io.env, force: bool(args, "force"), dryRun };
  if (name !== void 0) {
    const outcome = await writeCardKeys(ctx, { ...runOptions, dryRun: dryRun || refusal !== void 0 }, name);
    if (refusal && outcome.status === "dry-run") return stageKeys(io, ctx, caller.actor, model, outcome, bool(args, "json"));
    return printOutcome(io, memoryDir, model, outcome, bool(args, "json"));
  }
  if (refusal) throw refusal;
  return runBackfill(io, ctx, model, { ...runOptions, newLanguages: bool(args, "new-languages") }, bool(args, "json"));
}
function configuredModel(io) {
  const model = recallModel(readConfig(io).value);
  if (!model) throw new MemctlError(ERROR_CODES.E_NO_MODEL, recallSetupHint(configFilePath(io)), { config_file: configFilePath(io) });
  return model;
}
function printOutcome(io, memoryDir, model, o, json) {
  const ok = o.status !== "failed";
  if (json) printJson(io, { memory_dir: memoryDir, model: model.command.join(" "), actor: model.actor, ...o });
  else {
    const c = colorsFor(io);
    if (o.status === "failed") io.stderr.write(`memctl keys: no keys for ${inertText(o.file)}: ${inertText(o.reason)}; the card is unchanged
`);
    else {
      const head = o.status === "written" ? `${c.green("\u2713")} wrote ${o.keys.length} keys into ${inertText(o.file)} (${model.actor})` : o.status === "dry-run" ? `${c.dim("dry run:")} ${o.keys.length} keys for ${inertText(o.file)} (nothing written)` : `${c.dim("unchanged:")} ${inertText(o.file)}: ${"reason" in o ? o.reason : ""}`;
      io.stdout.write(`${head}
${o.keys.map((k) => `  ${inertText(k)}`).join("\n")}
`);
    }
  }
  return ok ? 0 : 1;
}
async function stageKeys(io, ctx, actor, model, o, json) {
  const p = await propose(
    { memoryDir: ctx.memoryDir, actor, now: ctx.now, commit: ctx.commit, secrets: ctx.secrets },
    { card: { name: o.file, recall: o.keys }, source: `memctl keys by ${actor} (${model.actor})`, kind: "inference" }
  );
  if (json) printJson(io, { memory_dir: ctx.memoryDir, saved: false, staged: true, proposal: p });
  else io.stdout.write(`not saved: ${actor} may not write cards directly; staged ${o.keys.length} keys for ${inertText(o.file)} as proposal ${p.id} for the owner
`);
  return 0;
}
async function runBackfill(io, ctx, model, options, json) {
  const ran = await backfillWithProgress(io, ctx, options);
  if (json) printJson(io, { memory_dir: ctx.memoryDir, model: model.command.join(" "), actor: model.actor, ...ran });
  else io.stdout.write(renderBackfill(ran));
  return backfillExitCode(ran);
}
async function backfillWithProgress(io, ctx, options) {
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const started = Date.now();
  const onCard = (o, done, total) => {
    const what = o.status === "failed" ? `no keys (${inertText(o.reason)})` : o.status === "skipped" ? "skipped (has keys)" : `${o.keys.length} keys`;
    io.stderr.write(`memctl keys: ${done}/${total} ${inertText(o.file)}: ${what}
`);
  };
  let result;
  let job = null;
  try {
    const ran = await backfillKeys(ctx, { ...options, signal: abort.signal, onCard, clock: io.now });
    result = ran.result;
    job = ran.job?.id ?? null;
  } catch (err) {
    if (!(err instanceof BackfillInterrupted)) throw err;
    result = err.result;
  } finally {
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
  }
  return { ...result, job, dry_run: options.dryRun, seconds: (Date.now() - started) / 1e3 };
}
function renderBackfill(r) {
  const verb = r.dry_run ? "asked keys for" : "wrote keys for";
  return `${r.interrupted ? "interrupted: " : ""}${verb} ${r.written} of ${r.cards} cards${r.failed ? `, ${r.failed} without keys (the model failed; those cards are unchanged)` : ""}${r.job ? ` (job ${r.job})` : ""}
` + r.failures.map((f) => `  ${inertText(f.file)}: ${inertText(f.reason)}
`).join("") + (r.interrupted ? "  rerun memctl keys --backfill to resume\n" : r.failed ? "  rerun memctl keys --backfill to try them again\n" : "") + (r.lacking.cards > 0 ? `${r.lacking.cards} ${r.lacking.cards === 1 ? "card has" : "cards have"} keys with none in ${r.lacking.languages.map(inertText).join(", ")} (keys are asked in ${r.languages.map(inertText).join(", ")} now): memctl keys --backfill --new-languages rewrites them
` : "");
}
function backfillExitCode(r) {
  return r.interrupted ? 130 : r.failed > 0 ? 1 : 0;
}
export {
  backfillExitCode,
  backfillWithProgress,
  configuredModel,
  renderBackfill,
  run,
  spec
};
