// lib/cli/ui.ts
import { spawn } from "node:child_process";
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { joinPath, memctlStateHome } from "../store/paths.js";
import { writeNewFile } from "../store/safe-write.js";
import { esc } from "../ui/html.js";
import { startUi } from "../ui/server.js";
import { bool, parseArgs, projectFrom } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { actorFrom, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { usageError } from "../core/errors.js";
import { inertText } from "../core/sanitize.js";
var spec = {
  name: "ui",
  summary: commandSummary("ui"),
  flags: {
    open: { type: "boolean", description: "open the URL in the desktop's browser; without --open or --no-open it opens only when a display is present" },
    "no-open": { type: "boolean", description: "never open a browser; just print the URL" },
    "read-only": { type: "boolean", description: "serve every page but no review actions (POSTs refused, no buttons)" },
    ...STORE_FLAGS
  },
  exitCodes: {
    0: "served until Ctrl-C (SIGINT) or SIGTERM, then stopped cleanly",
    1: "no store, or the server could not listen on 127.0.0.1",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: "Binds 127.0.0.1 on a free port and prints a URL carrying a per-run secret (/s/<token>/); every request without it is refused (401), as is a Host other than 127.0.0.1:PORT or localhost:PORT (403), and a POST whose Origin is not this server (403).\nPages: Cards (search, filters), Injection timeline (the why log), Review queue (accept / reject as the owner, the same code as memctl accept / reject), Health (doctor and stats). Nothing is fetched from the internet.",
  examples: ["memctl ui", "memctl ui --read-only --no-open"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  if (bool(args, "open") && bool(args, "no-open")) throw usageError("give --open or --no-open, not both");
  const { memoryDir } = requireStore(args, io);
  const readOnly = bool(args, "read-only");
  if (!readOnly) writeContext(args, io, memoryDir);
  const owner = actorFrom(args, io) === "human";
  const ui = await startUi({ memoryDir, io, readOnly, owner, writeContext: () => writeContext(args, io, memoryDir), project: projectFrom(args) });
  io.stdout.write(`memctl ui: serving ${inertText(memoryDir)}${readOnly ? " (read-only)" : ""}
  ${ui.url}
Ctrl-C stops it.
`);
  const open = bool(args, "open") || !bool(args, "no-open") && hasDisplay(io.env);
  const page = open ? openBrowser(ui.url, io) : void 0;
  await new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await ui.close();
  if (page) fs.rmSync(page, { force: true });
  io.stdout.write("memctl ui: stopped\n");
  return 0;
}
function hasDisplay(env) {
  if (env.CI) return false;
  if (process.platform === "darwin" || process.platform === "win32") return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}
function openBrowser(url, io) {
  let page;
  try {
    const dir = memctlStateHome(io);
    fs.mkdirSync(dir, { recursive: true, mode: 448 });
    page = joinPath(dir, `ui-open-${process.pid}-${randomBytes(6).toString("hex")}.html`);
    const to = esc(url);
    writeNewFile(page, `<!doctype html><meta http-equiv="refresh" content="0;url=${to}"><title>memctl ui</title><a href="${to}">memctl ui</a>
`, { mode: 384 });
  } catch (err) {
    io.stderr.write(`memctl ui: could not write the page that opens the browser (${err.message}); open the URL above by hand
`);
    return void 0;
  }
  const [cmd, args] = process.platform === "darwin" ? ["open", [page]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", page]] : ["xdg-open", [page]];
  try {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true, env: io.env });
    child.on("error", () => io.stderr.write(`memctl ui: could not start ${cmd}; open the URL above by hand
`));
    child.unref();
  } catch {
    io.stderr.write(`memctl ui: could not start ${cmd}; open the URL above by hand
`);
  }
  return page;
}
export {
  run,
  spec
};
