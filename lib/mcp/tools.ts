import { HOSTS } from "../hosts/index.js";
import { assertMayWriteDirectly } from "../records/actor.js";
import { isAgentActor } from "../store/history.js";
import { resolveBudget } from "../config/budget.js";
import { readConfig } from "../config/config.js";
import { appendEpisode, assertEpisodesWritable, readEpisodes, type Episode } from "../store/episodes.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { runMemoryCommand, type MemoryCommand } from "../records/file-tools.js";
import { configuredGuardrails } from "../records/guardrails.js";
import { buildInjection } from "../hook/inject.js";
import { sessionStartBlock } from "../hook/session-start.js";
import { warnBytesFromConfig } from "../reports/injection.js";
import { renderUnavailable } from "../core/block.js";
import type { Io } from "../store/io.js";
import { withStoreLock } from "../store/lock.js";
import type { WriteContext } from "../records/save.js";
import { resolveMemory, type Resolution } from "../config/resolve.js";
import { cardDocs, episodeDocs, search, type SearchDoc, type SearchHit } from "../records/search.js";
import { propose } from "../proposals/propose.js";
import { assertNoSecrets, secretPolicy } from "../records/secrets.js";
import { pauseFromEnv } from "../store/write.js";
import { readStoreOrEmptyIndex } from "../store/read.js";

// The MCP tools as thin adapters: each resolves the store afresh (so a config change or a new store is seen
// without restarting the host), then calls the library function the CLI uses. Nothing here ranks, searches
// or edits files itself.

export interface McpOptions {
  /** --repo-root; otherwise the server's working directory (where the host started it). */
  repoRoot?: string;
  allowNonGit: boolean;
  /** Who the server's writes are attributed to (default host:mcp). */
  actor: string;
  /** --read-only: refuse memory_manage and memory_log whatever the actor. */
  readOnly: boolean;
}

export { DEFAULT_MCP_ACTOR } from "../install/mcp-command.js";

export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

export interface ToolSession {
  options: McpOptions;
  io: Io;
}

export type ManageArgs = {
  command: "create" | "str_replace" | "insert" | "delete" | "rename";
  path?: string;
  file_text?: string;
  old_str?: string;
  new_str?: string;
  insert_line?: number;
  insert_text?: string;
  old_path?: string;
  new_path?: string;
};

const HOST_NAME = /^[a-z][a-z0-9._-]{0,31}$/;

// Errors whose message is the memory tool's own text (file tools, missing parameters): shown to the model
// verbatim, as Anthropic's tool would. Every other error is shown with its code in front.
const memoryToolTexts = new WeakSet<object>();

export function isMemoryToolText(err: unknown): boolean {
  return typeof err === "object" && err !== null && memoryToolTexts.has(err);
}

async function fileTool(s: ToolSession, memoryDir: string, cmd: MemoryCommand): Promise<ToolResult> {
  try {
    return text(await runMemoryCommand(writeContext(s, memoryDir), cmd));
  } catch (err) {
    if (err instanceof MemctlError) memoryToolTexts.add(err);
    throw err;
  }
}

export function isReadOnly(options: McpOptions): boolean {
  return options.readOnly || isAgentActor(options.actor);
}

export async function memoryView(s: ToolSession, args: { path?: string; view_range?: number[] }): Promise<ToolResult> {
  const { memoryDir } = requireStore(s);
  const cmd: MemoryCommand = { command: "view", path: args.path ?? "/memories" };
  if (args.view_range) cmd.view_range = [args.view_range[0]!, args.view_range[1]!];
  return fileTool(s, memoryDir, cmd);
}

export async function memoryManage(s: ToolSession, args: ManageArgs): Promise<ToolResult> {
  refuseIfReadOnly(s, `${args.command} memory files`);
  // Read per call, like the store: the owner's opt-in (or its withdrawal) applies without restarting the host.
  assertMayWriteDirectly(s.options.actor, `${args.command} memory files`, s.io);
  const cmd = toMemoryCommand(args);
  const { memoryDir } = requireStore(s);
  return fileTool(s, memoryDir, cmd);
}

