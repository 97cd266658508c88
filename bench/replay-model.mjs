#!/usr/bin/env node
// A recorded model behind the model-command interface: reads the prompt on stdin, prints the answer recorded
// for its sha256 in the answers file ($MEMCTL_BENCH_ANSWERS, else the first argument), and fails like a broken
// model when there is none. The relevance keys (relevance/keys/answers.jsonl) and capture (capture/answers.jsonl)
// benches both run it as their configured model command (recorded-model.ts).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

const file = process.env.MEMCTL_BENCH_ANSWERS || process.argv[2];
if (!file) {
  process.stderr.write("replay-model: no answers file (MEMCTL_BENCH_ANSWERS or the first argument)\n");
  process.exit(2);
}
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
