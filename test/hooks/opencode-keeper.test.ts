// The OpenCode plugin and the freshness keeper (docs/internals.md, "Freshness keeper"): the plugin is a long-lived
// process, but it ranks nothing itself: each prompt runs the compiled per-prompt hook, the same one the other hosts
// run, and that hook renews or starts the store's keeper above the full-check size. So the plugin needs no keeper
// of its own, and a store used only from OpenCode gets one: shown here with the real plugin, hook and keeper.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { createMemctlPlugin } from "../../lib/hook/entry/opencode-plugin.js";
import { processAlive } from "../../lib/store/lock.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";
import { keeperHolder, keeperPids, stopKeepers, waitFor } from "../support/keepers.js";

const cards = Array.from({ length: 40 }, (_, i) => {
  const n = String(i).padStart(3, "0");
  return { file: `feedback_o${n}.md`, title: `Card o${n}`, hook: `note number o${n} about the build`, topics: ["build"] };
});

type Hooks = {
  "chat.message": (i: { sessionID: string }, o: { parts: { type: string; text: string }[] }) => Promise<void>;
  "experimental.chat.system.transform": (i: { sessionID: string }, o: { system: string[] }) => Promise<void>;
};

/** Sets `vars` in this process's environment (the plugin passes its own to the hook, as OpenCode's) until `t` ends. */
function withEnv(t: { after: (fn: () => void) => void }, vars: Record<string, string>): void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  t.after(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

test("above the full-check size, a prompt through the OpenCode plugin starts the store's keeper (its hook does), and the next one keeps it", async (t) => {
  const s = sandbox(cards);
  ageStore(s.memory);
  t.after(async () => {
    await stopKeepers(s.home);
    s.cleanup();
  });
  withEnv(t, { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml"), MEMCTL_FULL_CHECK_MAX: "10" });
  const plugin = createMemctlPlugin({
    node: process.execPath,
    hook: path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs"),
    cli: path.join(REPO_ROOT, "dist", "cli.js"),
    timeoutMs: 30_000,
  });
  const hooks = (await plugin({ directory: s.repo })) as unknown as Hooks;
  const prompt = async (sessionID: string, text: string) => {
    await hooks["chat.message"]({ sessionID }, { parts: [{ type: "text", text }] });
    const output = { system: [] as string[] };
    await hooks["experimental.chat.system.transform"]({ sessionID }, output);
    return output.system.join("\n");
  };
  assert.match(await prompt("s1", "note number o017 about the build"), /feedback_o017\.md/);
  const holder = () => keeperHolder(s.memory);
  await waitFor(() => holder() !== undefined && processAlive(holder()!), 10_000, "a keeper holds the store's lock");
  const pid = holder()!;
  // The session's first message runs session start and the prompt hook, and each renews or starts the keeper once its
  // output is out: both may spawn one before either holds the lock, and the one that does not get it exits at once.
  const started = keeperPids(s.home);
  assert.ok(started.includes(pid), "a hook the plugin ran started it and named it in the hook log");
  for (const other of started.filter((p) => p !== pid)) {
    await waitFor(() => !processAlive(other), 10_000, "a keeper that did not get the lock exits");
  }
  // Renewed, or its question answered (which the keeper counts as a prompt: no renewal then).
  await prompt("s1", "the build");
  assert.deepEqual(keeperPids(s.home), started, "the next prompt keeps it and starts no other");
  assert.equal(holder(), pid, "the same keeper still holds the store");
});
