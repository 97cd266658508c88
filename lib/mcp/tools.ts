import { HOSTS } from "../../hosts/index.js";
import { resolveBudget } from "../config/budget.js";
import { readConfig } from "../config/config.js";
import { appendEpisode, assertEpisodesWritable, readEpisodes, type Episode } from "../store/episodes.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { buildInjection } from "../hook/inject.js";
import { OVER_WARN_LOG, sessionStartBlock } from "../hook/session-overview.js";
import { utcDay } from "../core/frecency.js";
import { logHookError } from "../hook/run.js";
import { sessionInstructionBlock } from "../hook/session-instructions.js";
import { pendingNote } from "../hook/session-notes.js";
import { warnBytesFromConfig } from "../reports/injection.js";
import { displayDir, renderUnavailable } from "../core/block.js";
import { withStoreLock } from "../store/lock.js";
import { cardDocs, search, type SearchHit } from "../records/search.js";
import { searchStore, type StoreHit } from "../records/search-store.js";
import { noLongerTrueText } from "../core/card.js";
import { freshnessOf } from "../store/full-check.js";
import { propose, type ProposedCard } from "../proposals/propose.js";
import { assertNoSecrets, secretPolicy } from "../records/secrets.js";
import { readStoreOrEmptyIndex, type CardFile } from "../store/read.js";
import { cardsFinder, linksOfCard, type LinkSummary } from "../records/card-links.js";
import { refuseIfReadOnly, requireStore, text, type ToolResult, type ToolSession } from "./tool-session.js";
import { scopeAtOf } from "../config/scope-at.js";

// The MCP tools as thin adapters: each resolves the store afresh (tool-session.ts), then calls the library
// function the CLI uses. Nothing here ranks, searches or edits files itself; memory_view / memory_manage are
// file-tools.ts.
const HOST_NAME = /^[a-z][a-z0-9._-]{0,31}$/;

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
      displayDir: displayDir(memoryDir, s.io.home),
      // The server's working directory (or --repo-root): where the host launched it, as the hook's payload cwd.
      scopeAt: scopeAtOf(resolution, s.io.cwd, s.options.repoRoot),
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

/**
 * The session-start overview (`memctl hook session-start`): for hosts whose SessionStart output never reaches the
 * model (Grok). Complete like the hook's; `max_bytes` only moves the advisory threshold, it never cuts anything.
 */
