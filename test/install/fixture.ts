import fs from "node:fs";
import path from "node:path";
import type { InstallContext, Scope } from "../../install/context.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { initRepo } from "../helpers.js";
import { scratchDir } from "../support/scratch.js";

/** A fake memctl package (the files hooks point at, two commands), a temp HOME and a temp git project. */
export function makeFixture(): {
  dir: string;
  pkg: string;
  home: string;
  project: string;
  ctx: (scope: Scope, extra?: Partial<InstallContext>) => InstallContext;
  snapshot: () => Map<string, string>;
} {
  const dir = scratchDir("memctl-install-");
  const pkg = path.join(dir, "pkg");
  const home = path.join(dir, "home");
  const project = path.join(dir, "project");
  for (const f of ["dist/hooks/user-prompt-submit.cjs", "dist/hooks/opencode-plugin.mjs", "dist/cli.js"]) write(path.join(pkg, f), "// stub\n");
  write(path.join(pkg, "package.json"), '{ "name": "memctl" }\n');
  write(
    path.join(pkg, "commands/mem-recall.md"),
    "---\ndescription: Recall project memory about a topic\nargument-hint: <topic>\nallowed-tools: Bash(memctl:*)\n---\nRun `memctl recall $ARGUMENTS` and summarise.\n",
  );
  write(path.join(pkg, "commands/mem-log.md"), '---\ndescription: Log this session as an episode\n---\nRun `memctl log --host claude --summary "$ARGUMENTS"`.\n');
  fs.mkdirSync(home, { recursive: true });
  initRepo(project);
  const io: Io = {
    stdout: new BufferSink(),
    stderr: new BufferSink(),
    env: { PATH: "", XDG_STATE_HOME: path.join(dir, "state") },
    cwd: project,
    home,
    now: () => new Date("2026-12-02T10:00:00Z"),
  };
  const ctx = (scope: Scope, extra: Partial<InstallContext> = {}): InstallContext => ({
    io,
    scope,
    projectDir: project,
    packageRoot: pkg,
    nodePath: process.execPath,
    budget: {},
    ...extra,
  });
  const snapshot = () => {
    const files = new Map<string, string>();
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const full = path.join(d, e.name);
        if (e.isDirectory()) {
          if (e.name === ".git") {
            // The one file an install may touch there: git's per-clone exclude (install/git-exclude.ts).
            const exclude = path.join(full, "info", "exclude");
            if (fs.existsSync(exclude)) files.set(exclude, fs.readFileSync(exclude, "utf8"));
            continue;
          }
          files.set(full + "/", "<dir>");
          walk(full);
        } else files.set(full, fs.readFileSync(full, "utf8"));
      }
    };
    walk(home);
    walk(project);
    return files;
  };
  return { dir, pkg, home, project, ctx, snapshot };
}

export function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
