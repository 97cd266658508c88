// lib/cli/init-import.ts
import { MemctlError } from "../core/errors.js";
import { directWriteRefusal, resolveCaller } from "../records/actor.js";
import { configuredGuardrails } from "../records/guardrails.js";
import { applyClaudeImport, planClaudeImport, projectClaudeDirs } from "../records/import-claude.js";
import { isNote } from "../records/import-prose.js";
import { inertText } from "../core/sanitize.js";
import { secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import { colorsFor } from "./output.js";
import { realpathOr } from "../store/checked-fs.js";
var IMPORT_COMMAND = "memctl import claude --yes";
function claudeImportOffer(target, resolution, io) {
  const store = realpathOr(target);
  const dirs = projectClaudeDirs(resolution, io).filter((d) => realpathOr(d) !== store);
  if (dirs.length === 0) return null;
  const importable = planClaudeImport(target, dirs, []).items.filter((i) => i.action === "import").length;
  return importable === 0 ? null : { dirs, importable, imported: 0, command: IMPORT_COMMAND };
}
async function runImportOffer(target, offer, io) {
  const c = colorsFor(io);
  const plan = planClaudeImport(target, offer.dirs, []);
  const what = `${countText(plan.items.filter((i) => i.action === "import"))} of Claude Code memory in ${offer.dirs.map((d) => inertText(d)).join(", ")}`;
  if (!io.ask) return [`${c.yellow("hint:")} ${what}; import ${offer.importable === 1 ? "it" : "them"} with: ${IMPORT_COMMAND}`];
  const caller = resolveCaller({}, io.env);
  const refusal = directWriteRefusal(caller.actor, "import memory", io, caller.shells);
  if (refusal) return [`${c.yellow("not asked:")} ${what}: ${String(refusal.data?.reason ?? refusal.message)} The owner imports it with: ${IMPORT_COMMAND}`];
  const answer = await io.ask(`Import ${what} into the new store? [y/N] `);
  if (!/^\s*y(es)?\s*$/i.test(answer ?? "")) return [c.dim(`not imported; import later with: ${IMPORT_COMMAND}`)];
  const actor = caller.actor === "human" ? "system" : caller.actor;
  let imported;
  try {
    imported = await applyClaudeImport(
      { memoryDir: target, actor, now: io.now(), commit: pauseFromEnv(io.env), guardrails: configuredGuardrails(io), secrets: secretPolicy(io) },
      plan,
      { io }
    );
  } catch (err) {
    if (!(err instanceof MemctlError)) throw err;
    return [`${c.red("not imported:")} ${err.code}: ${inertText(err.message)} (the store was created; nothing was imported)`];
  }
  offer.imported = imported.length;
  return [`${c.green("\u2713")} imported ${countText(imported)} of Claude Code memory (attributed to ${actor}; see them with memctl list)`];
}
function countText(items) {
  const notes = items.filter((i) => isNote(i.source)).length;
  const cards = items.length - notes;
  const parts = [...cards > 0 || notes === 0 ? [`${cards} card${cards === 1 ? "" : "s"}`] : [], ...notes > 0 ? [`${notes} note${notes === 1 ? "" : "s"} from MEMORY.md`] : []];
  return parts.join(" and ");
}
export {
  IMPORT_COMMAND,
  claudeImportOffer,
  runImportOffer
};
