import { assertMayWrite } from "../records/actor.js";
import { usageError } from "../core/errors.js";
import { appendEpisode, assertEpisodesWritable, type Episode } from "../store/episodes.js";
import type { Io } from "../store/io.js";
import { withStoreLock } from "../store/lock.js";
import { inertText } from "../core/sanitize.js";
import { assertNoSecrets, secretPolicy } from "../records/secrets.js";
import { bool, parseArgs, str, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, actorFrom, JSON_FLAG, requireStore, STORE_FLAGS } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { HOST_NAMES, isHostName } from "../../hosts/index.js";

export const spec: CommandSpec = {
  name: "log",
  summary: commandSummary("log"),
  flags: {
    host: {
      type: "string",
      valueName: "NAME",
      description: "the adapter that initiated this event: claude, codex, opencode, grok or generic (any other agent) (required, no default)",
    },
    summary: { type: "string", valueName: "TEXT", description: "what happened this session and what to pick up next (required)" },
    "session-id": { type: "string", valueName: "ID", description: "the host's session id, when it has one" },
    ...STORE_FLAGS,
    ...ACTOR_FLAGS,
    ...JSON_FLAG,
  },
  exitCodes: {
    0: "appended",
    1: "not written: no store, directory or episodes file not writable, episodes file is a symlink, lock timeout, agent caller",
    2: "usage error (missing --host or --summary)",
    3: "invalid explicit memory selection (nothing written)",
  },
  notes: "The destination is always the strict resolver's store for --repo-root; one JSON line per call, appended under the store lock.",
  examples: ['memctl log --host claude --summary "Moved the parser to lib/store; next: wire doctor"', 'memctl log --host codex --summary "…" --json'],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const host = str(args, "host");
  const summary = str(args, "summary");
  if (host === undefined) throw usageError("--host is required (the adapter that initiated this event, e.g. --host claude); there is no default");
  if (!isHostName(host)) throw usageError(`--host "${host}" is not a host memctl knows; use one of ${HOST_NAMES.join(", ")} (generic for any other agent)`);
  if (summary === undefined || summary.trim() === "") throw usageError("--summary is required and must not be empty");
  const actor = actorFrom(args, io);
  assertMayWrite(actor, "log episodes");
  const { memoryDir, resolution } = requireStore(args, io);
  assertEpisodesWritable(memoryDir);

  const episode: Episode = { ts: io.now().toISOString(), host, summary, project_key: resolution.project_key, repo: resolution.canonical_repo, actor };
  const sessionId = str(args, "session-id");
  if (sessionId !== undefined) episode.session_id = sessionId;
  await assertNoSecrets(`${episode.summary}\n${episode.session_id ?? ""}`, secretPolicy(io), "the episode summary");
  await withStoreLock(memoryDir, () => appendEpisode(memoryDir, episode));

  if (bool(args, "json")) printJson(io, { appended: true, memory_dir: memoryDir, episode });
  else io.stdout.write(`${colorsFor(io).green("✓")} logged episode (${host}) to ${inertText(memoryDir)}/episodes.jsonl\n`);
  return 0;
}
