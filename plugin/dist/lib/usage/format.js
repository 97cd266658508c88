// lib/usage/format.ts
import { dayMs, daysBetween, utcDay } from "../core/frecency.js";
var USAGE_LOG = "usage.log";
var USAGE_SNAPSHOT = "usage.tsv";
var FOLDING = /^usage\.(\d+)-\d+\.folding$/;
var SET_ASIDE_SUFFIX = ".set-aside-";
var SET_ASIDE = /^usage\.\d+-\d+\.folding\.set-aside-\d+$/;
var HALVING_PERIOD_DAYS = 30;
var HEADER = "# memctl usage v1";
var DAY = /^\d{4}-\d{2}-\d{2}$/;
function isMeasurable(card) {
  return card !== "" && !/[\t\n\r]/.test(card);
}
function renderLogLine(day, cards) {
  return DAY.test(day) && cards.length > 0 ? `${day}	${cards.join("	")}
` : void 0;
}
function addLogLines(cards, text, options = {}) {
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const fields = line.split("	");
    const at = fields[0].indexOf("@");
    const day = at === -1 ? fields[0] : fields[0].slice(0, at);
    const hits = fields.length < 2 || !DAY.test(day) || fields.some((f) => f === "") ? void 0 : at === -1 ? fields.slice(1) : options.legacy?.(fields);
    if (!hits) {
      malformed++;
      options.onMalformed?.(line);
      continue;
    }
    for (const card of new Set(hits)) if (!options.only || options.only.has(card)) add(cards, card, { access_count: 1, last_access_day: day });
  }
  return malformed;
}
function add(cards, card, u) {
  const had = cards.get(card);
  if (!had) cards.set(card, { ...u });
  else {
    had.access_count += u.access_count;
    if (u.last_access_day > had.last_access_day) had.last_access_day = u.last_access_day;
  }
}
function parseSnapshot(text, only) {
  const newline = text.indexOf("\n");
  const snap = { ...parseHeader(newline === -1 ? text : text.slice(0, newline)), cards: /* @__PURE__ */ new Map() };
  const from = newline === -1 ? text.length : newline + 1;
  if (only) {
    for (let start = from; start < text.length; ) {
      let end = text.indexOf("\n", start);
      if (end === -1) end = text.length;
      const tab = text.indexOf("	", start);
      const card = text.slice(start, tab === -1 || tab > end ? end : tab);
      if (only.has(card)) snap.cards.set(card, rowUsage(text.slice(start, end), 0));
      start = end + 1;
    }
    return snap;
  }
  text.slice(from).split("\n").forEach((row, i) => {
    if (row !== "") snap.cards.set(row.slice(0, row.indexOf("	")), rowUsage(row, i + 2));
  });
  return snap;
}
function parseHeader(line) {
  const fields = line.split("	");
  if (fields[0] !== HEADER) throw new Error(`${USAGE_SNAPSHOT} has no "${HEADER}" header`);
  const snap = { folded: /* @__PURE__ */ new Map() };
  for (const field of fields.slice(1)) {
    const eq = field.indexOf("=");
    const [key, value] = [field.slice(0, eq), field.slice(eq + 1)];
    if (key === "decay_epoch" && DAY.test(value)) snap.epoch = value;
    else if (key === "folded" && value) {
      for (const item of value.split(",")) {
        const colon = item.lastIndexOf(":");
        const offset = Number(item.slice(colon + 1));
        if (colon < 1 || !Number.isSafeInteger(offset) || offset < 0) throw new Error(`${USAGE_SNAPSHOT} header has a bad folded entry "${item}"`);
        snap.folded.set(item.slice(0, colon), offset);
      }
    }
  }
  return snap;
}
function rowUsage(row, lineNo) {
  const [card, count, day, extra] = row.split("	");
  const n = Number(count);
  if (!card || extra !== void 0 || !count || !Number.isFinite(n) || n < 0 || !day || !DAY.test(day))
    throw new Error(`${USAGE_SNAPSHOT} ${lineNo ? `line ${lineNo}` : `row of ${card}`} is malformed`);
  return { access_count: n, last_access_day: day };
}
function renderSnapshot(snap) {
  const folded = [...snap.folded].map(([name, offset]) => `${name}:${offset}`).join(",");
  const rows = [...snap.cards].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([card, u]) => `${card}	${u.access_count}	${u.last_access_day}`);
  return [`${HEADER}	decay_epoch=${snap.epoch ?? ""}	folded=${folded}`, ...rows].join("\n") + "\n";
}
function applyDecay(snap, today) {
  if (!snap.epoch) {
    snap.epoch = today;
    return;
  }
  const periods = Math.max(0, Math.floor(daysBetween(snap.epoch, today) / HALVING_PERIOD_DAYS));
  if (!(periods > 0)) return;
  for (const u of snap.cards.values()) u.access_count = Math.max(1, Math.ceil(u.access_count / 2 ** periods));
  snap.epoch = utcDay(new Date(dayMs(snap.epoch) + periods * HALVING_PERIOD_DAYS * 864e5));
}
export {
  FOLDING,
  HALVING_PERIOD_DAYS,
  SET_ASIDE,
  SET_ASIDE_SUFFIX,
  USAGE_LOG,
  USAGE_SNAPSHOT,
  add,
  addLogLines,
  applyDecay,
  isMeasurable,
  parseSnapshot,
  renderLogLine,
  renderSnapshot
};
