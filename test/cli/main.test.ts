import assert from "node:assert/strict";
import { test } from "node:test";
import { internalErrorText } from "../../lib/core/errors.js";
import { main } from "../../lib/cli/main.js";
import { BufferSink } from "../../lib/store/io.js";
import { runCli, tempDir, testIo } from "../helpers.js";

const io = () => {
  const home = tempDir();
  return testIo({ cwd: home, home });
};

test("an unknown command exits 2 with a one-line hint and a suggestion", async () => {
  const r = await runCli(["resolv"], io());
  assert.equal(r.code, 2);
  assert.equal(r.stderr.trim().split("\n").length, 1);
  assert.match(r.stderr, /unknown command "resolv" \(did you mean "resolve"\?\); run "memctl --help"/);
});

test("an unknown flag exits 2 with a one-line hint", async () => {
  const r = await runCli(["resolve", "--jsn"], io());
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown flag --jsn .*did you mean --json\?.*memctl resolve --help/);
});

test("a missing flag value exits 2", async () => {
  const r = await runCli(["resolve", "--repo-root"], io());
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--repo-root needs a value/);
});

test("--help on every command lists its flags and exit codes", async () => {
  const { COMMANDS } = await import("../../lib/cli/commands.js");
  for (const name of Object.keys(COMMANDS)) {
    const r = await runCli([name, "--help"], io());
    assert.equal(r.code, 0, name);
    assert.match(r.stdout, /Flags:/, name);
    assert.match(r.stdout, /Exit codes:/, name);
  }
});

test("global help lists every command", async () => {
  const r = await runCli(["--help"], io());
  assert.equal(r.code, 0);
  for (const name of ["resolve", "config", "init"]) assert.match(r.stdout, new RegExp(`^  ${name} `, "m"));
});

test("global help groups every command once, under its registry group, groups in order", async () => {
  const { COMMANDS } = await import("../../lib/cli/commands.js");
  const { COMMAND_GROUPS } = await import("../../lib/cli/command-summary.js");
  const r = await runCli(["--help"], io());
  const headings = r.stdout.split("\n").filter((l) => /^[A-Z][\w ]+:$/.test(l));
  assert.deepEqual(
    headings,
    COMMAND_GROUPS.map((g) => `${g}:`),
  );
  const sections = r.stdout.split(/\n\n/);
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const holding = sections.filter((s) => new RegExp(`^  ${name} `, "m").test(s));
    assert.equal(holding.length, 1, name);
    assert.ok(holding[0]!.startsWith(`${entry.group}:\n`), `${name} under ${entry.group}`);
  }
});

test("errors in --json mode also print a JSON error object", async () => {
  const r = await runCli(["resolve", "--json"], io());
  assert.equal(r.code, 2, "a plain temp dir is not a git repository");
  const parsed = JSON.parse(r.stdout);
  assert.equal(parsed.schema_version, 1);
  assert.equal(parsed.error.code, "E_NOT_GIT");
});

test("a failure that is no MemctlError is reported as a bug, in the one internal-error text the session-start bundle prints too", async () => {
  const stderr = new BufferSink();
  const stdout = new BufferSink();
  stdout.write = () => {
    throw new Error("stdout broke");
  };
  const code = await main(["--version"], { stdout, stderr, env: {}, cwd: "/", home: "/", now: () => new Date(0) });
  assert.equal(code, 1);
  assert.equal(stderr.text, internalErrorText("stdout broke"));
  assert.equal(stderr.text, "memctl: internal error: stdout broke\nThis is a bug in memctl; please report it with the command you ran.\n");
});

// The code is what the docs and scripts name an error by: a person reading stderr can search for it too.
test("an error line on stderr ends with the error's code, the same code --json carries", async () => {
  const home = tempDir();
  const cases = [["resolv"], ["resolve", "--repo-root"], ["list", "--memory-dir", `${home}/missing`]];
  for (const argv of cases) {
    const r = await runCli([...argv, "--json"], testIo({ cwd: home, home }));
    const code = JSON.parse(r.stdout).error.code as string;
    assert.match(code, /^E_[A-Z_]+$/, argv.join(" "));
    assert.ok(r.stderr.startsWith("memctl: ") && r.stderr.endsWith(` (${code})\n`), `${argv.join(" ")}: ${r.stderr}`);
  }
});
