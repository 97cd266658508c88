// OpenCode plugin (V1 plugin API; verified with opencode 1.18.33). OpenCode has no shell hooks, so this runs
// inside OpenCode (Bun) and is loaded through a small shim that `memctl install opencode` writes into a plugin
// folder. It never breaks a request: every failure is logged through OpenCode's own log and skipped.
//
// Per prompt: `chat.message` carries the user's text, so it starts the compiled per-prompt hook once
// (`node --preserve-symlinks-main dist/hooks/user-prompt-submit.cjs --host opencode`, JSON payload on stdin) — a child process keeps the
// hook's fail-open and budget rules in one place and costs one node start per prompt, not per model call.
// `experimental.chat.system.transform` runs before every model call (title, retries…) and pushes that block
// into output.system. At a session's first model call it also starts `memctl hook session-start --host opencode`
// once and keeps that overview in the session's system prompt (again after `session.compacted`).
// Side requests get neither: OpenCode calls the same transform for the request that only names the session, with
// the same sessionID and only { sessionID, model } as input (seen in 1.18.33 by test/e2e/opencode.test.ts). What
// tells it apart is the model: the title is asked of the provider's small model, while the agent's requests use
// the model of the user's message (chat.message's output.message.model). When both are the same model, the
// title agent's own prompt at the head of the system prompt still tells. A call with no session (agent generation)
// or in a session with no user message seen (a copy's name) is a side request too. On `session.idle`, when the session
// had prompts, it starts the capture (`memctl hook session-end`, detached) and appends one episode through `memctl log`.
// The memory tools come from memctl's MCP server, which install registers in OpenCode's config (mcp.memctl).

import { spawn } from "node:child_process";
import { HOOK_NODE_FLAGS } from "../../core/hook-flags.js";

export interface MemctlPluginOptions {
  /** Absolute node binary (OpenCode's own process is Bun). */
  node: string;
  /** Absolute path of dist/hooks/user-prompt-submit.cjs. */
  hook: string;
  /** Absolute path of dist/cli.js. */
  cli: string;
  /** Milliseconds before the hook is abandoned (the prompt goes on without memory). */
  timeoutMs?: number;
}

interface PluginContext {
  directory?: string;
  worktree?: string;
  client?: { app?: { log?: (args: { body: Record<string, unknown> }) => Promise<unknown> } };
}

type Part = { type?: string; text?: string; synthetic?: boolean };
type MessageModel = { providerID?: string; modelID?: string };
type TransformModel = { providerID?: string; id?: string };

/** The opening of OpenCode's built-in title agent prompt (1.18.33), for a title asked of the agent's own model. */
const TITLE_PROMPT = "You are a title generator.";

/** True for a model call that serves OpenCode itself (a title, a name), not the agent answering the user. */
export function isSideRequest(userModel: MessageModel | undefined, model: TransformModel | undefined, system: readonly string[]): boolean {
  if (system[0]?.startsWith(TITLE_PROMPT)) return true;
  if (!userModel?.modelID || !model?.id) return false; // nothing to compare: treat it as the agent's
  return model.id !== userModel.modelID || (model.providerID !== undefined && userModel.providerID !== undefined && model.providerID !== userModel.providerID);
}

