// Rewrites every console example in README.md and docs/ with what memctl prints now (see
// test/support/doc-examples.ts). Run: npm run docs:examples, then review the diff.
import fs from "node:fs";
import path from "node:path";
import { DOC_FILES, parseExamples, rewriteExamples, runExamples, syncProseNumbers } from "../test/support/doc-examples.js";
import { REPO_ROOT } from "../test/helpers.js";

let changed = 0;
for (const file of DOC_FILES) {
  const full = path.join(REPO_ROOT, file);
  const text = fs.readFileSync(full, "utf8");
  const { examples, problems } = parseExamples(file, text);
  for (const p of problems) console.error(p);
  const results = await runExamples(examples);
  // The prose's quoted numbers follow the examples they quote (doc-examples.ts syncProseNumbers).
  const next = syncProseNumbers(rewriteExamples(text, results));
  if (next !== text) {
    fs.writeFileSync(full, next);
    changed += results.filter((r) => !r.matches).length;
    console.log(`${file}: ${results.filter((r) => !r.matches).length} example(s) rewritten`);
  }
}
console.log(changed === 0 ? "every example already matches" : `${changed} example(s) rewritten: review git diff`);
