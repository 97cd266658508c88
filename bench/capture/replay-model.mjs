#!/usr/bin/env node
// A recorded model behind the model-command interface: reads the prompt on stdin, prints the answer recorded
// for its sha256 in answers.jsonl (or $MEMCTL_BENCH_ANSWERS), and fails like a broken model when there is none.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const file = process.env.MEMCTL_BENCH_ANSWERS || join(dirname(fileURLToPath(import.meta.url)), "answers.jsonl");
const prompt = readFileSync(0, "utf8");
const hash = createHash("sha256").update(prompt, "utf8").digest("hex");
for (const line of readFileSync(file, "utf8").split("\n")) {
  if (line.trim() === "") continue;
  const rec = JSON.parse(line);
  if (rec.hash === hash) {
    process.stdout.write(rec.answer.endsWith("\n") ? rec.answer : `${rec.answer}\n`);
    process.exit(0);
  }
}
process.stderr.write(`no recorded answer for prompt ${hash.slice(0, 12)}\n`);
process.exit(3);
