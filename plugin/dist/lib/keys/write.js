// lib/keys/write.ts
import fs from "node:fs";
import path from "node:path";
import { parseCard } from "../core/card.js";
import { isCardFile } from "../core/card-rules.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { parseRecallKeys, recallKeysPrompt } from "../core/recall-keys.js";
import { keyLanguages } from "../rank/languages.js";
import { ownerLanguages } from "./prompt-languages.js";
import { currentIndexTitle } from "../records/card-find.js";
import { findNamedCard } from "../records/card-links.js";
import { saveCard } from "../records/save.js";
import { sha256Hex } from "../store/history.js";
import { runLlmCommand } from "../compact/generate.js";
import { readHold } from "../store/hold.js";
function cardFiles(memoryDir) {
  const hold = readHold(memoryDir);
  return fs.readdirSync(memoryDir, { withFileTypes: true }).filter((e) => e.isFile() && isCardFile(e.name) && !hold?.held(e.name)).map((e) => e.name).sort();
}
function languagesOf(memoryDir, files = cardFiles(memoryDir), configured) {
  const texts = [];
  for (const f of files) {
    try {
      const card = parseCard(fs.readFileSync(path.join(memoryDir, f), "utf8"));
      texts.push(`${card.meta.description ?? ""}
${card.body}`);
    } catch {
    }
  }
  return keyLanguages(texts, ownerLanguages(memoryDir, configured));
}
async function writeCardKeys(ctx, run, name) {
  const file = await findNamedCard(ctx.memoryDir, name);
  if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list"`, { name });
  const held = readHold(ctx.memoryDir)?.held(file);
  if (held) return { file, status: "skipped", keys: [], reason: `memctl sync holds it (${held.state}: ${held.reasons.join("; ")}); decide it first (memctl review)` };
  const bytes = fs.readFileSync(path.join(ctx.memoryDir, file));
  const card = parseCard(bytes.toString("utf8"));
  if (card.errors.length > 0) return { file, status: "failed", reason: `its frontmatter does not parse (${card.errors[0].message}); fix it by hand first` };
  const existing = card.meta.recall ?? [];
  if (existing.length > 0 && !run.force) return { file, status: "skipped", keys: existing, reason: "it has keys already (--force rewrites them)" };
  const cardName = card.meta.name ?? withoutTypePrefix(file.replace(/\.md$/, ""));
  const title = currentIndexTitle(ctx.memoryDir, file) ?? cardName;
  const languages = run.languages ?? languagesOf(ctx.memoryDir, void 0, run.model.languages);
  const prompt = recallKeysPrompt({ name: cardName, title, description: card.meta.description, topics: card.meta.topics, body: card.body }, languages.cards, languages.owner);
  const answer = await runLlmCommand({ command: run.model.command, prompt, timeoutMs: run.model.timeoutMs, env: run.env });
  if (!answer.ok) return { file, status: "failed", reason: answer.reason };
  const parsed = parseRecallKeys(answer.summary, title);
  if (!parsed.ok) return { file, status: "failed", reason: parsed.reason };
  if (run.dryRun) return { file, status: "dry-run", keys: parsed.keys };
  try {
    await saveCard({ ...ctx, actor: run.model.actor }, { name: file, recall: parsed.keys, keepUpdatedAt: true, expectSha256: sha256Hex(bytes) });
  } catch (err) {
    if (!(err instanceof MemctlError)) throw err;
    const why = err.code === ERROR_CODES.E_STALE_BASE ? "the card changed while the model ran; it was left as it is now (run again to write keys for the new text)" : err.code === ERROR_CODES.E_SECRET ? `the model's keys hold what looks like a secret; nothing was written (${firstLine(err.message)})` : `${err.code}: ${firstLine(err.message)}`;
    return { file, status: "failed", reason: why };
  }
  return { file, status: "written", keys: parsed.keys };
}
function firstLine(s) {
  return s.split("\n")[0];
}
export {
  cardFiles,
  languagesOf,
  writeCardKeys
};
