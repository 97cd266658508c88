// Capture benchmark: precision and recall of the rule-based capture pass (lib/capture) on real user messages
// nobody here wrote (bench/capture/labelled-messages.json: Prompt History Records committed to public
// repositories, labelled by reading before the rules ran on the test half). A message "captured" is one the
// rules turn into at least one candidate; precision = captured messages labelled durable / captured messages,
// recall = durable messages captured / durable messages. Reported per half (dev: looked at while writing the
// rules; test: run at the end) and, for the handful of positives, which messages they were.
// Run: npm run bench:capture [-- --json]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ruleCandidates } from "../lib/capture/capture.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));

interface Labelled {
  id: number;
  half: "dev" | "test";
  durable: boolean;
  repo: string;
  path: string;
  text: string;
}

export interface HalfScore {
  half: string;
  messages: number;
  durable: number;
  captured: number;
  truePositives: number;
  precision: number | null;
  recall: number | null;
  falsePositives: { id: number; description: string }[];
  missed: number[];
}

export function score(messages: readonly Labelled[], half: string): HalfScore {
  const inHalf = messages.filter((m) => half === "all" || m.half === half);
  const results = inHalf.map((m) => ({ m, candidates: ruleCandidates([{ n: 1, text: m.text }]) }));
  const captured = results.filter((r) => r.candidates.length > 0);
  const tp = captured.filter((r) => r.m.durable);
  const durable = inHalf.filter((m) => m.durable);
  return {
    half,
    messages: inHalf.length,
    durable: durable.length,
    captured: captured.length,
    truePositives: tp.length,
    precision: captured.length === 0 ? null : tp.length / captured.length,
    recall: durable.length === 0 ? null : tp.length / durable.length,
    falsePositives: captured.filter((r) => !r.m.durable).map((r) => ({ id: r.m.id, description: r.candidates[0]!.description })),
    missed: durable.filter((m) => !captured.some((r) => r.m.id === m.id)).map((m) => m.id),
  };
}

function pct(x: number | null): string {
  return x === null ? "n/a" : `${Math.round(x * 100)} %`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const data = JSON.parse(fs.readFileSync(path.join(HERE, "capture", "labelled-messages.json"), "utf8")) as { messages: Labelled[] };
  const scores = ["dev", "test", "all"].map((h) => score(data.messages, h));
  if (process.argv.includes("--json")) process.stdout.write(JSON.stringify(scores, null, 2) + "\n");
  else {
    process.stdout.write("half   messages  durable  captured  precision  recall\n");
    for (const s of scores)
      process.stdout.write(
        `${s.half.padEnd(6)} ${String(s.messages).padStart(8)} ${String(s.durable).padStart(8)} ${String(s.captured).padStart(9)} ${pct(s.precision).padStart(10)} ${pct(s.recall).padStart(7)}\n`,
      );
    for (const s of scores.slice(0, 2)) {
      for (const fp of s.falsePositives) process.stdout.write(`  ${s.half} false positive #${fp.id}: ${fp.description}\n`);
      if (s.missed.length > 0) process.stdout.write(`  ${s.half} missed: #${s.missed.join(", #")}\n`);
    }
  }
}
