// End-to-end harness: real host binaries from npm (pinned, cached outside the repo), a temp HOME/XDG world
// with a sample store, and helpers to run a host until its own transcript or log holds the evidence.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { initRepo } from "../helpers.js";
import { scratchDir } from "../support/scratch.js";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CLI = path.join(REPO, "dist", "cli.js");

export const PINNED = {
  claude: { pkg: "@anthropic-ai/claude-code", version: "2.1.328", bin: "claude" },
  codex: { pkg: "@openai/codex", version: "0.169.0", bin: "codex" },
  opencode: { pkg: "opencode-ai", version: "1.18.33", bin: "opencode" },
  grok: { pkg: "@xai-official/grok", version: "1.0.41", bin: "grok" },
} as const;

/**
 * Installs a pinned host into `${MEMCTL_E2E_CACHE:-/tmp/memctl-e2e-hosts}/<pkg>@<version>` (reused when
 * present) and returns its binary, or why it could not be installed (the caller skips loudly). Under CI=true a
 * host that cannot be installed throws instead: a green CI must mean every host integration ran.
 */
export function ensureHost(name: keyof typeof PINNED): { bin: string } | { skip: string } {
  return ensureHostPackage(PINNED[name], name, process.env);
}

export function ensureHostPackage(
  spec: { pkg: string; version: string; bin: string },
  name: string,
  environment: Record<string, string | undefined>,
): { bin: string } | { skip: string } {
  const { pkg, version, bin } = spec;
  const cache = environment.MEMCTL_E2E_CACHE || path.join(os.tmpdir(), "memctl-e2e-hosts");
  const prefix = path.join(cache, `${pkg.replace("/", "+")}@${version}`);
  const binary = path.join(prefix, "node_modules", ".bin", bin);
  if (fs.existsSync(binary)) return { bin: binary };
  // Test files run in parallel and may install the same host at once: each installs into a private folder and
  // renames it into place, so no test ever spawns a binary another npm is still writing (ETXTBSY seen on a fresh
  // machine). The first rename wins; a loser removes its copy and uses the winner's.
  fs.mkdirSync(cache, { recursive: true });
  const staging = fs.mkdtempSync(`${prefix}.installing-`);
  // cwd = the prefix itself: run from its parent, npm would take "<pkg>@<version>" for that local folder.
  // npm's own cache goes under the host cache too, so the tests write nothing into the real home.
  const env = { ...environment, npm_config_cache: path.join(cache, ".npm-cache") };
  const npm = spawnSync("npm", ["install", "--prefix", staging, "--no-audit", "--no-fund", "--loglevel=error", `${pkg}@${version}`], {
    cwd: staging,
    env,
    encoding: "utf8",
    timeout: 300_000,
  });
  if (npm.status === 0 && fs.existsSync(path.join(staging, "node_modules", ".bin", bin))) {
    try {
      fs.renameSync(staging, prefix);
    } catch {
      // Another test file's install got there first: keep it. A prefix without the binary is an older harness's
      // half-made install (this one never renames an incomplete folder): replace it.
      if (!fs.existsSync(binary)) {
        fs.rmSync(prefix, { recursive: true, force: true });
        fs.renameSync(staging, prefix);
      }
    }
  }
  fs.rmSync(staging, { recursive: true, force: true });
  if (npm.status !== 0 || !fs.existsSync(binary)) {
    const why = `npm install ${pkg}@${version} failed (exit ${npm.status ?? npm.signal}): ${(npm.stderr || npm.error?.message || "").trim().split("\n").slice(-3).join(" / ")}`;
    if (environment.CI === "true") throw new Error(`E2E host ${name} could not be installed under CI=true, so its end-to-end tests cannot run: ${why}`);
    process.stderr.write(`\n!!!!!!!! E2E SKIPPED for ${name}: ${why}\n\n`);
    return { skip: why };
  }
  return { bin: binary };
}

export interface World {
  dir: string;
  home: string;
  project: string;
  store: string;
  env: Record<string, string>;
}

/** A temp HOME with XDG dirs, a git project, and a copy of the sample store mapped to it in the memctl config. */
export function makeWorld(label: string): World {
  const dir = fs.realpathSync(scratchDir(`memctl-e2e-${label}-`));
  const home = path.join(dir, "home");
  const project = path.join(dir, "proj");
  const store = path.join(dir, "store");
  fs.mkdirSync(home, { recursive: true });
  initRepo(project);
  fs.cpSync(path.join(REPO, "sample-store"), store, { recursive: true });
  const env: Record<string, string> = {
    PATH: [path.dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter),
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_STATE_HOME: path.join(home, ".local", "state"),
    TMPDIR: os.tmpdir(),
    TERM: "dumb",
    NO_COLOR: "1",
    LANG: "C.UTF-8",
  };
  const world = { dir, home, project, store, env };
  const mapped = memctl(world, ["config", "set", "--repo-root", project, "--memory-dir", store]);
  if (mapped.status !== 0) throw new Error(`memctl config set failed: ${mapped.stderr}`);
  return world;
}

