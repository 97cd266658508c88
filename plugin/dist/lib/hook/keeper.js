// lib/hook/keeper.ts
import fs from "node:fs";
import path from "node:path";
import { STATE_DIR } from "../store/paths.js";
import { childEnv } from "../store/io.js";
import { hostname, lockHolder, processAlive } from "../store/lock.js";
import { lstatIfExists, utimes } from "../store/checked-fs.js";
import { KEEPER_LOCK, KEEPER_LOCK_STALE_MS, OLD_KEEPER_SOCKET } from "../rank-cache/keeper-lock.js";
var LIVE_HEARTBEAT_MS = KEEPER_LOCK_STALE_MS * 10;
function keepStoreFresh(memoryDir, script, io, log) {
  try {
    const now = io.now().getTime();
    const holder = lockHolder(memoryDir, KEEPER_LOCK);
    const age = holder ? now - holder.heartbeatMs : Number.POSITIVE_INFINITY;
    if (holder && age < LIVE_HEARTBEAT_MS && (processAlive(holder.pid) || age < KEEPER_LOCK_STALE_MS && holder.host !== hostname())) {
      if (lstatIfExists(path.join(memoryDir, STATE_DIR, OLD_KEEPER_SOCKET))) return { status: "skipped" };
      utimes(holder.ownerFile, now);
      return { status: "renewed" };
    }
    try {
      fs.accessSync(path.join(memoryDir, STATE_DIR), fs.constants.W_OK);
    } catch {
      return { status: "skipped" };
    }
    const { spawn } = process.getBuiltinModule("node:child_process");
    const child = spawn(process.execPath, [script, memoryDir], {
      detached: true,
      stdio: "ignore",
      windowsHide: true,
      env: childEnv(io),
      // Not the project's directory, nor the store's: a background process should pin neither.
      cwd: path.parse(memoryDir).root
    });
    child.on("error", (err) => log(`keeper not started: ${err.message}`));
    child.unref();
    if (child.pid !== void 0) log(`keeper ${child.pid} for ${memoryDir}: spawned`);
    return { status: "started", pid: child.pid };
  } catch (err) {
    log(`keeper not renewed: ${err.message}`);
    return { status: "failed" };
  }
}
export {
  keepStoreFresh
};
