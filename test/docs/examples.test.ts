// Every console example in README.md and docs/ is real output: a changed message or number fails here, and
// `npm run docs:examples` regenerates the examples from what memctl prints.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { DOC_FILES, parseExamples, runExamples, shellWords, syncProseNumbers } from "../support/doc-examples.js";
import { REPO_ROOT } from "../helpers.js";

for (const file of DOC_FILES) {
  test(`${file}: every console example prints what the docs show`, async () => {
    const { examples, problems } = parseExamples(file, fs.readFileSync(path.join(REPO_ROOT, file), "utf8"));
    assert.deepEqual(problems, []);
    for (const r of await runExamples(examples)) {
      r.actual.forEach((a, i) => {
        assert.equal(a.output.join("\n"), r.example.steps[i]!.expected.join("\n"), `${file}:${r.example.line}: $ ${a.command}\n(npm run docs:examples regenerates it)`);
      });
    }
  });
}

test("a number the prose quotes from an example is the example's (npm run docs:examples rewrites both)", () => {
  for (const file of DOC_FILES) {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
    assert.equal(syncProseNumbers(text), text, `${file}: the prose quotes a number its example does not print`);
  }
  assert.equal(
    syncProseNumbers("the whole index is 4,491 bytes by doctor's count\n\n  whole index    4,522 B  ███\n"),
    "the whole index is 4,522 bytes by doctor's count\n\n  whole index    4,522 B  ███\n",
  );
});

test("a console block without its example comment is reported, not skipped", () => {
  const { problems } = parseExamples("x.md", "text\n```console\n$ memctl resolve\n```\n");
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /x\.md:2: a console block needs <!-- example:/);
});

test("shell words: quotes, escapes and comments as a shell reads them", () => {
  assert.deepEqual(shellWords(`memctl save a -d "say \\"hi\\"" --topics 'x y'  # why`), ["memctl", "save", "a", "-d", 'say "hi"', "--topics", "x y"]);
});
