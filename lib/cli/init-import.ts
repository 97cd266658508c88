import { MemctlError } from "../core/errors.js";
import { directWriteRefusal, resolveCaller } from "../records/actor.js";
import { configuredGuardrails } from "../records/guardrails.js";
import { applyClaudeImport, planClaudeImport, projectClaudeDirs, type ImportItem } from "../records/import-claude.js";
import { isNote } from "../records/import-prose.js";
import type { Io } from "../store/io.js";
import type { Resolution } from "../config/resolve.js";
import { inertText } from "../core/sanitize.js";
import { secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import { colorsFor } from "./output.js";
import { realpathOr } from "../store/checked-fs.js";

// Onboarding (seed 000): a new store is offered this project's existing Claude Code memory. On a terminal it
// is a question (yes imports, like `memctl import claude --yes`); otherwise one hint line; nothing at all
// under --non-interactive. Declining prints the command that imports later. A yes is attributed and bound as
// `memctl import claude --yes` is: the owner's is memctl's own (system), an opted-in host's is the host's (bound by
// the store's limits), and a host not opted in is not asked (an agent gets a terminal with `script`).

export const IMPORT_COMMAND = "memctl import claude --yes";

export interface ClaudeImportOffer {
  dirs: string[];
  importable: number;
  imported: number;
  command: string;
}

/** What init can offer: Claude memory dirs of this project (other than the store) with cards to import. */
export function claudeImportOffer(target: string, resolution: Resolution, io: Io): ClaudeImportOffer | null {
  const store = realpathOr(target);
  const dirs = projectClaudeDirs(resolution, io).filter((d) => realpathOr(d) !== store);
  if (dirs.length === 0) return null;
  const importable = planClaudeImport(target, dirs, []).items.filter((i) => i.action === "import").length;
  return importable === 0 ? null : { dirs, importable, imported: 0, command: IMPORT_COMMAND };
}

/** Asks (terminal) or hints (otherwise); imports on yes. Returns the lines to print. */
export async function runImportOffer(target: string, offer: ClaudeImportOffer, io: Io): Promise<string[]> {
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
  let imported: ImportItem[];
  try {
    imported = await applyClaudeImport(
      { memoryDir: target, actor, now: io.now(), commit: pauseFromEnv(io.env), guardrails: configuredGuardrails(io), secrets: secretPolicy(io) },
      plan,
      { io },
    );
  } catch (err) {
    // The store is made; a refused import (a host past the store's limits) writes nothing and is said, not thrown.
    if (!(err instanceof MemctlError)) throw err;
    return [`${c.red("not imported:")} ${err.code}: ${inertText(err.message)} (the store was created; nothing was imported)`];
  }
  offer.imported = imported.length;
  return [`${c.green("✓")} imported ${countText(imported)} of Claude Code memory (attributed to ${actor}; see them with memctl list)`];
}

/** "2 cards", "3 notes from MEMORY.md", or both: what an import brings, named as the import command names it. */
function countText(items: readonly ImportItem[]): string {
  const notes = items.filter((i) => isNote(i.source)).length;
  const cards = items.length - notes;
  const parts = [...(cards > 0 || notes === 0 ? [`${cards} card${cards === 1 ? "" : "s"}`] : []), ...(notes > 0 ? [`${notes} note${notes === 1 ? "" : "s"} from MEMORY.md`] : [])];
  return parts.join(" and ");
}