export async function memoryOverview(s: ToolSession, args: { max_bytes?: number }): Promise<ToolResult> {
  const { memoryDir, resolution } = requireStore(s);
  const warnBytes = args.max_bytes ?? warnBytesFromConfig(readConfig(s.io).value.raw).value;
  const context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: 0, dir: displayDir(memoryDir, s.io.home) };
  // Proposals staged at an earlier session's end wait for the owner: named here as the session-start hook names them.
  const waiting = pendingNote(memoryDir);
  let built;
  try {
    built = await sessionStartBlock(
      memoryDir,
      context,
      warnBytes,
      utcDay(s.io.now()),
      waiting ? [waiting] : [],
      scopeAtOf(resolution, s.io.cwd, s.options.repoRoot),
      freshnessOf(s.io),
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  // Grok ignores SessionStart output, so this call is its session start: the instruction parts it lacks come first.
  const instructions = s.options.actor === "host:grok" ? sessionInstructionBlock("grok", s.options.repoRoot ?? s.io.cwd, s.io) : "";
  if (!built)
    return text(`${instructions}The memory store ${memoryDir} has no index entries yet.${waiting ? `\n${waiting}` : ""}`, {
      status: "no-memory",
      memory_dir: memoryDir,
      bytes: 0,
      instruction_bytes: Buffer.byteLength(instructions),
    });
  if (built.overWarn) logHookError(s.io, `memory_overview: ${OVER_WARN_LOG}`);
  const overview = text(instructions + built.text, {
    status: "ok",
    memory_dir: memoryDir,
    view: built.view,
    // The pieces' own count: built.text joins the whole overview again (17 MB at 100,000 cards) on every read.
    bytes: built.block.bytes,
    instruction_bytes: Buffer.byteLength(instructions),
    injected_bytes: built.injectedBytes,
    warn_bytes: built.warnBytes,
    over_warn: built.overWarn,
  });
  // The lines kept for the next call, as the hook keeps them once its block is out (lib/hook/overview-kept.ts).
  built.keep?.();
  return overview;
}

export async function memorySearch(s: ToolSession, args: { query: string; in?: "cards" | "episodes" | "all"; limit?: number }): Promise<ToolResult> {
  const { memoryDir } = requireStore(s);
  const where = args.in ?? "all";
  const { hits, episodes } = await searchStore(memoryDir, args.query, where, args.limit ?? 20, { freshness: freshnessOf(s.io), links: true, today: utcDay(s.io.now()) });
  // The query is the agent's own: quoted in short, never echoed whole (it may be 32,768 characters).
  const rendered = hits.length === 0 ? `No matches for ${quotedQuery(args.query)} in ${where === "all" ? "cards or episodes" : where}.` : hits.map(renderHit).join("\n");
  return text(rendered, { query_chars: args.query.length, in: where, count: hits.length, results: hits, episodes_malformed: episodes?.malformed ?? 0 });
}

/** withLinks over a store already read (recall reads every card anyway). */
function withStoreLinks<T extends SearchHit>(memoryDir: string, cards: ReadonlyMap<string, CardFile>, hits: T[]): (T & { links?: LinkSummary[] })[] {
  const finder = cardsFinder(cards);
  return hits.map((h) => {
    const links = h.kind === "card" ? linksOfCard(memoryDir, cards, h.id, finder) : [];
    return links.length > 0 ? { ...h, links } : h;
  });
}

/** The last N episodes (newest first) and the cards most relevant to them, as `memctl recall` shows. */
export async function memoryRecall(s: ToolSession, args: { episodes?: number; cards?: number }): Promise<ToolResult> {
  const { memoryDir } = requireStore(s);
  const read = readEpisodes(memoryDir);
  const recent = read.episodes.slice(-(args.episodes ?? 5)).reverse();
  const store = await readStoreOrEmptyIndex(memoryDir);
  const cards = recent.length === 0 ? [] : search(recent.map((e) => e.summary).join("\n"), cardDocs(store), args.cards ?? 5);
  const described = withStoreLinks(memoryDir, store.cards, cards).map((h) => ({ ...h, description: store.cards.get(h.id)?.card?.meta.description ?? "" }));
  const out: string[] = [];
  if (recent.length === 0) out.push("No episodes yet. Log one at the end of a session with memory_log.");
  else {
    out.push(`Last ${recent.length} episode${recent.length > 1 ? "s" : ""} (newest first):`);
    for (const e of recent) out.push(`- ${e.ts} [${e.host ?? "?"}] ${e.summary.replace(/\s+/g, " ")}`);
  }
  if (read.malformed > 0) out.push(`(${read.malformed} malformed episode line${read.malformed > 1 ? "s" : ""} skipped, kept on disk)`);
  if (described.length > 0) {
    out.push("Cards most relevant to them:");
    for (const h of described) out.push(`- ${h.id} — ${h.description.replace(/\s+/g, " ")}${h.links ? `\n    ${renderLinks(h.links)}` : ""}`);
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

export type ProposeArgs = ProposedCard & {
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
      card: { name: args.name, type: args.type, description: args.description, body: args.body, topics: args.topics, recall: args.recall, scope: args.scope },
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

function renderHit(h: StoreHit): string {
  const where = h.kind === "card" ? `${h.id}:${h.line}` : h.id;
  const mark = noLongerTrueText(h);
  return `${where} (score ${h.score}${mark ? `; ${mark}` : ""})\n    ${h.match}${h.links ? `\n    ${renderLinks(h.links)}` : ""}`;
}

/** As memory_view lists them: each link with the card it reaches, or dead / unsafe. */
function renderLinks(links: readonly LinkSummary[]): string {
  return `links: ${links.map((l) => `${l.link} -> ${l.target ?? l.status}`).join(", ")}`;
}

/** A query as an answer quotes it: the start, and its length when that was cut. */
function quotedQuery(query: string, max = 80): string {
  if (query.length <= max) return JSON.stringify(query);
  return `${JSON.stringify(`${query.slice(0, max)}…`)} (${query.length.toLocaleString("en-US")} characters)`;
}
