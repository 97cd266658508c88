// Builds a capture bench set from SpecStory sessions (.specstory/history/*.md) committed to public repositories:
// every user message of each whole session, in file order, kept as the product's transcript reader keeps a user
// turn (lib/capture/transcript.ts `typed`: host echoes such as <bash-input> dropped), redacted, cut at 4,000
// characters. Only user messages are stored: most of these repositories have no licence, and the assistant's text
// is not the user's anyway. Labels start as null; they are written by reading each message, before any capture
// pass runs on the set (bench/history/2026-12.md, Capture).
//   node --import tsx bench/capture/specstory.ts <out.json> <first id> <owner/name>=<git dir>[:<max messages>] …
// Each file is read at the last commit that added or changed it (a later commit may have deleted it).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { typed } from "../../lib/capture/transcript.js";
import { findSecrets } from "../../lib/records/secrets.js";
import type { Labelled } from "./corpus.js";

export const MAX_CHARS = 4000;

/** The user turns of one SpecStory markdown session, in order: the text after a `_**User…**_` line up to the
 * `---` rule that precedes the next speaker's line (a `---` inside a message, not followed by one, stays). */
export function specstoryUserTurns(markdown: string): string[] {
  const lines = markdown.split(/\r?\n/);
  const speaker = (l: string) => /^_\*\*[^*]*\*\*_\s*$/.test(l);
  const turns: string[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!/^_\*\*User\b[^*]*\*\*_\s*$/.test(lines[i]!)) {
      i += 1;
      continue;
    }
    const body: string[] = [];
    i += 1;
    for (; i < lines.length; i += 1) {
      if (lines[i]!.trim() === "---") {
        let j = i + 1;
        while (j < lines.length && lines[j]!.trim() === "") j += 1;
        if (j >= lines.length || speaker(lines[j]!)) break;
      }
      body.push(lines[i]!);
    }
    turns.push(body.join("\n"));
  }
  return turns.flatMap((t) => typed(t) ?? []);
}

/** Secrets (the product's own scanner), e-mail addresses, home-directory and shell-prompt user names replaced. */
export async function redact(text: string): Promise<string> {
  const found = await findSecrets(text);
  let out = "";
  let at = 0;
  for (const f of found) {
    out += `${text.slice(at, f.start)}<redacted>`;
    at = f.end;
  }
  out += text.slice(at);
  return (
    out
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/gi, "<redacted>")
      // A shell prompt's user@host, as pasted with terminal output ("(venv) user@host dir % cmd").
      .replace(/(^|[\s(])[\w.-]+@[\w.-]+(?=\s+\S+\s+[%$#](\s|$))/gm, "$1<user>@<host>")
      .replace(/(\/Users\/|\/home\/)[^/\s'"`)]+/g, "$1<user>")
      .replace(/([A-Za-z]:[\\/]+Users[\\/]+)[^\\/\s'"`)]+/g, "$1<user>")
  );
}

export function cut(text: string): string {
  return text.length <= MAX_CHARS ? text : `${text.slice(0, MAX_CHARS)} […]`;
}

// core.quotepath=off: git quotes a non-ASCII path in its listings, and the quoted name then names no file.
const git = (dir: string, ...args: string[]) => execFileSync("git", ["-c", "core.quotepath=off", "--git-dir", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });

/** Every session file ever committed under .specstory/history, each at the last commit that added or changed it. */
function sessionFiles(gitDir: string): { path: string; commit: string }[] {
  const paths = [...new Set(git(gitDir, "log", "--all", "--name-only", "--format=", "--", ".specstory/history/*.md").split("\n").filter(Boolean))].sort();
  return paths.map((p) => ({ path: p, commit: git(gitDir, "log", "--all", "-1", "--format=%H", "--diff-filter=AM", "--", p).trim() }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [out, first, ...specs] = process.argv.slice(2);
  if (!out || !first || specs.length === 0) throw new Error("usage: specstory.ts <out.json> <first id> <owner/name>=<git dir>[:<max>] …");
  let id = Number(first);
  const messages: Labelled[] = [];
  const sources: { repo: string; commits: string[] }[] = [];
  for (const spec of specs) {
    const [repo, rest] = spec.split("=") as [string, string];
    const [gitDir, max] = rest.split(":") as [string, string | undefined];
    const commits = new Set<string>();
    let kept = 0;
    for (const f of sessionFiles(gitDir)) {
      const turns = specstoryUserTurns(git(gitDir, "show", `${f.commit}:${f.path}`));
      // Whole sessions only: stop before a session that would pass the cap.
      if (turns.length === 0) continue;
      if (max !== undefined && kept > 0 && kept + turns.length > Number(max)) break;
      commits.add(f.commit);
      for (const [i, t] of turns.entries()) messages.push({ id: id++, half: "test", durable: null, repo, commit: f.commit, path: f.path, n: i + 1, text: cut(await redact(t)) });
      kept += turns.length;
    }
    sources.push({ repo, commits: [...commits] });
  }
  fs.writeFileSync(out, `${JSON.stringify({ about: "", sources, messages }, null, 1)}\n`);
  process.stdout.write(`${messages.length} messages from ${sources.length} repositories into ${out}\n`);
}
