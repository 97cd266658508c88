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
