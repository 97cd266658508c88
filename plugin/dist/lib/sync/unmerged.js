// lib/sync/unmerged.ts
import fs from "node:fs";
import path from "node:path";
import { typeFromFileName } from "../core/card-types.js";
import { sha256Hex } from "../store/history.js";
import { commitFile, commitFileSync } from "../store/write.js";
import { git, readBlobs } from "./git.js";
import { mergeText, parkIncoming } from "./merge-driver.js";
async function unmergedPaths(repo, options) {
  const out = await git(repo, ["ls-files", "-u", "-z"], options);
  const paths = /* @__PURE__ */ new Map();
  for (const record of out.split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("	");
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
function kindOf(file) {
  if (file.endsWith(".jsonl")) return "log";
  if (!file.includes("/") && /^MEMORY(\..+)?\.md$/.test(file)) return "index";
  if (!file.includes("/") && typeFromFileName(file)) return "card";
  if (file.startsWith(".memctl/")) return "ours";
  return void 0;
}
async function resolveUnmerged(repo, options) {
  const paths = await unmergedPaths(repo, options);
  const blobs = await readBlobs(
    repo,
    [...paths.values()].flatMap((s) => [s.base, s.ours, s.theirs].filter((x) => x !== void 0)),
    options
  );
  const text = (sha) => sha === void 0 ? "" : blobs.get(sha);
  const add = [];
  const remove = [];
  for (const [file, s] of paths) {
    const abs = path.join(repo, file);
    const kind = kindOf(file);
    if (s.ours !== void 0 && s.theirs !== void 0) {
      const ours = text(s.ours);
      const merged = mergeText(
        kind ?? "card",
        text(s.base),
        ours,
        text(s.theirs),
        (loser) => kind === "card" ? parkIncoming(repo, { path: file, text: loser, sha256: sha256Hex(loser), kept_sha256: sha256Hex(ours), reason: "edited-both" }) : commitFileSync(`${abs}.theirs-${s.theirs.slice(0, 8)}`, loser)
      );
      await commitFile(abs, merged);
      add.push(file);
    } else if (s.ours !== void 0 || s.theirs !== void 0) {
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
  if (add.length > 0) await git(repo, ["add", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...options, input: add.join("\0") });
  if (remove.length > 0)
    await git(repo, ["rm", "--cached", "--quiet", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...options, input: remove.join("\0") });
  return [...paths.keys()];
}
export {
  resolveUnmerged
};
