import fs from "node:fs";
import path from "node:path";
import { typeFromFileName } from "../core/card-types.js";
import { sha256Hex } from "../store/history.js";
import { commitFile, commitFileSync } from "../store/write.js";
import { git, readBlobs, type GitOptions } from "./git.js";
import { mergeText, parkIncoming } from "./merge-driver.js";
import type { DriverKind } from "./layout.js";

// What git could not merge on its own: a file removed on one side and edited on the other (git never runs a
// merge driver for those), or a file both sides changed in a clone whose drivers were not configured yet.
// Each is resolved so that nothing is lost and no conflict markers stay.

interface Stages {
  base?: string;
  ours?: string;
  theirs?: string;
}

/** The unmerged paths of the index and the blob of each stage. */
async function unmergedPaths(repo: string, options: GitOptions): Promise<Map<string, Stages>> {
  const out = await git(repo, ["ls-files", "-u", "-z"], options);
  const paths = new Map<string, Stages>();
  for (const record of out.split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("\t");
    const [, sha, stage] = record.slice(0, tab).split(" ");
    const file = record.slice(tab + 1);
    const s = paths.get(file) ?? {};
    if (stage === "1") s.base = sha;
    if (stage === "2") s.ours = sha;
    if (stage === "3") s.theirs = sha;
    paths.set(file, s);
  }
  return paths;
}

function kindOf(file: string): DriverKind | undefined {
  if (file.endsWith(".jsonl")) return "log";
  if (!file.includes("/") && /^MEMORY(\..+)?\.md$/.test(file)) return "index";
  if (!file.includes("/") && typeFromFileName(file)) return "card";
  if (file.startsWith(".memctl/")) return "ours";
  return undefined;
}

/** Resolves every unmerged path in the work tree and stages it; returns the paths resolved. */
export async function resolveUnmerged(repo: string, options: GitOptions): Promise<string[]> {
  const paths = await unmergedPaths(repo, options);
  const blobs = await readBlobs(
    repo,
    [...paths.values()].flatMap((s) => [s.base, s.ours, s.theirs].filter((x): x is string => x !== undefined)),
    options,
  );
  const text = (sha: string | undefined) => (sha === undefined ? "" : blobs.get(sha)!);
  const add: string[] = [];
  const remove: string[] = [];
  for (const [file, s] of paths) {
    const abs = path.join(repo, file);
    const kind = kindOf(file);
    if (s.ours !== undefined && s.theirs !== undefined) {
      const ours = text(s.ours);
      // A file memctl does not own (a note) keeps ours; theirs is kept beside it so it is not lost.
      const merged = mergeText(kind ?? "card", text(s.base), ours, text(s.theirs), (loser) =>
        kind === "card"
          ? parkIncoming(repo, { path: file, text: loser, sha256: sha256Hex(loser), kept_sha256: sha256Hex(ours), reason: "edited-both" })
          : commitFileSync(`${abs}.theirs-${s.theirs!.slice(0, 8)}`, loser),
      );
      await commitFile(abs, merged);
      add.push(file);
    } else if (s.ours !== undefined || s.theirs !== undefined) {
      // Removed on one side, edited on the other. A card: the removal stands, the edit becomes a proposal.
      // Anything else: the edited file is kept (a note is never lost to a removal).
      const edited = text(s.ours ?? s.theirs);
      if (kind === "card") {
        parkIncoming(repo, { path: file, text: edited, sha256: sha256Hex(edited), kept_sha256: null, reason: "removed-edited" });
        fs.rmSync(abs, { force: true });
        remove.push(file);
      } else {
        await commitFile(abs, edited);
        add.push(file);
      }
    } else {
      fs.rmSync(abs, { force: true });
      remove.push(file);
    }
  }
  // Paths on stdin: a merge of thousands of files would pass the OS's argument limit.
  if (add.length > 0) await git(repo, ["add", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...options, input: add.join("\0") });
  if (remove.length > 0)
    await git(repo, ["rm", "--cached", "--quiet", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...options, input: remove.join("\0") });
  return [...paths.keys()];
}
