// lib/hook/overview-store.ts
import { readCardCatalog } from "../store/card-cache.js";
import { isReadable } from "../store/card-cache-format.js";
import { withTrustedCardCache } from "../store/card-cache-trusted.js";
import { sameNumbers } from "../store/index-links.js";
import { pinnedEntries, pinsOf, readPins, retiredEntries, writePins } from "./overview-pins.js";
import { keepLines, readSealedKept } from "./overview-kept.js";
import { readKeptOrLogged } from "./overview-log.js";
import { patchedLines, pinsKey, restTable } from "./overview-patch.js";
import { readHold } from "../store/hold.js";
import { access, R_OK, readRegularUtf8, statIfExists } from "../store/checked-fs.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { readIndexOnly } from "../store/read.js";
import { isEpisodesArtifact, isShardFile, viewStore } from "../records/store-view.js";
import { splicedView } from "./overview-spliced.js";
import { buildOverviewView, decodeLines, decodeView, editOverviewView } from "./overview-view.js";
import { buildOverviewView as buildOverviewView2, editOverviewView as editOverviewView2 } from "./overview-view.js";
function overviewEntries(memoryDir) {
  return viewStore(readIndexOnly(memoryDir)).entries;
}
async function readOverviewStore(memoryDir, freshness) {
  const entries = overviewEntries(memoryDir);
  const catalog = await readCardCatalog(memoryDir, freshness ? { freshness } : {});
  const pins = /* @__PURE__ */ new Map();
  const cards = /* @__PURE__ */ new Map();
  const digests = /* @__PURE__ */ new Map();
  const mayRetire = catalog.mayRetire().filter((r) => isReadable(r) && !isShardFile(r.file) && !isEpisodesArtifact(r.file)).map((r) => ({ file: r.file, status: r.status, expires_at: r.expires_at }));
  for (const r of catalog.cards) {
    if (r.readError !== void 0 || r.sha256 === void 0 || isShardFile(r.file) || isEpisodesArtifact(r.file)) continue;
    pins.set(r.file, { priority: r.priority, scope: r.scope });
    cards.set(r.file, { card: { meta: { name: r.name, metadata: { type: r.type } } } });
    digests.set(r.file, r.sha256);
  }
  return { dir: memoryDir, entries, pins, cards, digests, mayRetire };
}
async function readOverviewLines(memoryDir, pinnedHere, today, freshness, scope, secret) {
  const index = joinPath(memoryDir, INDEX_FILE);
  if (!statIfExists(index)?.isFile() || !readable(index)) overviewEntries(memoryDir);
  const hold = readHold(memoryDir);
  const key = scope !== void 0 && !hold && freshness ? { today, scope, fullCheckMax: freshness.fullCheckMax, ...secret === void 0 ? {} : { secret } } : void 0;
  let sealed;
  const sealedKept = (stamp) => (sealed ??= { kept: key && readSealedKept(memoryDir, stamp, key) }).kept;
  const trusted = freshness && withTrustedCardCache(
    memoryDir,
    freshness,
    (c) => {
      const carried = key && patchedLines(memoryDir, c, key, pinnedHere, c.view() && sealedKept(c.stamp));
      if (carried) return carried;
      const source = c.view();
      const view2 = source && splicedView(memoryDir, source);
      const made = source && { stamp: c.stamp, records: c.count, source: { base: source.base, edits: source.edits, checked: c.checked } };
      const pins2 = view2 && !hold ? readPins(memoryDir, c.stamp) : void 0;
      if (view2 && pins2) return { view: view2, pins: pins2, ...made };
      const always = view2 && c.always();
      const mayRetire = always && c.mayRetire();
      const rows = mayRetire && { always: always.map((r) => ({ ...r.row, file: r.file })), mayRetire: mayRetire.map((r) => ({ ...r.row, file: r.file })) };
      return rows && { view: view2, ...rows, ...made };
    },
    key && ((stamp) => readKeptOrLogged(memoryDir, stamp, key)),
    key && {
      // What the read the kept lines were made from proved of the same card-cache file's records.
      claim: (stamp, base) => {
        const prior = sealedKept(stamp);
        const checked = prior && sameNumbers(prior.patch.base, base) ? prior.patch.checked : void 0;
        return checked && { base, ...checked };
      },
      use: (c) => patchedLines(memoryDir, c, key, pinnedHere, sealedKept(c.stamp))
    }
  );
  if (trusted && "json" in trusted) return trusted;
  const kept = (lines, made) => key && trusted ? { ...lines, keep: () => keepLines(memoryDir, trusted.stamp, trusted.records, key, lines, carry(lines, made, trusted.source)) } : lines;
  if (trusted?.pins) {
    const lines = decodeLines(trusted.view, trusted.view.indexOf(10), trusted.pins.entries);
    const made = lines && { view: lines, first: pinnedEntries(trusted.pins, pinnedHere), gone: retiredEntries(trusted.pins, today), pins: trusted.pins };
    if (made) return kept(pinnedFirst(made.view, made.first, made.gone), made);
  }
  const read = trusted?.always ? { view: trusted.view, always: trusted.always.filter((c) => !hold?.held(c.file)), mayRetire: trusted.mayRetire.filter((c) => !hold?.held(c.file)) } : await fromCatalog(memoryDir, freshness);
  const cached = read.view && decodeView(read.view);
  const view = cached ?? decodeView(buildOverviewView(readRegularUtf8(index)));
  const pins = pinsOf(view.count, view.card, read.always, read.mayRetire);
  if (trusted?.stamp && cached && !hold) writePins(memoryDir, trusted.stamp, pins);
  const retired = retiredEntries(pins, today);
  if (!hold) {
    const first2 = pinnedEntries(pins, pinnedHere);
    const lines = pinnedFirst(view, first2, retired);
    return cached && trusted?.always ? kept(lines, { view, first: first2, gone: retired, pins }) : lines;
  }
  const pinned = new Set(pins.cards.filter((c) => pinnedHere(c.scope)).map((c) => c.file));
  const gone = new Set(retired);
  const first = [];
  const rest = [];
  let count = 0;
  let left = 0;
  let bytes = view.rawEnd(view.count - 1);
  let runStart = 0;
  for (let i = 0; i < view.count; i++) {
    const at = view.end(i - 1);
    const isHeld = hold.held(view.file(i));
    if (!isHeld && gone.has(i)) left++;
    const held = isHeld || gone.has(i);
    const card = pinned.size > 0 ? view.card(i) : null;
    const isPinned = !held && card !== null && pinned.has(card);
    if (held || isPinned) {
      if (at > runStart) rest.push(view.lines.subarray(runStart, at));
      if (isPinned) first.push(view.lines.subarray(at, view.end(i)));
      else bytes -= view.rawEnd(i) - view.rawEnd(i - 1);
      runStart = view.end(i);
    }
    if (!held) count++;
  }
  if (view.lines.length > runStart) rest.push(view.lines.subarray(runStart));
  return { count, left, json: [...first, ...rest], bytes };
}
function carry(lines, made, source) {
  const table = restTable(made.view, made.first, made.gone);
  const total = lines.json.reduce((s, b) => s + b.length, 0);
  const rest = table.length === 0 ? 0 : table[table.length / 3 * 2 - 1];
  return {
    base: source.base,
    edits: source.edits,
    pins: pinsKey(made.pins),
    head: total - rest,
    table,
    checked: { racyFrom: source.checked.racyFrom, changed: source.checked.changed }
  };
}
function pinnedFirst(view, first, gone) {
  const head = [];
  const rest = [];
  let runStart = 0;
  let count = view.count;
  let bytes = view.rawEnd(view.count - 1);
  for (let p = 0, g = 0; p < first.length || g < gone.length; ) {
    const i = g < gone.length && (p >= first.length || gone[g] <= first[p]) ? gone[g] : first[p];
    const isGone = g < gone.length && gone[g] === i;
    while (p < first.length && first[p] === i) p++;
    while (g < gone.length && gone[g] === i) g++;
    const at = view.end(i - 1);
    if (at > runStart) rest.push(view.lines.subarray(runStart, at));
    if (isGone) {
      count--;
      bytes -= view.rawEnd(i) - view.rawEnd(i - 1);
    } else head.push(view.lines.subarray(at, view.end(i)));
    runStart = view.end(i);
  }
  if (view.lines.length > runStart) rest.push(view.lines.subarray(runStart));
  return { count, left: view.count - count, json: head.length > 1 ? [Buffer.concat(head), ...rest] : [...head, ...rest], bytes };
}
async function fromCatalog(memoryDir, freshness) {
  const viewEdit = (previous, edits, base) => base ? splicedView(memoryDir, { bytes: () => previous, edits, base }) : editOverviewView(previous, edits);
  const catalog = await readCardCatalog(memoryDir, { view: buildOverviewView, viewEdit, ...freshness ? { freshness } : {} });
  return { ...catalog.view ? { view: catalog.view } : {}, always: catalog.always().filter(isReadable), mayRetire: catalog.mayRetire().filter(isReadable) };
}
function readable(file) {
  try {
    access(file, R_OK);
    return true;
  } catch {
    return false;
  }
}
export {
  buildOverviewView2 as buildOverviewView,
  editOverviewView2 as editOverviewView,
  overviewEntries,
  readOverviewLines,
  readOverviewStore
};
