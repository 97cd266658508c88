// Every "(default X)" a flag's --help claims is checked against what the command does: the same output with
// the flag left out as with `--flag X`, on a store where the flag matters (another value changes the output).
import assert from "node:assert/strict";
import { test } from "node:test";
import fs from "node:fs";
import path from "node:path";
import { COMMANDS } from "../../lib/cli/commands.js";
import { main } from "../../lib/cli/main.js";
import { BufferSink } from "../../lib/store/io.js";
import { sandbox } from "../helpers.js";

/** The default a flag's help text states, if it states one. */
function claimedDefault(description: string): string | undefined {
  return (/\(default:? ([^\s;,)]+)[;,)]/.exec(description) ?? /[;,] default (\w+)/.exec(description) ?? /([\w:-]+) \(default\)/.exec(description))?.[1];
}

/** Read-only commands whose defaults are checked by running them: the positionals each needs, and another value per flag. */
const RUN: Record<string, { args: string[]; other: Record<string, string> }> = {
  context: { args: ["deploy"], other: { host: "claude", limit: "3" } },
  doctor: { args: [], other: { host: "claude" } },
  recall: { args: [], other: { episodes: "2", cards: "2" } },
  search: { args: ["deploy"], other: { in: "cards", limit: "3" } },
  stats: { args: [], other: { host: "claude", "hit-limit": "3", "never-hit-limit": "3" } },
  why: { args: [], other: { last: "2" } },
  compress: { args: [], other: { limit: "3" } },
  hook: { args: ["user-prompt-submit"], other: { host: "claude" } },
};

/** Flags that state a default this read-only check cannot run, with why. Adding one here is a conscious choice. */
const ELSEWHERE: Record<string, string> = {
  "*.repo-root": "the current directory: every project command without the flag",
  "*.actor": "writers only (save, rm, propose…): not a read-only run",
  "mcp.actor": "the server's host:mcp: test/cli/mcp-help.test.ts",
  "install.scope": "writes a home config",
  "uninstall.scope": "writes a home config",
  "sync.timeout": "a network step",
  "propose.kind": "writes a proposal",
  "log.host": "says there is no default",
  "manage.new": "a write (str_replace with nothing)",
  "shard.before": "moves episodes (a write)",
  "review.page": "the first 50 in staging order without the flag: test/cli/review-queue-full.test.ts",
};

function store() {
  const cards = Array.from({ length: 30 }, (_, i) => ({
    file: `project_deploy_step_${String(i).padStart(2, "0")}.md`,
    title: `Deploy step ${i}`,
    hook: `deploy release train step ${i}: ${"the staging check, the canary and the rollback plan ".repeat(2)}`,
    topics: ["deploy"],
  }));
  // Cards no deploy prompt reaches, so the never-hit list is longer than its default limit.
  const unrelated = Array.from({ length: 25 }, (_, i) => ({
    file: `reference_lunch_${String(i).padStart(2, "0")}.md`,
    title: `Lunch place ${i}`,
    hook: `the cafeteria menu on weekday ${i}`,
  }));
  const box = sandbox([...cards, ...unrelated]);
  const episodes = Array.from({ length: 9 }, (_, i) => JSON.stringify({ ts: `2026-11-2${i}T10:00:00.000Z`, host: "claude", summary: `deploy step ${i} shipped` }));
  fs.writeFileSync(path.join(box.memory, "episodes.jsonl"), episodes.join("\n") + "\n");
  return box;
}

async function run(box: ReturnType<typeof store>, argv: string[]): Promise<string> {
  const stdout = new BufferSink();
  const stderr = new BufferSink();
  const payload = Buffer.from(JSON.stringify({ cwd: box.repo, prompt: "how does the deploy release train work?", session_id: `s-${argv.join("-")}` }));
  const code = await main(argv, { ...box.io, stdout, stderr, readStdin: async () => payload });
  assert.equal(code, 0, `memctl ${argv.join(" ")}: ${stderr.text}`);
  // Timings differ run to run; everything else must match.
  return stdout.text.replace(/"[a-z_]*(?:_ms|duration)[a-z_]*":\s*[\d.]+/g, '"ms":0');
}

test("every default a flag's --help states is what the command does without the flag", async (t) => {
  const box = store();
  t.after(box.cleanup);
  // Some prompts through the hook, so why --last and the usage counts have something to show.
  for (let i = 0; i < 4; i++) await run(box, ["hook", "user-prompt-submit", "--host", "generic", "--max-entries", "40", "--max-bytes", "100000"]);
  const unchecked: string[] = [];
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const { spec } = await entry.load();
    for (const [flag, f] of Object.entries(spec.flags)) {
      const claimed = claimedDefault(f.description);
      if (claimed === undefined && !/default/.test(f.description)) continue;
      if (ELSEWHERE[`${name}.${flag}`] || ELSEWHERE[`*.${flag}`]) continue;
      const plan = RUN[name];
      const other = plan?.other[flag];
      if (!plan || claimed === undefined || other === undefined) {
        unchecked.push(`${name} --${flag}: "${f.description}"`);
        continue;
      }
      const json = name === "hook" ? [] : ["--json"];
      const without = await run(box, [name, ...plan.args, ...json]);
      const withDefault = await run(box, [name, ...plan.args, `--${flag}`, claimed, ...json]);
      const withOther = await run(box, [name, ...plan.args, `--${flag}`, other, ...json]);
      assert.notEqual(withOther, withDefault, `memctl ${name} --${flag} ${other} must change the output on this store, or the check proves nothing`);
      assert.equal(without, withDefault, `memctl ${name} --help says --${flag} defaults to ${claimed}, but leaving it out differs`);
    }
  }
  assert.deepEqual(unchecked, [], "a flag states a default this test does not check: add it to RUN or ELSEWHERE (with where it is tested)");
});

test("the budget --help states for each host is the one the hook uses, and context ranks with the same", async (t) => {
  const box = store();
  t.after(box.cleanup);
  const help = async (name: string) => {
    const stdout = new BufferSink();
    await main([name, "--help"], { ...box.io, stdout, stderr: new BufferSink() });
    return stdout.text.replace(/\s+/g, " ");
  };
  for (const host of ["claude", "codex", "generic"]) {
    await run(box, ["hook", "user-prompt-submit", "--host", host]);
    const runs = JSON.parse(await run(box, ["why", "--json"])).runs;
    const hook = runs[runs.length - 1].budget;
    const context = JSON.parse(await run(box, ["context", "deploy", "--host", host, "--json"])).budget;
    assert.deepEqual([context.max_bytes, context.max_entries], [hook.max_bytes, hook.max_entries], `${host}: context ranks like the hook`);
    // This store is not Claude's auto-memory folder, so Claude's reduced budget is not the one in use.
    const stated = host === "claude" ? `else ${hook.max_bytes}/${hook.max_entries}` : `others ${hook.max_bytes}/${hook.max_entries}`;
    for (const name of ["hook", "context"]) assert.ok((await help(name)).includes(stated), `memctl ${name} --help states "${stated}"`);
  }
});
