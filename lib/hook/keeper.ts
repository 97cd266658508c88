// The prompt's side of the freshness keeper (lib/rank-cache/keeper.ts): after the hook has printed its block, a
// store above FULL_CHECK_MAX entries gets its keeper renewed, or started when none is alive. Renewing is a read of
// the keeper lock's owner file and one utimes on it (the keeper reads that mtime as the last prompt's time);
// starting is one detached, unref'd spawn the hook does not wait for. Every failure is logged and swallowed: the
// prompt already has its block, and without a keeper the prompt checks every card itself (correct, only slower).
import fs from "node:fs";
import path from "node:path";
import { STATE_DIR } from "../store/paths.js";
import { childEnv, type Io } from "../store/io.js";
import { hostname, lockHolder, processAlive } from "../store/lock.js";
import { lstatIfExists, utimes } from "../store/checked-fs.js";
import { KEEPER_LOCK, KEEPER_LOCK_STALE_MS, OLD_KEEPER_SOCKET } from "../rank-cache/keeper-lock.js";

/**
 * A lock whose heartbeat is older than this is not taken as a live keeper even when its pid answers (a reused pid,
 * or a holder on another host): the hook starts one, which breaks the lock if it is abandoned (lib/store/lock.ts).
 */
const LIVE_HEARTBEAT_MS = KEEPER_LOCK_STALE_MS * 10;

/** What a prompt did: renewed a live keeper, started one (its pid), skipped (no writable .memctl/), or failed (logged). */
export type KeeperStart = { status: "renewed" } | { status: "started"; pid: number | undefined } | { status: "skipped" } | { status: "failed" };

/** Renews the store's keeper, or starts `script` (the keeper entry, dist/hooks/keeper.cjs) for it. Never throws. */
export function keepStoreFresh(memoryDir: string, script: string, io: Pick<Io, "env" | "home" | "now">, log: (message: string) => void): KeeperStart {
  try {
    const now = io.now().getTime();
    const holder = lockHolder(memoryDir, KEEPER_LOCK);
    const age = holder ? now - holder.heartbeatMs : Number.POSITIVE_INFINITY;
    // Alive: its process answers here, or (a store on a disk two machines mount) another machine's keeper still
    // beats. The host is asked only then (node:os, ~0.3 ms): a keeper killed here is replaced at once.
    if (holder && age < LIVE_HEARTBEAT_MS && (processAlive(holder.pid) || (age < KEEPER_LOCK_STALE_MS && holder.host !== hostname()))) {
      // An older build's keeper answers no prompt of this one: unrenewed, it goes idle and a prompt starts this build's.
      if (lstatIfExists(path.join(memoryDir, STATE_DIR, OLD_KEEPER_SOCKET))) return { status: "skipped" };
      utimes(holder.ownerFile, now);
      return { status: "renewed" };
    }
    // A keeper could not take its lock here (a read-only store, no .memctl/): starting one would cost every prompt a
    // process that exits at once.
    try {
      fs.accessSync(path.join(memoryDir, STATE_DIR), fs.constants.W_OK);
    } catch {
      return { status: "skipped" };
    }
    // Loaded here, not at start: the hook needs child_process once per keeper, not on every prompt.
    const { spawn } = process.getBuiltinModule("node:child_process") as typeof import("node:child_process");
    const child = spawn(process.execPath, [script, memoryDir], {
      detached: true,
      stdio: "ignore",
      windowsHide: true,
      env: childEnv(io),
      // Not the project's directory, nor the store's: a background process should pin neither.
      cwd: path.parse(memoryDir).root,
    });
    child.on("error", (err) => log(`keeper not started: ${err.message}`));
    child.unref();
    // Named at once, before it runs: whoever must stop it (a test removing its store) finds it in the log.
    if (child.pid !== undefined) log(`keeper ${child.pid} for ${memoryDir}: spawned`);
    return { status: "started", pid: child.pid };
  } catch (err) {
    log(`keeper not renewed: ${(err as Error).message}`);
    return { status: "failed" };
  }
}
