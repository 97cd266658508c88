// The end-of-session hook against `node -e 0`, interleaved: what a host waits for (`memctl hook session-end`, which
// hands the payload to a detached copy of itself and returns; Claude and Grok give SessionEnd hooks 1.5 s by
// default, Codex at most 3 s) and the capture that copy then does (`--foreground`), on transcripts in the shapes the
// real hosts write: Grok Build's updates.jsonl (ACP user_message_chunk lines) and a Codex rollout.
// Each capture starts from no pending proposal (the store's .memctl/proposals is removed between runs, untimed), and
// after each detached run the bench waits for the background copy, so no run competes with another's leftovers.
// --compare <old dist> runs that build's cli.js too, interleaved in the same rounds ("before", then "after": this
// checkout's dist/), against the same store.
// Run: node --import tsx bench/session-end.ts [--rounds 15] [--prompts 200] [--store DIR (a copy is used)] [--compare DIR]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, numberArg, printRows, recordRow, ROOT, type Rows } from "./rounds.js";
import { sleepSync, timedNode } from "./timed-child.js";

const rounds = numberArg("rounds", 15);
const prompts = numberArg("prompts", 200);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-session-end-"));
try {
  const home = path.join(root, "home");
  const proj = path.join(root, "proj");
  const store = path.join(root, "store");
  fs.mkdirSync(proj, { recursive: true });
  fs.cpSync(arg("store") ?? path.join(ROOT, "sample-store"), store, { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(home, "c.toml"), "");
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    MEMCTL_MEMORY_DIR: store,
    MEMCTL_CONFIG_FILE: path.join(home, "c.toml"),
    XDG_STATE_HOME: path.join(home, ".state"),
  };
  // A session's user prompts: mostly tasks, one standing instruction in twenty (what capture looks for).
  const said = Array.from({ length: prompts }, (_, i) =>
    i % 20 === 7 ? `from now on, run the linter before every commit (rule ${i})` : `look at the failing build in service ${i} and fix the flaky test`,
  );
  const sessionId = "01a24b3d-78db-7511-b62c-b338afbabade";
  const grokFile = path.join(home, ".grok", "sessions", encodeURIComponent(proj), sessionId, "updates.jsonl");
  const update = (u: Record<string, unknown>) => JSON.stringify({ timestamp: 1796558649, method: "session/update", params: { sessionId, update: u } });
  writeLines(
    grokFile,
    said.flatMap((text, promptIndex) => [
      update({ sessionUpdate: "user_message_chunk", content: { type: "text", text }, _meta: { promptIndex } }),
      update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Done: the test was flaky because of a shared fixture. ".repeat(20) } }),
    ]),
  );
  const codexFile = path.join(home, ".codex", "sessions", "2026", "12", "06", `rollout-2026-12-06T12-00-00-${sessionId}.jsonl`);
  writeLines(codexFile, [
    // A rollout opens with its session_meta, whose cwd binds it to the payload's project (lib/capture/transcript-owner.ts).
    JSON.stringify({ type: "session_meta", payload: { id: sessionId, cwd: proj } }),
    ...said.flatMap((message) => [
      JSON.stringify({ type: "event_msg", payload: { type: "user_message", message } }),
      JSON.stringify({ type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done. ".repeat(200) }] } }),
    ]),
  ]);
  const payload = {
    grok: JSON.stringify({ hookEventName: "session_end", sessionId, cwd: proj, transcriptPath: grokFile, reason: "shutdown" }),
    codex: JSON.stringify({ session_id: sessionId, transcript_path: codexFile, cwd: proj, hook_event_name: "SessionEnd", reason: "other" }),
  };
  const compare = arg("compare");
  const clis: [string, string][] = [
    ...(compare ? [["before: ", path.resolve(compare, "cli.js")] as [string, string]] : []),
    [compare ? "after: " : "", path.join(ROOT, "dist", "cli.js")],
  ];
  const proposals = path.join(store, ".memctl", "proposals");
  const rows: Rows = new Map();
  let staged = 0;
  for (let r = 0; r < rounds; r++) {
    const base = timedNode(["-e", "0"], env);
    recordRow(rows, "node -e 0", base.ms, base.rssMiB);
    for (const [build, cli] of clis)
      for (const host of ["grok", "codex"] as const) {
        fs.rmSync(proposals, { recursive: true, force: true });
        const hostEnv = host === "grok" ? { ...env, GROK_HOOK_EVENT: "session_end" } : env;
        const detach = timedNode([cli, "hook", "session-end", "--host", host], hostEnv, payload[host]);
        recordRow(rows, `${build}session-end --host ${host} (the host waits for this)`, detach.ms, detach.rssMiB);
        waitForProposal(proposals);
        fs.rmSync(proposals, { recursive: true, force: true });
        const capture = timedNode([cli, "hook", "session-end", "--host", host, "--foreground"], hostEnv, payload[host]);
        recordRow(rows, `${build}session-end --host ${host} --foreground (the detached capture)`, capture.ms, capture.rssMiB);
        staged = Number(/(\d+) proposal\(s\) staged/.exec(capture.stdout)?.[1] ?? -1);
        if (staged < 1) throw new Error(`${host}: the capture staged nothing: ${capture.stdout}`);
      }
  }
  printRows(`session end, ${prompts} user prompts a session (${staged} staged each capture), ${rounds} rounds, node ${process.version}`, rows);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}

function writeLines(file: string, lines: string[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.join("\n") + "\n");
}

/** Waits (up to 20 s) for the detached copy's proposals, so its work is done before the next timed run: until one
 * exists and the directory has not changed for 500 ms. A fixed grace after the first one was not enough on a loaded
 * machine (the copy was still staging the rest, and removing the directory failed with ENOTEMPTY). */
function waitForProposal(dir: string): void {
  const until = Date.now() + 20_000;
  const listing = () => (fs.existsSync(dir) ? fs.readdirSync(dir).sort().join("\n") : "");
  let last = listing();
  let stableSince = Date.now();
  while (Date.now() < until) {
    sleepSync(50);
    const now = listing();
    if (now !== last) [last, stableSince] = [now, Date.now()];
    else if (/\.json$/m.test(now) && Date.now() - stableSince >= 500) return;
  }
}
