// lib/store/card-record.ts
import { mayRetire } from "../core/card.js";
import { checkRow } from "./card-row.js";
var FLAG_LINKED = 1;
var FLAG_READ_ERROR = 2;
var FLAG_ALWAYS = 4;
var FLAG_SHA = 8;
var FLAG_MAY_RETIRE = 16;
var FLAGS_END = 32;
function flagsOf(r) {
  if (r instanceof StoredCard && r.flagsHold) return r.flags & ~FLAG_LINKED | (r.linked ? FLAG_LINKED : 0);
  const retire = mayRetire(r) ? FLAG_MAY_RETIRE : 0;
  return (r.linked ? FLAG_LINKED : 0) | (r.readError !== void 0 ? FLAG_READ_ERROR : 0) | (r.priority === "always" ? FLAG_ALWAYS : 0) | (r.sha256 !== void 0 ? FLAG_SHA : 0) | retire;
}
var StoredCard = class {
  constructor(file, numbers, at, linked, rows, rowStart, reread) {
    this.file = file;
    this.numbers = numbers;
    this.at = at;
    this.linked = linked;
    this.rows = rows;
    this.rowStart = rowStart;
    this.reread = reread;
    this.edited = false;
  }
  get stamp() {
    return [this.numbers[this.at], this.numbers[this.at + 1], this.numbers[this.at + 2]];
  }
  get firstLine() {
    return this.numbers[this.at + 3];
  }
  get headBytes() {
    return this.numbers[this.at + 4];
  }
  get bodyBytes() {
    return this.numbers[this.at + 5];
  }
  /** FLAG_* bits. */
  get flags() {
    return this.numbers[this.at + 6];
  }
  get rowEnd() {
    return this.numbers[this.at + 8];
  }
  /** The row as stored, for copying into the next cache file without parsing it (undefined once a field was set). */
  get storedRow() {
    return this.edited ? void 0 : this.rows.subarray(this.rowStart, this.rowEnd);
  }
  /** Where the stored row is: its rows section and its span there (undefined once a field was set). */
  get storedSpan() {
    return this.edited ? void 0 : { rows: this.rows, start: this.rowStart, end: this.rowEnd };
  }
  /** Whether `flags` still describe the fields (no field was set): asked of every card, so no Buffer is made for it. */
  get flagsHold() {
    return !this.edited;
  }
  row() {
    this.parsed ??= checkRow(this.rows.toString("latin1", this.rowStart, this.rowEnd)) ?? this.reread(this.file);
    return this.parsed;
  }
  set(key, value) {
    this.row()[key] = value;
    this.edited = true;
  }
  get readError() {
    return this.parsed || this.flags & FLAG_READ_ERROR ? this.row().readError : void 0;
  }
  set readError(v) {
    this.set("readError", v);
  }
  get name() {
    return this.row().name;
  }
  set name(v) {
    this.set("name", v);
  }
  get description() {
    return this.row().description;
  }
  set description(v) {
    this.set("description", v);
  }
  get topics() {
    return this.row().topics;
  }
  set topics(v) {
    this.set("topics", v);
  }
  get priority() {
    return this.row().priority;
  }
  set priority(v) {
    this.set("priority", v);
  }
  get status() {
    return this.row().status;
  }
  set status(v) {
    this.set("status", v);
  }
  get updated_at() {
    return this.row().updated_at;
  }
  set updated_at(v) {
    this.set("updated_at", v);
  }
  get type() {
    return this.row().type;
  }
  set type(v) {
    this.set("type", v);
  }
  get provenance() {
    return this.row().provenance;
  }
  set provenance(v) {
    this.set("provenance", v);
  }
  get problems() {
    return this.row().problems;
  }
  set problems(v) {
    this.set("problems", v);
  }
  get scope() {
    return this.row().scope;
  }
  set scope(v) {
    this.set("scope", v);
  }
  get sha256() {
    return this.parsed || this.flags & FLAG_SHA ? this.row().sha256 : void 0;
  }
  set sha256(v) {
    this.set("sha256", v);
  }
  get expires_at() {
    return this.row().expires_at;
  }
  set expires_at(v) {
    this.set("expires_at", v);
  }
  get superseded_by() {
    return this.row().superseded_by;
  }
  set superseded_by(v) {
    this.set("superseded_by", v);
  }
};
function plainRecord(r) {
  const { file, stamp, topics, firstLine, headBytes, bodyBytes, linked, problems } = r;
  const out = { file, stamp, topics, firstLine, headBytes, bodyBytes, linked, problems };
  for (const k of OPTIONAL_FIELDS) if (r[k] !== void 0) out[k] = r[k];
  return out;
}
var OPTIONAL_FIELDS = ["readError", "name", "description", "priority", "status", "updated_at", "type", "provenance", "scope", "sha256", "expires_at", "superseded_by"];
function sameRecord(a, b) {
  return JSON.stringify(plainRecord(a)) === JSON.stringify(plainRecord(b));
}
export {
  FLAGS_END,
  FLAG_ALWAYS,
  FLAG_LINKED,
  FLAG_MAY_RETIRE,
  FLAG_READ_ERROR,
  FLAG_SHA,
  StoredCard,
  flagsOf,
  plainRecord,
  sameRecord
};
