import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../helpers.js";

// `memctl ui` as a real process of the built CLI: the URL it prints, and its exit.

const CLI = path.join(REPO_ROOT, "dist/cli.js");

export interface UiProcess {
  child: ChildProcess;
  url: Promise<string>;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

export function startUiProcess(env: Record<string, string | undefined>, args: string[], cwd = env.HOME): UiProcess {
  const child = spawn(process.execPath, [CLI, "ui", ...args], { cwd, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (c) => (stderr += c));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (c) => {
      stdout += c;
      const m = /http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]+\//.exec(stdout);
      if (m) resolve(m[0]);
    });
    child.once("exit", () => reject(new Error(`memctl ui exited before printing a URL: ${stderr}`)));
  });
  url.catch(() => {}); // a run that fails on purpose never prints one
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
  return { child, url, exit };
}