/** The memory tool's arguments for one command; every missing parameter is named at once. */
export function toMemoryCommand(a: ManageArgs): MemoryCommand {
  const need: Record<ManageArgs["command"], (keyof ManageArgs)[]> = {
    create: ["path", "file_text"],
    str_replace: ["path", "old_str"],
    insert: ["path", "insert_line", "insert_text"],
    delete: ["path"],
    rename: ["old_path", "new_path"],
  };
  const missing = need[a.command].filter((k) => a[k] === undefined);
  if (missing.length > 0) {
    const err = new MemctlError(ERROR_CODES.E_USAGE, missing.map((k) => `Error: Parameter \`${k}\` is required for command: ${a.command}`).join("\n"));
    memoryToolTexts.add(err);
    throw err;
  }
  switch (a.command) {
    case "create":
      return { command: "create", path: a.path!, file_text: a.file_text! };
    case "str_replace":
      return { command: "str_replace", path: a.path!, old_str: a.old_str!, new_str: a.new_str ?? "" };
    case "insert":
      return { command: "insert", path: a.path!, insert_line: a.insert_line!, insert_text: a.insert_text! };
    case "delete":
      return { command: "delete", path: a.path! };
    case "rename":
      return { command: "rename", old_path: a.old_path!, new_path: a.new_path! };
  }
}

