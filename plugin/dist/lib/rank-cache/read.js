// lib/rank-cache/read.ts
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { parseIndex } from "../core/index-file.js";
import { utf8Bytes } from "../core/block.js";
import { openCacheFile } from "./format.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { isEntryPath } from "./entry-path.js";
import { exists } from "../store/checked-fs.js";
var RANK_CACHE = "rank-cache.bin";
var NO_SINK_FIELDS = Object.freeze({});
var SHAPES = { l: Object.freeze({ priority: "low" }), a: Object.freeze({ priority: "always" }), n: NO_SINK_FIELDS };
var STALE_SHAPES = {
  l: Object.freeze({ priority: "low", status: "stale" }),
  a: Object.freeze({ priority: "always", status: "stale" }),
  n: Object.freeze({ status: "stale" })
};
function parseSlimEntry(text) {
  const e = JSON.parse(text);
  const ok = Array.isArray(e) && e.length === 5 && typeof e[0] === "number" && typeof e[1] === "string" && typeof e[2] === "string" && typeof e[3] === "string" && typeof e[4] === "string";
  if (!ok) throw new RangeError("malformed rank cache entry");
  return e;
}
function parseReuseLine(text) {
  const r = JSON.parse(text);
  if (!Array.isArray(r) || r.length !== 7 || !Array.isArray(r[0]) || !r[0].every((t) => typeof t === "string") || !r.slice(1).every((v) => typeof v === "string"))
    throw new RangeError("malformed rank cache reuse data");
  return r;
}
function openCache(memoryDir, limits = {}) {
  const file = joinPath(memoryDir, STATE_DIR, RANK_CACHE);
  if (!exists(file)) return void 0;
  try {
    const view = openCacheFile(file, TOKENIZER_VERSION, limits);
    if (!view || view.header.n !== view.n || typeof view.header.id !== "string" || !Array.isArray(view.header.avg) || !view.header.avg.every((a) => typeof a === "number" && a > 0))
      return void 0;
    if (!Array.isArray(view.header.seed) || view.header.seed.length !== 2 || !view.header.seed.every((w) => Number.isInteger(w))) return void 0;
    const header = view.header;
    const n = view.n;
    const stamps = /* @__PURE__ */ new Map();
    const entries = /* @__PURE__ */ new Map();
    const pinned = /* @__PURE__ */ new Map();
    if (header.pinned?.length === header.always.length)
      header.always.forEach((id, i) => {
        pinned.set(id, header.pinned[i]);
      });
    if (!header.always.every((id) => Number.isInteger(id) && id >= 0 && id < n)) return void 0;
    const rawOf = (id) => () => parseSlimEntry(view.entry(id))[4];
    const pinnedPaths = header.pinnedFiles;
    if (pinnedPaths !== void 0 && !(Array.isArray(pinnedPaths) && pinnedPaths.length === header.always.length && pinnedPaths.every((f, i) => isEntryPath(f, rawOf(header.always[i])))))
      return void 0;
    const pinnedFiles = /* @__PURE__ */ new Map();
    pinnedPaths?.forEach((file2, i) => {
      pinnedFiles.set(header.always[i], file2);
    });
    const served = (id, file2) => {
      if (!isEntryPath(file2, rawOf(id))) throw new RangeError("rank cache path is no build's");
      return file2;
    };
    const fileOf = (id) => pinnedFiles.get(id) ?? served(id, view.file(id));
    const fileKept = (id) => {
      const file2 = fileOf(id);
      if (!stamps.has(file2)) stamps.set(file2, view.stamp(id));
      return file2;
    };
    const entryAt = (id) => {
      let e = entries.get(id);
      if (!e) {
        const [line, priority, status, expires, raw] = parseSlimEntry(view.entry(id));
        e = new CachedEntry(line, raw, fileKept(id), priority, status, expires);
        entries.set(id, e);
      }
      return e;
    };
    const postings = (term) => view.postings(term);
    let scoped;
    const scopedEntries = () => scoped ??= Object.entries(header.scope ?? {}).map(([id, list]) => {
      if (!Array.isArray(list) || !list.every((s) => typeof s === "string")) throw new RangeError("malformed rank cache scope");
      return [Number(id), list];
    });
    const store = {
      index: {
        size: n,
        entry: entryAt,
        file: fileOf,
        // The pinned cards' paths come with the header; the others in one pass (format.ts files).
        files: (ids) => {
          const rest = pinnedFiles.size === 0 ? ids : ids.filter((id) => !pinnedFiles.has(id));
          const found = view.files(rest);
          for (let k2 = 0; k2 < rest.length; k2++) served(rest[k2], found[k2]);
          if (pinnedFiles.size === 0) return found;
          let k = 0;
          return ids.map((id) => pinnedFiles.get(id) ?? found[k++]);
        },
        // A path found whole in the blob is the entry's as built: nothing to check it against but what was asked.
        idsLinking: (files) => [...view.findFiles(files).values()].flat(),
        // Ranking asks only for the ids maySink marks (below), so this need not be fast.
        sinkFields: (id) => {
          const p = header.prio[id];
          const status = header.status[id];
          const expires = header.expires[id];
          if (p === "n" && status === void 0 && expires === void 0) return NO_SINK_FIELDS;
          const shared = expires === void 0 ? (status === void 0 ? SHAPES : status === "stale" ? STALE_SHAPES : void 0)?.[p] : void 0;
          if (shared) return shared;
          return { ...p === "l" ? { priority: "low" } : p === "a" ? { priority: "always" } : {}, ...status ? { status } : {}, ...expires ? { expires_at: expires } : {} };
        },
        postings,
        alwaysIds: header.always,
        // A pinned line's size is its header text's: the build measures the same line (build.ts), and ~1,000 pinned
        // cards at 100,000 were a head page read each.
        lineBytes: (id) => {
          const line = pinned.get(id);
          return line === void 0 ? view.lineBytes(id) : utf8Bytes(line);
        },
        lineKey: (id) => view.lineKey(id),
        lineText: (id) => {
          fileKept(id);
          return pinned.get(id) ?? view.printed(id);
        },
        // Most entries are normal, active and never expire: found with native scans of the priority string.
        maySink: () => {
          const mask = new Uint8Array(n);
          for (const id of Object.keys(header.status)) mask[Number(id)] = 2;
          for (const id of Object.keys(header.expires)) mask[Number(id)] = 2;
          for (let at = header.prio.indexOf("l"); at !== -1; at = header.prio.indexOf("l", at + 1)) mask[at] = 1;
          return mask;
        },
        scoped: scopedEntries
      },
      unparsed: header.unparsed.map(([line, raw, reason]) => ({ line, raw, reason })),
      entryCount: n,
      cardCount: header.cards,
      cache: "fresh",
      verified: false,
      ...header.truncated ? { truncated: { lines: header.truncated[0], bytes: header.truncated[1], totalBytes: header.truncated[2] } } : {},
      plainFiles: header.plainFiles === true,
      // Fingerprints of the cards read (materialised or printed): only those can be printed.
      stamp: (file2) => stamps.get(file2)
    };
    return { header, view, store };
  } catch {
    return void 0;
  }
}
var CachedEntry = class {
  constructor(line, raw, file, priority, status, expires) {
    this.line = line;
    this.raw = raw;
    this.file = file;
    if (priority) this.priority = priority;
    if (status) this.status = status;
    if (expires) this.expires_at = expires;
  }
  get title() {
    return this.parse().title;
  }
  get hook() {
    return this.parse().hook;
  }
  parse() {
    this.parsed ??= parseIndex(this.raw).entries[0] ?? { title: "", hook: "" };
    return this.parsed;
  }
};
export {
  CachedEntry,
  RANK_CACHE,
  openCache,
  parseReuseLine,
  parseSlimEntry
};
