// lib/sync/repair.ts
import fs from "node:fs";
import path from "node:path";
import { typeFromFileName } from "../core/card-types.js";
import { latestByCard, readHistory } from "../store/history.js";
import { commitFile } from "../store/write.js";
import { parseIndex } from "../core/index-file.js";
import { git, runGit } from "./git.js";
import { mergeIndex, mergeLog } from "./merge-lines.js";
import { readMerged, readMergedText } from "./merged-read.js";
async function repairKilledMerge(repo, opts) {
  const touched = [];
  for (const name of fs.readdirSync(repo)) if (name.startsWith(".merge_file_")) fs.rmSync(path.join(repo, name), { force: true });
  const changed = (await git(repo, ["diff", "--name-status", "--no-renames", "-z", "HEAD"], opts)).split("\0");
  const history = latestByCard(readHistory(repo).entries);
  for (let i = 0; i + 1 < changed.length; i += 2) {
    const status = changed[i];
    const file = changed[i + 1];
    const abs = path.join(repo, file);
    const head = await runGit(repo, ["show", `HEAD:${file}`], opts);
    if (head.code !== 0) continue;
    const raw = readMerged(abs, file.endsWith(".jsonl") ? Number.POSITIVE_INFINITY : void 0);
    const now = raw?.toString("utf8");
    let next;
    if (raw === void 0) next = head.stdout;
    else if (file.endsWith(".jsonl")) next = mergeLog("", head.stdout, now ?? "");
    else if (/^MEMORY(\..+)?\.md$/.test(file)) next = now === void 0 ? head.stdout : mergeIndex("", now, head.stdout);
    else if (status === "D" && !(typeFromFileName(file) && history.get(file)?.op === "delete")) next = head.stdout;
    if (next === void 0 || next === now) continue;
    await commitFile(abs, next);
    touched.push(file);
  }
  const index = path.join(repo, "MEMORY.md");
  const text = readMergedText(index);
  if (text !== void 0) {
    const dead = new Set(
      parseIndex(text).entries.filter((e) => !e.file.includes("/") && typeFromFileName(e.file) && !fs.existsSync(path.join(repo, e.file))).map((e) => e.line - 1)
    );
    if (dead.size > 0)
      await commitFile(
        index,
        text.split("\n").filter((_, i) => !dead.has(i)).join("\n")
      );
  }
  return touched;
}
export {
  repairKilledMerge
};
