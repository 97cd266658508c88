// The freshness keeper's process: node <abs>/dist/hooks/keeper.cjs <memory dir>. Started detached by the per-prompt
// hook after it printed its block (lib/hook/keeper.ts); the work is lib/rank-cache/keeper.ts. It logs its start
// and its exit to the hook's log, so a background process is never a mystery, and runs at a lower priority than
// the prompts it serves. Exits 0 whatever happens: nothing waits for it.
import path from "node:path";
import os from "node:os";
import { keepFresh, keeperSettings } from "../../rank-cache/keeper.js";
import { processIo } from "../../store/io.js";
import { exists } from "../../store/checked-fs.js";
import { hookLogPath, logHookError } from "../run.js";

/** Below normal priority: a check competes with the prompts it is there to speed up. */
const NICENESS = 10;

async function main(): Promise<void> {
  const io = processIo();
  const memoryDir = process.argv[2];
  if (!memoryDir || !path.isAbsolute(memoryDir)) return;
  try {
    os.setPriority(NICENESS);
  } catch {
    // not permitted: run at the priority inherited
  }
  // Its start makes the log's directory if need be; gone after that, its home was removed (a test's temp tree, a
  // cleaned-up account), and logging there would make it again: later lines are dropped instead.
  const logDir = path.dirname(hookLogPath(io));
  const log = (message: string, make = false) => {
    if (make || exists(logDir)) logHookError(io, `keeper ${process.pid} for ${memoryDir}: ${message}`);
  };
  const settings = keeperSettings(io.env);
  let lastError = "";
  const exit = await keepFresh(memoryDir, {
    ...settings,
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    // A lasting fault would fail every second: each message is logged once in a row, not 600 times in 10 minutes.
    onError: (err) => {
      const message = `check failed: ${err instanceof Error ? err.message : String(err)}`;
      if (message !== lastError) log(message);
      lastError = message;
    },
    onStart: () => log("started", true),
  });
  log(`exited (${exit})`);
}

main()
  .catch((err: unknown) => logHookError(processIo(), `keeper ${process.pid}: ${err instanceof Error ? err.message : String(err)}`))
  .finally(() => process.exit(0));
