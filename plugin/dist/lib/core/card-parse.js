// lib/core/card-parse.ts
import { fastLoadFrontmatter } from "./frontmatter-fast.js";
import { typeFromFileName } from "./card-types.js";
import { recallKeysOf } from "./recall-keys.js";
import { scopesOf } from "./scope.js";
var REQUIRED_FIELDS = ["topics", "priority", "status", "updated_at", "repo_refs"];
var FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;
function parseCardWith(text, loadYaml) {
  const match = FRONTMATTER.exec(text);
  if (!match) return { frontmatter: {}, meta: { topics: [] }, frontmatterText: "", body: text, hasFrontmatter: false, errors: [], warnings: [] };
  const frontmatterText = match[1];
  const body = text.slice(match[0].length);
  const errors = [];
  const warnings = [];
  let loaded;
  try {
    const fast = frontmatterText.trim() === "" ? {} : fastLoadFrontmatter(frontmatterText);
    if (fast === void 0 && !loadYaml) return void 0;
    loaded = fast ?? loadYaml(frontmatterText);
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).split("\n")[0];
    errors.push({ code: "E_CARD_FRONTMATTER", message: `frontmatter is not valid YAML: ${message}` });
    return { frontmatter: {}, meta: { topics: [] }, frontmatterText, body, hasFrontmatter: true, errors, warnings };
  }
  if (loaded === null || typeof loaded !== "object" || Array.isArray(loaded)) {
    errors.push({ code: "E_CARD_FRONTMATTER", message: "frontmatter must be a YAML mapping (key: value lines)" });
    return { frontmatter: {}, meta: { topics: [] }, frontmatterText, body, hasFrontmatter: true, errors, warnings };
  }
  const fm = loaded;
  return { frontmatter: fm, meta: toMeta(fm, warnings), frontmatterText, body, hasFrontmatter: true, errors, warnings };
}
function toMeta(fm, warnings) {
  const meta = { topics: [] };
  const warn = (field, expected) => warnings.push({ code: "W_FIELD_TYPE", message: `${field} should be ${expected}`, field });
  const text = (field) => {
    const v = fm[field];
    if (v === void 0 || v === null) return void 0;
    if (typeof v === "string") return v;
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    warn(field, "a string");
    return void 0;
  };
  meta.name = text("name");
  meta.description = text("description");
  meta.status = text("status");
  meta.updated_at = text("updated_at");
  meta.expires_at = text("expires_at");
  if (meta.status !== void 0 && !CARD_STATUSES.includes(meta.status)) warn("status", `one of ${CARD_STATUSES.join(", ")}`);
  for (const field of ["updated_at", "expires_at"]) {
    const value = meta[field];
    if (value !== void 0 && !isCalendarDate(value)) warn(field, "a real date, YYYY-MM-DD");
  }
  if (fm.metadata !== void 0) {
    if (fm.metadata && typeof fm.metadata === "object" && !Array.isArray(fm.metadata)) meta.metadata = fm.metadata;
    else warn("metadata", "a mapping");
  }
  const topics = fm.topics;
  if (Array.isArray(topics)) meta.topics = topics.filter((t) => t !== null && t !== void 0).map(String);
  else if (typeof topics === "string")
    meta.topics = topics.split(",").map((t) => t.trim()).filter(Boolean);
  else if (topics !== void 0 && topics !== null) warn("topics", "a list");
  if (fm.recall !== void 0 && fm.recall !== null) {
    if (Array.isArray(fm.recall)) meta.recall = recallKeysOf(fm);
    else warn("recall", "a list");
  }
  if (fm.scope !== void 0 && fm.scope !== null) {
    if (Array.isArray(fm.scope) || typeof fm.scope === "string") meta.scope = scopesOf(fm);
    else warn("scope", "a list");
  }
  const priority = text("priority");
  if (priority === "always" || priority === "normal" || priority === "low") meta.priority = priority;
  else if (priority !== void 0) warn("priority", "one of always, normal, low");
  if ("repo_refs" in fm) {
    const refs = fm.repo_refs;
    if (Array.isArray(refs)) meta.repo_refs = refs.map(String);
    else if (refs === null || refs === void 0) meta.repo_refs = [];
    else {
      warn("repo_refs", "a list");
      meta.repo_refs = [String(refs)];
    }
  }
  if (fm.provenance && typeof fm.provenance === "object" && !Array.isArray(fm.provenance)) {
    const p = fm.provenance;
    meta.provenance = {
      kind: p.kind === "fact" || p.kind === "inference" || p.kind === "unverified" ? p.kind : void 0,
      confidence: typeof p.confidence === "number" ? p.confidence : void 0,
      source: typeof p.source === "string" ? p.source : void 0
    };
  }
  return meta;
}
var CARD_STATUSES = ["active", "stale", "superseded"];
function isCalendarDate(value) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
function missingFields(card) {
  return REQUIRED_FIELDS.filter((f) => !(f in card.frontmatter));
}
function isExpired(meta, today) {
  return typeof meta.expires_at === "string" && /^\d{4}-\d{2}-\d{2}/.test(meta.expires_at) && meta.expires_at.slice(0, 10) < today;
}
function isRetired(meta, today) {
  return meta.status === "superseded" || isExpired(meta, today);
}
function noLongerTrue(card, today) {
  return noLongerTrueOf({ ...card.meta, superseded_by: supersededBy(card) }, today);
}
function noLongerTrueOf(fields, today) {
  if (fields.status === "superseded") return { no_longer_true: "superseded", ...fields.superseded_by ? { superseded_by: fields.superseded_by } : {} };
  if (isExpired(fields, today)) return { no_longer_true: "expired", expires_at: fields.expires_at.slice(0, 10) };
  return {};
}
function supersededBy(card) {
  const by = card.frontmatter.superseded_by;
  return typeof by === "string" && by !== "" ? by : void 0;
}
function noLongerTrueReason(h) {
  if (h.no_longer_true === "superseded") return `superseded${h.superseded_by ? ` by ${h.superseded_by}` : ""}`;
  if (h.no_longer_true === "expired") return `expired ${h.expires_at}`;
  return "";
}
function noLongerTrueText(h) {
  const reason = noLongerTrueReason(h);
  return reason ? `${reason} \u2014 not injected` : "";
}
function mayRetire(meta) {
  return meta.status === "superseded" || typeof meta.expires_at === "string" && /^\d{4}-\d{2}-\d{2}/.test(meta.expires_at);
}
function cardType(file, meta) {
  const prefix = typeFromFileName(file);
  return prefix ?? (typeof meta.metadata?.type === "string" ? meta.metadata.type : void 0);
}
function unquotedColonLine(frontmatterText) {
  const lines = frontmatterText.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = /^([A-Za-z_][A-Za-z0-9_-]*):[ \t]+(?!["'[{|>])(.*)$/.exec(lines[i]);
    if (m && /: | #|:$/.test(m[2].trimEnd())) return { line: i + 2, key: m[1] };
  }
  return void 0;
}
export {
  CARD_STATUSES,
  REQUIRED_FIELDS,
  cardType,
  isCalendarDate,
  isExpired,
  isRetired,
  mayRetire,
  missingFields,
  noLongerTrue,
  noLongerTrueOf,
  noLongerTrueReason,
  noLongerTrueText,
  parseCardWith,
  supersededBy,
  unquotedColonLine
};
