// lib/store/read.ts
import fs from "node:fs";
import path from "node:path";
import { parseCard } from "../core/card.js";
import { parseIndex } from "../core/index-file.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { EPISODES_SHARD, EPISODES_SUMMARY_FILE, INDEX_FILE } from "./paths.js";
import { fileKind, readRegularUtf8 } from "./checked-fs.js";
import { readHold } from "./hold.js";
import { EPISODES_FILE, INDEX_FILE as INDEX_FILE2, STATE_DIR } from "./paths.js";
import { countCardFiles } from "./card-count.js";
async function readStore(dir) {
  const indexText = readRegularUtf8(path.join(dir, INDEX_FILE));
  const files = await listCardFiles(dir);
  const cards = /* @__PURE__ */ new Map();
  for (const file of files) {
    try {
      const text = readRegularUtf8(path.join(dir, file));
      cards.set(file, { file, bytes: Buffer.byteLength(text), text, card: parseCard(text) });
    } catch (err) {
      cards.set(file, { file, bytes: 0, readError: err.message });
    }
  }
  const sorted = new Map([...cards.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
  return withoutHeld({ dir, indexText, indexBytes: Buffer.byteLength(indexText), index: parseIndex(indexText), cards: sorted });
}
function readIndexOnly(dir) {
  const indexText = readRegularUtf8(path.join(dir, INDEX_FILE));
  return withoutHeld({ dir, indexText, indexBytes: Buffer.byteLength(indexText), index: parseIndex(indexText), cards: /* @__PURE__ */ new Map() });
}
function withoutHeld(store) {
  const hold = readHold(store.dir);
  if (!hold) return store;
  const cards = new Map([...store.cards].filter(([file]) => !hold.held(file)));
  const entries = store.index.entries.filter((e) => !hold.held(e.file));
  return { ...store, cards, index: { ...store.index, entries } };
}
async function listCardFiles(dir, sub = "", walked, shards) {
  const entries = await fs.promises.readdir(path.join(dir, sub), { withFileTypes: true });
  walked?.push(sub);
  const out = [];
  for (const e of entries) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (shards && sub === "" && EPISODES_SHARD.test(e.name)) shards.push(e.name);
    if (e.name.startsWith(".")) continue;
    if (e.isDirectory()) out.push(...await listCardFiles(dir, rel, walked));
    else if (e.isFile() && e.name.endsWith(".md") && rel !== INDEX_FILE && rel !== EPISODES_SUMMARY_FILE) out.push(rel);
  }
  return out;
}
async function listNonRegularCards(dir, sub = "") {
  const entries = await fs.promises.readdir(path.join(dir, sub), { withFileTypes: true });
  const out = [];
  for (const e of entries) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.name.startsWith(".")) continue;
    if (e.isDirectory()) out.push(...await listNonRegularCards(dir, rel));
    else if (!e.isFile() && e.name.endsWith(".md")) {
      let mode;
      try {
        mode = (await fs.promises.stat(path.join(dir, rel))).mode;
      } catch {
        continue;
      }
      const kind = fileKind(mode);
      if (kind !== "a regular file" && kind !== "a directory") out.push({ file: rel, kind });
    }
  }
  return out;
}
async function readStoreOrEmptyIndex(memoryDir) {
  try {
    return await readStoreOrEmpty(memoryDir);
  } catch (err) {
    throw storeUnavailable(memoryDir, err);
  }
}
function storeUnavailable(memoryDir, err) {
  if (err instanceof MemctlError) return err;
  const e = err;
  const reason = e?.code && e.path && !e.message.includes(e.path) ? `${e.code} ${e.path}` : e?.message ?? String(err);
  return new MemctlError(
    ERROR_CODES.E_UNAVAILABLE,
    `MEMORY INDEX UNAVAILABLE (${reason}): the memory in ${memoryDir} exists but could not be read; fix its permissions or file types (run "memctl doctor")`
  );
}
async function readStoreOrEmpty(memoryDir) {
  if (fs.existsSync(path.join(memoryDir, INDEX_FILE))) return readStore(memoryDir);
  const cards = /* @__PURE__ */ new Map();
  for (const file of (await listCardFiles(memoryDir)).sort()) {
    try {
      const text = fs.readFileSync(path.join(memoryDir, file), "utf8");
      cards.set(file, { file, bytes: Buffer.byteLength(text), text, card: parseCard(text) });
    } catch (err) {
      cards.set(file, { file, bytes: 0, readError: err.message });
    }
  }
  return withoutHeld({ dir: memoryDir, indexText: "", indexBytes: 0, index: parseIndex(""), cards });
}
export {
  EPISODES_FILE,
  INDEX_FILE2 as INDEX_FILE,
  STATE_DIR,
  countCardFiles,
  listCardFiles,
  listNonRegularCards,
  readIndexOnly,
  readStore,
  readStoreOrEmptyIndex,
  storeUnavailable
};
