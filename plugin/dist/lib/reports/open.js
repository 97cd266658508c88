// lib/reports/open.ts
import fs from "node:fs";
import path from "node:path";
import { readConfig } from "../config/config.js";
import { systemCode } from "../core/errors.js";
import { resolveMemory } from "../config/resolve.js";
import { parseCard } from "../core/card.js";
import { parseIndex } from "../core/index-file.js";
import { countCardFiles, INDEX_FILE, listCardFiles, listNonRegularCards } from "../store/read.js";
import { STATE_DIR } from "../store/paths.js";
import { shellWord } from "../core/shell-quote.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { isShardFile, viewStore } from "../records/store-view.js";
import { listEpisodeShards } from "../store/episode-shards.js";
async function openStore(options, io) {
  const resolution = resolveMemory({ repoRoot: options.repoRoot, allowNonGit: options.allowNonGit }, io);
  const config = readConfig(io);
  if (resolution.status !== "resolved" || !resolution.memory_dir) {
    const fix = resolution.status === "unavailable" ? "memctl init creates this project's store (memctl resolve shows where)" : void 0;
    return { resolution, config, issue: { source: resolution.resolution_source, memory_dir: resolution.memory_dir, reason: resolution.reason, ...fix ? { fix } : {} } };
  }
  const dir = resolution.memory_dir;
  let store;
  try {
    store = await readStoreForAudit(dir, options.cards);
  } catch (err) {
    const missing = systemCode(err) === "ENOENT";
    let cards = 0;
    try {
      if (missing) cards = countCardFiles(dir);
    } catch {
    }
    const reason = missing ? `${cards > 0 ? `memory exists, its index is missing (${cards} card ${cards === 1 ? "file" : "files"}): ` : ""}${path.join(dir, INDEX_FILE)} does not exist` : `cannot read ${path.join(dir, INDEX_FILE)}: ${err.message}`;
    const fix = missing ? missingIndexFix(dir, cards) : void 0;
    return { resolution, config, issue: { source: resolution.resolution_source, memory_dir: dir, reason, ...fix ? { fix } : {} } };
  }
  return { resolution, config, store, view: viewStore(store, listEpisodeShards(dir)) };
}
function missingIndexFix(dir, cards) {
  if (cards === 0) return `run "memctl init" to create ${INDEX_FILE} in ${dir} (the directory is mapped but was never initialised)`;
  const trashDir = path.join(dir, STATE_DIR, "trash");
  let copies = [];
  try {
    copies = fs.readdirSync(trashDir).filter((n) => n.startsWith(`${INDEX_FILE}@`)).map((name) => ({ name, stat: fs.lstatSync(path.join(trashDir, name)) })).filter((c) => c.stat.isFile()).map((c) => ({ name: c.name, mtime: c.stat.mtimeMs }));
  } catch {
    copies = [];
  }
  const newest = copies.sort((a, b) => b.mtime - a.mtime || (a.name < b.name ? 1 : -1))[0];
  if (newest) {
    const copy = path.join(trashDir, newest.name);
    return `restore its last copy: cp ${shellWord(copy)} ${shellWord(path.join(dir, INDEX_FILE))}, then memctl doctor names any card it does not link (no memctl command rebuilds ${INDEX_FILE} from the cards)`;
  }
  return `start it by hand: printf '# Memory\\n' > ${shellWord(path.join(dir, INDEX_FILE))}, then memctl doctor names each card as an orphan with the line to add (memctl init refuses a directory that holds cards)`;
}
function fileBytes(file) {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
function isRegularFile(dir, rel) {
  try {
    return fs.statSync(path.join(dir, rel)).isFile();
  } catch {
    return false;
  }
}
async function readStoreForAudit(dir, cards) {
  const indexText = readRegularUtf8(path.join(dir, INDEX_FILE));
  const files = (await listCardFiles(dir)).sort();
  const map = /* @__PURE__ */ new Map();
  if (cards) for (const { file, kind } of await listNonRegularCards(dir)) map.set(file, { file, bytes: 0, readError: `not a regular file (it is ${kind})` });
  for (const file of files) {
    if (!cards && !isShardFile(file)) continue;
    try {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      map.set(file, { file, bytes: Buffer.byteLength(text), text, card: isShardFile(file) ? void 0 : parseCard(text) });
    } catch (err) {
      map.set(file, { file, bytes: 0, readError: err.message });
    }
  }
  return { dir, indexText, indexBytes: Buffer.byteLength(indexText), index: parseIndex(indexText), cards: map };
}
export {
  fileBytes,
  isRegularFile,
  missingIndexFix,
  openStore,
  readStoreForAudit
};