export function createMemctlPlugin(options: MemctlPluginOptions) {
  return async (ctx: PluginContext) => {
    const directory = ctx.directory ?? ctx.worktree ?? process.cwd();
    const log = (level: "debug" | "info" | "warn" | "error", message: string, extra: Record<string, unknown> = {}) =>
      ctx.client?.app?.log?.({ body: { service: "memctl", level, message, extra } }).catch(() => undefined);
    const blocks = new Map<string, Promise<string>>();
    const overviews = new Map<string, Promise<string>>();
    const startSession = (sessionID: string, source: string) => {
      const payload = { session_id: sessionID, cwd: directory, hook_event_name: "SessionStart", source };
      const overview = run(options.node, [options.cli, "hook", "session-start", "--host", "opencode"], JSON.stringify(payload), directory, options.timeoutMs ?? 5000)
        .then(async (text) => {
          if (text.trim()) await log("info", "memctl injected the session-start overview", { sessionID, source, bytes: Buffer.byteLength(text) });
          return text.trim();
        })
        .catch((err: Error) => {
          void log("warn", "memctl session start failed; the session goes on without the overview", { error: err.message });
          return "";
        });
      overviews.set(sessionID, overview);
      return overview;
    };
    const injected = new Set<string>();
    const unlogged = new Map<string, string[]>();
    // Each session's user-message model (chat.message), to tell the agent's requests from side requests.
    const userModels = new Map<string, MessageModel | undefined>();

    await log("info", "memctl plugin loaded", { directory, hook: options.hook });
    return {
      "chat.message": async (input: { sessionID?: string }, output: { parts?: Part[]; message?: { model?: MessageModel } }) => {
        userModels.set(input.sessionID ?? "", output.message?.model);
        const prompt = (output.parts ?? [])
          .filter((p) => p.type === "text" && !p.synthetic && p.text)
          .map((p) => p.text)
          .join("\n")
          .trim();
        const sessionID = input.sessionID ?? "";
        if (!prompt) return;
        injected.delete(sessionID);
        blocks.set(
          sessionID,
          runHook(options, { session_id: sessionID, cwd: directory, hook_event_name: "UserPromptSubmit", prompt }, directory).catch((err: Error) => {
            void log("warn", "memctl hook failed; this prompt goes on without memory", { error: err.message });
            return "";
          }),
        );
        unlogged.set(sessionID, [...(unlogged.get(sessionID) ?? []), prompt]);
      },
      "experimental.chat.system.transform": async (input: { sessionID?: string; model?: TransformModel }, output: { system: string[] }) => {
        const sessionID = input.sessionID ?? "";
        if (!sessionID || !userModels.has(sessionID) || isSideRequest(userModels.get(sessionID), input.model, output.system)) return;
        const overview = await (overviews.get(sessionID) ?? startSession(sessionID, "startup"));
        if (overview) output.system.push(overview);
        const block = await blocks.get(sessionID);
        if (!block) return;
        output.system.push(block);
        if (!injected.has(sessionID)) {
          injected.add(sessionID);
          await log("info", "memctl injected memory", { sessionID, bytes: Buffer.byteLength(block), first_line: block.split("\n")[0] });
        }
      },
      event: async ({ event }: { event: { type: string; properties?: { sessionID?: string } } }) => {
        const sessionID = event.properties?.sessionID ?? "";
        if (event.type === "session.compacted") void startSession(sessionID, "compact");
        if (event.type !== "session.idle") return;
        const prompts = unlogged.get(sessionID);
        if (!prompts?.length) return;
        unlogged.delete(sessionID);
        // Capture first, and detached from OpenCode: `opencode run` exits within a second of the session going idle
        // and its children go with it (1.18.33: a capture started after the episode's `memctl log` never staged).
        // What the user's own prompts said durably becomes proposals; the child does the work and is not waited for.
        const end = JSON.stringify({ cwd: directory, session_id: sessionID, hook_event_name: "SessionEnd", messages: prompts });
        if (!startDetached(options.node, [options.cli, "hook", "session-end", "--host", "opencode", "--foreground"], end, directory))
          void log("warn", "memctl could not capture proposals from the session");
        const summary = `OpenCode session: ${prompts.length} prompt${prompts.length > 1 ? "s" : ""}; topics: ${topics(prompts)}`;
        const args = [options.cli, "log", "--host", "opencode", "--actor", "host:opencode", "--summary", summary, "--repo-root", directory, "--allow-non-git"];
        if (sessionID) args.push("--session-id", sessionID);
        await run(options.node, args, "", directory, options.timeoutMs ?? 5000)
          .then(() => log("info", "memctl logged an episode", { sessionID }))
          .catch((err: Error) => log("warn", "memctl could not log the episode", { error: err.message }));
      },
    };
  };
}

// Words that say nothing about what a session was about.
const STOPWORDS = new Set(
  "about above after again also because been before being below between both could does doing down during each from further have having here into itself just more most once only other over same should some such than that their them then there these they this those through under until very what when where which while will with would your yours please make thanks".split(
    " ",
  ),
);

/**
 * The session's topics for its episode: plain words (4-20 letters) in first-seen order, at most 10. The prompts
 * themselves are never stored: they can hold pasted secrets, paths, private text or an expanded command template.
 */
export function topics(prompts: string[]): string {
  const seen = new Set<string>();
  for (const prompt of prompts) {
    for (const raw of prompt.split(/\s+/)) {
      const word = raw.replace(/^[("'`]+|[)"'`.,;:!?]+$/g, "").toLowerCase();
      if (/^[a-z]{4,20}$/.test(word) && !STOPWORDS.has(word)) seen.add(word);
      if (seen.size === 10) return [...seen].join(" ");
    }
  }
  return seen.size > 0 ? [...seen].join(" ") : "(no plain words)";
}

/** Runs the per-prompt hook and returns the text to add to the system prompt ("" when there is none). */
async function runHook(options: MemctlPluginOptions, payload: Record<string, unknown>, cwd: string): Promise<string> {
  const stdout = (await run(options.node, [...HOOK_NODE_FLAGS, options.hook, "--host", "opencode"], JSON.stringify(payload), cwd, options.timeoutMs ?? 5000)).trim();
  if (!stdout.startsWith("{")) return stdout;
  const parsed = JSON.parse(stdout) as { hookSpecificOutput?: { additionalContext?: unknown } };
  const context = parsed.hookSpecificOutput?.additionalContext;
  return typeof context === "string" ? context : "";
}

/** Starts a process in its own process group with `stdin` as its input, not waited for: it outlives OpenCode. */
function startDetached(node: string, args: string[], stdin: string, cwd: string): boolean {
  try {
    const child = spawn(node, args, { cwd, stdio: ["pipe", "ignore", "ignore"], detached: true, env: { ...process.env, NO_COLOR: "1" } });
    child.on("error", () => undefined);
    child.stdin.on("error", () => undefined);
    child.stdin.end(stdin);
    child.unref();
    return true;
  } catch {
    return false;
  }
}

function run(node: string, args: string[], stdin: string, cwd: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (err += d.toString("utf8")));
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`exit ${code}: ${err.trim().slice(0, 300)}`));
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(stdin);
  });
}
