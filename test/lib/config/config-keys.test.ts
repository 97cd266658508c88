import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parseConfigText } from "../../../lib/config/config.js";
import { makeWorld, memctl } from "../../support/fixture.js";

// Audit finding 6: `config lint` said valid for typos that silently do nothing: unknown keys were reported only for
// [capture], [recall], [hosts.*], [guardrails] and [instructions]. Every table's unknown keys and tables are named now.

const TYPOS = `[hook]
max_byte = 100
keper = false
max_entries = 5

[hook.claud]
max_bytes = 10

[hook.codex]
max_entrie = 3

[doctor]
warn_byte = 5

[compact]
llm_comand = ["x"]

[secrets]
alow = ["x"]

[capture]
enabeld = false

[projects."k-1"]
memory_dir = "/tmp/x"
repo_rot = "/tmp"

[projectz]
`;

test("every unknown key and table is a warning, with the known key it is closest to, in one pass", () => {
  const read = parseConfigText(TYPOS);
  assert.deepEqual(read.errors, []);
  const messages = read.warnings.map((w) => w.message);
  assert.deepEqual(
    read.warnings.map((w) => w.code),
    messages.map(() => "W_UNKNOWN_KEY"),
  );
  for (const expected of [
    'unknown top-level key "projectz" (kept as is; did you mean "projects"?)',
    'unknown key "max_byte" in [hook] (ignored; did you mean "max_bytes"?); the known keys are max_bytes, max_entries, log_prompts, keeper',
    'unknown key "keper" in [hook] (ignored; did you mean "keeper"?)',
    'unknown table [hook.claud] (ignored; did you mean "claude"?)',
    'unknown key "max_entrie" in [hook.codex] (ignored; did you mean "max_entries"?)',
    'unknown key "warn_byte" in [doctor] (ignored; did you mean "warn_bytes"?)',
    'unknown key "llm_comand" in [compact] (ignored; did you mean "llm_command"?)',
    'unknown key "alow" in [secrets] (ignored; did you mean "allow"?)',
    'unknown key "repo_rot" in [projects."k-1"] (ignored; did you mean "repo_root"?)',
    'unknown key "capture.enabeld" (ignored)',
  ])
    assert.ok(
      messages.some((m) => m.startsWith(expected)),
      `${expected}\nnot in\n${messages.join("\n")}`,
    );
  assert.equal(messages.length, 10, messages.join("\n"));
  // The known keys still take effect beside the typos.
  assert.deepEqual(read.value.hook.default, { max_entries: 5 });
});

test("a config of known keys only has no warnings, and a far-off key gets no guess", () => {
  const clean = parseConfigText(
    `[hook]\nmax_bytes = 1\nkeeper = true\nlog_prompts = false\n[hook.claude]\nmax_entries = 2\n[doctor]\nwarn_bytes = 9\n[compact]\nllm_command = ["x"]\ntimeout_seconds = 3\n`,
  );
  assert.deepEqual(clean.warnings, []);
  const far = parseConfigText(`[doctor]\nzzzzzzzzzz = 1\n`).warnings[0]!.message;
  assert.equal(far, 'unknown key "zzzzzzzzzz" in [doctor] (ignored); the known keys are warn_bytes');
});

test("memctl config lint prints each typo", async () => {
  const w = makeWorld();
  fs.writeFileSync(path.join(w.root, "config.toml"), TYPOS.replace('"/tmp/x"', JSON.stringify(w.mem)));
  const r = await memctl(w, ["config", "lint"]);
  assert.match(r.stdout, /unknown key "max_byte" in \[hook\]/);
  assert.match(r.stdout, /unknown table \[hook\.claud\]/);
  assert.match(r.stdout, /is valid \(10 warnings\)/);
});