/** Where Grok's model calls go unless a test serves them: a closed loopback port (nothing leaves the machine). */
const GROK_NOWHERE = "http://127.0.0.1:9";

/**
 * What a test runs Grok with: the world's environment, a fake key, and its model list asked of `baseUrl`. Grok
 * 1.0.41 ignores GROK_CLI_BASE_URL for its chat calls: pass grokModel's arguments too, or it calls api.x.ai.
 */
export function grokEnv(world: World, baseUrl = GROK_NOWHERE): Record<string, string> {
  return { ...world.env, XAI_API_KEY: "xai-e2e-fake-key", GROK_CLI_BASE_URL: baseUrl, GROK_CLI_CHAT_PROXY_BASE_URL: baseUrl, GROK_MODELS_LIST_URL: `${baseUrl}/v1/models` };
}

/**
 * A `[model.standin]` in the world's ~/.grok/config.toml served at `baseUrl` (a stand-in provider, or a closed
 * port), and the `-m` arguments that choose it: Grok's chat calls then stay on this machine.
 */
export function grokModel(world: World, baseUrl = GROK_NOWHERE): string[] {
  const grokHome = path.join(world.home, ".grok");
  fs.mkdirSync(grokHome, { recursive: true });
  fs.appendFileSync(
    path.join(grokHome, "config.toml"),
    `\n[model.standin]\nmodel = "stub-model"\nname = "e2e stand-in"\nbase_url = "${baseUrl}/v1"\nenv_key = "XAI_API_KEY"\napi_backend = "responses"\ncontext_window = 128000\n`,
  );
  return ["-m", "standin"];
}

/**
 * Grok 1.0.41 makes an empty /tmp/sessions/<session id> on every `-p` run, whatever TMPDIR says. Call before the
 * runs; the returned function removes the empty ones made since (and /tmp/sessions if it made that too).
 */
export function sweepGrokSessions(): () => void {
  const dir = "/tmp/sessions";
  const list = () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const existed = fs.existsSync(dir);
  const before = new Set(list());
  return () => {
    for (const name of list().filter((n) => !before.has(n))) {
      try {
        fs.rmdirSync(path.join(dir, name)); // only an empty directory: anything with content is not Grok's litter
      } catch {
        // not empty, or already gone
      }
    }
    if (!existed) {
      try {
        fs.rmdirSync(dir);
      } catch {
        // someone else's entries are in it
      }
    }
  };
}