/** The block the per-prompt hook would inject for this query (generic host budget unless overridden). */
export async function memoryContext(s: ToolSession, args: { query: string; max_bytes?: number; max_entries?: number }): Promise<ToolResult> {
  const { memoryDir, resolution } = requireStore(s);
  const host = HOSTS.generic;
  const budget = resolveBudget({ host: host.name, cliMaxBytes: args.max_bytes, cliMaxEntries: args.max_entries, config: readConfig(s.io).value });
  let injection;
  try {
    injection = await buildInjection({
      memoryDir,
      projectKey: resolution.project_key,
      source: resolution.resolution_source,
      prompt: args.query,
      host,
      budget,
      now: s.io.now(),
      record: true,
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === "ENOENT")
      return text(`The memory store ${memoryDir} has no MEMORY.md index yet, so there is nothing to rank. Cards can still be found with memory_search.`, {
        status: "no-memory",
        memory_dir: memoryDir,
        entries: [],
        bytes: 0,
      });
    const reason = e.code && e.path ? `${e.code} ${e.path}` : e.message;
    return { ...text(renderUnavailable(reason), { status: "unavailable", memory_dir: memoryDir, reason }), isError: true };
  }
  const c = injection.composed;
  const entries = [...c.always, ...c.lines].map((l) => l.file);
  const status = injection.store.entryCount === 0 ? "no-memory" : c.text ? "ok" : "no-hits";
  const shown =
    c.text ||
    `No line of MEMORY.md (${injection.store.entryCount} entries) is relevant to this query and none is pinned. Try other words, or memory_search to look inside card bodies.`;
  return text(shown, { status, memory_dir: memoryDir, entries, bytes: c.bytes, omitted: c.omitted, budget: { max_bytes: budget.maxBytes, max_entries: budget.maxEntries } });
}

/** The session-start overview (`memctl hook session-start`): for hosts whose SessionStart output never reaches the model (Grok). */
export async function memoryOverview(s: ToolSession, args: { max_bytes?: number }): Promise<ToolResult> {
  const { memoryDir, resolution } = requireStore(s);
  const limit = args.max_bytes ?? Math.min(warnBytesFromConfig(readConfig(s.io).value.raw).value, HOSTS.generic.hardCeilingBytes);
  const context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: 0 };
  let built;
  try {
    built = await sessionStartBlock(memoryDir, context, limit);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  if (!built) return text(`The memory store ${memoryDir} has no index entries yet.`, { status: "no-memory", memory_dir: memoryDir, bytes: 0 });
  return text(built.text, { status: "ok", memory_dir: memoryDir, view: built.view, bytes: Buffer.byteLength(built.text) });
}

export async function memorySearch(s: ToolSession, args: { query: string; in?: "cards" | "episodes" | "all"; limit?: number }): Promise<ToolResult> {
  const { memoryDir } = requireStore(s);
  const where = args.in ?? "all";
  const docs: SearchDoc[] = [];
  if (where !== "episodes") docs.push(...cardDocs(await readStoreOrEmptyIndex(memoryDir)));
  const episodes = where !== "cards" ? readEpisodes(memoryDir) : undefined;
  if (episodes) docs.push(...episodeDocs(episodes.episodes));
  const hits = search(args.query, docs, args.limit ?? 20);
  const rendered = hits.length === 0 ? `No matches for ${JSON.stringify(args.query)} in ${where === "all" ? "cards or episodes" : where}.` : hits.map(renderHit).join("\n");
  return text(rendered, { query: args.query, in: where, count: hits.length, results: hits, episodes_malformed: episodes?.malformed ?? 0 });
}

/** The last N episodes (newest first) and the cards most relevant to them, as `memctl recall` shows. */
export async function memoryRecall(s: ToolSession, args: { episodes?: number; cards?: number }): Promise<ToolResult> {
  const { memoryDir } = requireStore(s);
  const read = readEpisodes(memoryDir);
  const recent = read.episodes.slice(-(args.episodes ?? 5)).reverse();
  const store = await readStoreOrEmptyIndex(memoryDir);
  const cards = recent.length === 0 ? [] : search(recent.map((e) => e.summary).join("\n"), cardDocs(store), args.cards ?? 5);
  const described = cards.map((h) => ({ ...h, description: store.cards.get(h.id)?.card?.meta.description ?? "" }));
  const out: string[] = [];
  if (recent.length === 0) out.push("No episodes yet. Log one at the end of a session with memory_log.");
  else {
    out.push(`Last ${recent.length} episode${recent.length > 1 ? "s" : ""} (newest first):`);
    for (const e of recent) out.push(`- ${e.ts} [${e.host ?? "?"}] ${e.summary.replace(/\s+/g, " ")}`);
  }
  if (read.malformed > 0) out.push(`(${read.malformed} malformed episode line${read.malformed > 1 ? "s" : ""} skipped, kept on disk)`);
  if (described.length > 0) {
    out.push("Cards most relevant to them:");
    for (const h of described) out.push(`- ${h.id} — ${h.description.replace(/\s+/g, " ")}`);
  }
  return text(out.join("\n"), { episodes: recent, episodes_malformed: read.malformed, episodes_status: read.status, cards: described });
}

/** Appends one episode attributed to the server's actor, under the store lock (what `memctl log` does). */
export async function memoryLog(s: ToolSession, args: { summary: string; host: string; session_id?: string }): Promise<ToolResult> {
  refuseIfReadOnly(s, "log episodes");
  if (!HOST_NAME.test(args.host))
    throw new MemctlError(ERROR_CODES.E_USAGE, `host "${args.host}" is not a host name (lowercase letters, digits, . _ -), e.g. claude, codex, opencode, grok`);
  if (args.summary.trim() === "") throw new MemctlError(ERROR_CODES.E_USAGE, "summary must not be empty: say what happened this session and what to pick up next");
  const { memoryDir, resolution } = requireStore(s);
  assertEpisodesWritable(memoryDir);
  const episode: Episode = {
    ts: s.io.now().toISOString(),
    host: args.host,
    summary: args.summary,
    project_key: resolution.project_key,
    repo: resolution.canonical_repo,
    actor: s.options.actor,
  };
  if (args.session_id !== undefined) episode.session_id = args.session_id;
  await assertNoSecrets(`${episode.summary}\n${episode.session_id ?? ""}`, secretPolicy(s.io), "the episode summary");
  await withStoreLock(memoryDir, () => appendEpisode(memoryDir, episode));
  return text(`Logged the episode to ${memoryDir}/episodes.jsonl (actor ${s.options.actor}).`, { appended: true, episode });
}

export type ProposeArgs = {
  name: string;
  type?: string;
  description?: string;
  body?: string;
  topics?: string[];
  source: string;
  kind?: "fact" | "inference" | "unverified";
  confidence?: number;
};

/**
 * Stages a proposal attributed to the server's actor. Allowed on a read-only server and for agent actors:
 * proposing changes nothing canonical, which is the whole point of the boundary.
 */
export async function memoryPropose(s: ToolSession, args: ProposeArgs): Promise<ToolResult> {
  const { memoryDir } = requireStore(s);
  const p = await propose(
    { memoryDir, actor: s.options.actor, now: s.io.now(), secrets: secretPolicy(s.io) },
    {
      card: { name: args.name, type: args.type, description: args.description, body: args.body, topics: args.topics },
      source: args.source,
      kind: args.kind,
      confidence: args.confidence,
    },
  );
  const what = p.target ? `an update to ${p.target}` : `a new card ${p.card.type}_${p.card.name}.md`;
  return text(
    `Proposed ${what} as ${p.id} (actor ${p.proposer}, ${p.provenance.kind}, source: ${p.source}). Nothing in canonical memory changed; the owner reviews it (memctl review ${p.id}) and accepts or rejects it.`,
    { proposal: p },
  );
}

/** Resolves the store for this call; an invalid explicit selection is never replaced by another store. */
export function requireStore(s: ToolSession): { memoryDir: string; resolution: Resolution } {
  const resolution = resolveMemory({ repoRoot: s.options.repoRoot, allowNonGit: s.options.allowNonGit }, s.io);
  if (resolution.status === "invalid-explicit") {
    throw new MemctlError(
      ERROR_CODES.E_INVALID_EXPLICIT,
      `invalid explicit memory selection: ${resolution.reason}. Nothing was read or written, and no other store is used instead; check with "memctl resolve --repo-root ${resolution.repo_root}".`,
      { resolution_source: resolution.resolution_source, memory_dir: resolution.memory_dir },
    );
  }
  if (resolution.status !== "resolved" || !resolution.memory_dir) {
    throw new MemctlError(ERROR_CODES.E_UNAVAILABLE, `no memory store for ${resolution.canonical_repo}: ${resolution.reason}`, { resolution_source: resolution.resolution_source });
  }
  return { memoryDir: resolution.memory_dir, resolution };
}

function refuseIfReadOnly(s: ToolSession, what: string): void {
  if (!isReadOnly(s.options)) return;
  const why = s.options.readOnly ? "this memctl MCP server was started with --read-only" : `its actor ${s.options.actor} is an agent, and agents are read-only`;
  throw new MemctlError(
    ERROR_CODES.E_READ_ONLY,
    `Refused: may not ${what}: ${why}. Canonical memory is injected into every later session, so only its owner writes it; nothing was written. ` +
      "Reading works (memory_view, memory_context, memory_search, memory_recall). If you learned something worth keeping, stage it with memory_propose " +
      "(name, type, description, body, source, kind): it waits in the proposal queue and the owner accepts or rejects it (memctl review).",
    { actor: s.options.actor, read_only_flag: s.options.readOnly },
  );
}

function writeContext(s: ToolSession, memoryDir: string): WriteContext {
  return { memoryDir, actor: s.options.actor, now: s.io.now(), commit: pauseFromEnv(s.io.env), guardrails: configuredGuardrails(s.io), secrets: secretPolicy(s.io) };
}

function renderHit(h: SearchHit): string {
  const where = h.kind === "card" ? `${h.id}:${h.line}` : h.id;
  return `${where} (score ${h.score})\n    ${h.match}`;
}

function text(body: string, structured?: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text: body }], ...(structured ? { structuredContent: structured } : {}) };
}
