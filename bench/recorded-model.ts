// Recorded model answers, shared by the benches that measure a model feature honestly (relevance keys, capture):
// a model that saw only the product's own prompt answered it; its answers are kept by the prompt's sha256 and
// replayed through the model-command interface (replay-model.mjs as the configured command).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPLAY_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "replay-model.mjs");

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The configured-command argv that answers from `answersFile`. */
export function replayCommand(answersFile: string): string[] {
  return [process.execPath, REPLAY_SCRIPT, answersFile];
}

/** The prompt hashes `answersFile` holds an answer for (none when it does not exist yet). */
export function recordedHashes(answersFile: string): Set<string> {
  if (!fs.existsSync(answersFile)) return new Set();
  return new Set(
    fs
      .readFileSync(answersFile, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => (JSON.parse(l) as { hash: string }).hash),
  );
}

/** Merges `{hash, answer}` lines from `file` into `answersFile`: only hashes of a prompt the bench sends and
 * not recorded yet; a line that is not such a record is reported, never written. */
export function mergeAnswers(file: string, prompts: ReadonlySet<string>, answersFile: string): { added: number; known: number; refused: string[] } {
  const have = recordedHashes(answersFile);
  const out = { added: 0, known: 0, refused: [] as string[] };
  const lines: string[] = [];
  fs.readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "") return;
      let rec: Partial<{ hash: string; answer: string }>;
      try {
        rec = JSON.parse(line) as Partial<{ hash: string; answer: string }>;
      } catch {
        out.refused.push(`line ${i + 1}: not JSON`);
        return;
      }
      if (typeof rec.hash !== "string" || typeof rec.answer !== "string") out.refused.push(`line ${i + 1}: not a {hash, answer} record`);
      else if (!prompts.has(rec.hash)) out.refused.push(`line ${i + 1}: ${rec.hash.slice(0, 12)} is no prompt the bench sends`);
      else if (have.has(rec.hash)) out.known += 1;
      else {
        have.add(rec.hash);
        lines.push(JSON.stringify({ hash: rec.hash, answer: rec.answer }));
        out.added += 1;
      }
    });
  if (lines.length > 0) fs.appendFileSync(answersFile, `${lines.join("\n")}\n`);
  return out;
}