/** Removes a world once its test has passed (a failing test leaves it behind to look at). */
export function removeWorld(world: World): void {
  // A host's detached end-of-session work (capture, a background sync) may still be writing into the world. rmSync's
  // own retries only retry the last rmdir, so an entry created after its listing fails every retry (ENOTEMPTY, seen
  // on a loaded CI machine): start over, listing again, until that work is done.
  const deadline = Date.now() + 20_000;
  // Work that starts after the listing (a session's detached capture, its hook log) would recreate what was removed
  // and outlive the test: first wait, within the same deadline, for every process working inside the world to end.
  while (workingIn(world.dir).length > 0 && Date.now() < deadline) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  for (;;) {
    try {
      fs.rmSync(world.dir, { recursive: true, force: true });
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code !== "ENOTEMPTY" && code !== "EBUSY") || Date.now() > deadline) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

/** Processes other than this one whose working directory is inside `dir` (Linux /proc; elsewhere none are seen). */
function workingIn(dir: string): number[] {
  if (!fs.existsSync("/proc/self/cwd")) return [];
  return fs
    .readdirSync("/proc")
    .filter((n) => /^\d+$/.test(n) && Number(n) !== process.pid)
    .filter((n) => {
      try {
        const cwd = fs.readlinkSync(`/proc/${n}/cwd`);
        return cwd === dir || cwd.startsWith(dir + path.sep);
      } catch {
        return false; // gone, or not ours to read
      }
    })
    .map(Number);
}

/** Runs the built memctl CLI in the world (cwd = the project). */
export function memctl(world: World, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: world.project, env: world.env, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Starts a host process (own process group) and polls `probe` until it returns a value; then kills the whole
 * group at once. Rejects with the host's output tail if the evidence does not appear in time.
 */
export function runUntil<T>(command: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs: number }, probe: () => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    child.stderr.on("data", (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    const started = Date.now();
    let exitedAt: number | undefined;
    child.on("exit", () => (exitedAt = Date.now()));
    const stop = () => {
      clearInterval(timer);
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setInterval(() => {
      let found: T | undefined;
      try {
        found = probe();
      } catch {
        found = undefined;
      }
      if (found !== undefined) {
        stop();
        resolve(found);
      } else if (Date.now() - started > options.timeoutMs || (exitedAt !== undefined && Date.now() - exitedAt > 3000)) {
        stop();
        const why = exitedAt !== undefined ? "the host exited" : `${options.timeoutMs} ms passed`;
        reject(new Error(`no evidence: ${why} (${path.basename(command)} ${args.join(" ")}); output tail:\n${output}`));
      }
    }, 250);
  });
}

/** Reads each path (null when absent) so a later state can be compared byte for byte. */
export function snapshot(files: string[]): Map<string, string | null> {
  return new Map(files.map((f) => [f, fs.existsSync(f) ? fs.readFileSync(f, "utf8") : null]));
}

/** Every file under `dir` (recursively), for snapshots of folders memctl writes into. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name));
}

export function readJsonl(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** A prompt whose relevant card the sample store holds, and that card's file. */
export const PROMPT = "how do we write a new database migration?";
export const RELEVANT_CARD = "project_migrations.md";

/**
 * memctl as npm installs it, at `prefix` (a copy of the package, its dependencies linked): `memctl` and
 * `memctl-hook` on PATH, symlinked into `prefix`/bin as npm does.
 */
export function installMemctlAt(world: World, prefix: string): void {
  const pkg = path.join(prefix, "lib", "node_modules", "memctl");
  fs.mkdirSync(pkg, { recursive: true });
  for (const entry of ["dist", "commands", "package.json"]) fs.cpSync(path.join(REPO, entry), path.join(pkg, entry), { recursive: true });
  fs.symlinkSync(path.join(REPO, "node_modules"), path.join(pkg, "node_modules"));
  const bin = path.join(prefix, "bin");
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(path.join(pkg, "dist", "cli.js"), path.join(bin, "memctl"));
  fs.symlinkSync(path.join(pkg, "dist", "hooks", "user-prompt-submit.cjs"), path.join(bin, "memctl-hook"));
  world.env.PATH = `${bin}${path.delimiter}${world.env.PATH}`;
}

// The provider stand-ins live in stand-in.ts; the 400-answering one is also reachable from here.
export { captureProvider, type StandIn as Capture } from "./stand-in.js";
import type { StandIn } from "./stand-in.js";

/** Runs a host to completion (or the timeout), its output collected; the event loop stays free for the capture server. */
export function runToEnd(bin: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs = 90_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // gone
      }
    }, timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** One hook as `codex app-server` lists it (other fields, e.g. the handler's timeoutSec, vary by version). */
/** Claude Code's environment against a capturing stand-in provider: a fake key, no updater, telemetry or other traffic. */
export function claudeEnv(world: World, capture: StandIn): Record<string, string> {
  return {
    ...world.env,
    ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key",
    ANTHROPIC_BASE_URL: capture.url,
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  };
}

/** The first model-bound request carrying the prompt: its system prompt and messages as JSON text. */
export function promptRequest(capture: StandIn): { system: string; messages: string } {
  const body = capture.bodies.map((b) => JSON.parse(b) as { system?: unknown; messages?: unknown }).find((b) => JSON.stringify(b.messages ?? "").includes(PROMPT));
  assert.ok(body, `a model-bound request carries the prompt (${capture.bodies.length} requests)`);
  return { system: JSON.stringify(body.system ?? ""), messages: JSON.stringify(body.messages) };
}

/** Trusts the hooks Codex lists, as its /hooks does: each one's key and currentHash written into config.toml. */
export function trustCodexHooks(codexHome: string, listed: readonly CodexListedHook[]): void {
  fs.appendFileSync(
    path.join(codexHome, "config.toml"),
    listed.map((h) => `\n[hooks.state.${JSON.stringify(h.key)}]\ntrusted_hash = ${JSON.stringify(h.currentHash)}\nenabled = true\n`).join(""),
  );
}

export interface CodexListedHook {
  key: string;
  currentHash: string;
  trustStatus: string;
  [field: string]: unknown;
}

/** Codex's own view of the hooks it would run in `cwd`: `codex app-server`'s hooks/list (key, currentHash, trustStatus). */
export async function codexHooksList(bin: string, cwd: string, env: Record<string, string>): Promise<CodexListedHook[]> {
  const child = spawn(bin, ["app-server"], { cwd, env, stdio: ["pipe", "pipe", "ignore"] });
  const send = (message: unknown) => child.stdin.write(JSON.stringify(message) + "\n");
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("codex app-server did not answer hooks/list in 60 s")), 60_000);
      let buffered = "";
      child.stdout.on("data", (d: Buffer) => {
        buffered += d.toString("utf8");
        for (let i = buffered.indexOf("\n"); i >= 0; i = buffered.indexOf("\n")) {
          const message = JSON.parse(buffered.slice(0, i)) as { id?: number; result?: { data: { hooks: [] }[] } };
          buffered = buffered.slice(i + 1);
          if (message.id === 1) {
            send({ method: "initialized" });
            send({ id: 2, method: "hooks/list", params: { cwds: [cwd] } });
          } else if (message.id === 2) {
            clearTimeout(timer);
            resolve(message.result!.data.flatMap((d) => d.hooks));
          }
        }
      });
      send({ id: 1, method: "initialize", params: { clientInfo: { name: "memctl-e2e", version: "0" } } });
    });
  } finally {
    child.kill("SIGKILL");
  }
}
