// One card as the card cache keeps it (lib/store/card-cache-format.ts lays the file out). A record read back from
// the cache is a StoredCard: its name is decoded with the file, its numbers read from the file's numbers section
// when asked, its strings (one JSON row) parsed only when something asks for one. Session start asks for the
// strings of its pinned cards alone and a search for those of its hits, so at 100,000 cards neither parses
// 100,000 rows (issue 32).
import { mayRetire } from "../core/card.js";
import { checkRow, type Row } from "./card-row.js";

/** mtime, size and ctime: an editor writing in place changes at least one; ctime also moves on chmod and rename. */
export type Stamp = readonly [mtimeMs: number, size: number, ctimeMs: number];

/** What list and search read of a card, kept so neither reads the file again while its stamp holds. */
export interface CardRecord extends Row {
  file: string;
  stamp: Stamp;
  /** 1-based line where the body starts (after the frontmatter). */
  firstLine: number;
  /** Byte lengths of the encoded head and body words (lib/core/search-terms.ts encodeTermCounts). */
  headBytes: number;
  bodyBytes: number;
  /** MEMORY.md links to it. */
  linked: boolean;
}

export const FLAG_LINKED = 1;
export const FLAG_READ_ERROR = 2;
/** priority: always (session start pins it, given its scope). */
export const FLAG_ALWAYS = 4;
export const FLAG_SHA = 8;
/** Superseded, or with a dated `expires_at`: whether it is no longer true is decided against today when read. */
export const FLAG_MAY_RETIRE = 16;
export const FLAGS_END = 32; // every flag is below it: a larger number is not one the cache wrote

/** A record's flags: what a reader asks of every card without parsing its row. */
export function flagsOf(r: CardRecord): number {
  if (r instanceof StoredCard && r.flagsHold) return (r.flags & ~FLAG_LINKED) | (r.linked ? FLAG_LINKED : 0);
  const retire = mayRetire(r) ? FLAG_MAY_RETIRE : 0;
  return (
    (r.linked ? FLAG_LINKED : 0) |
    (r.readError !== undefined ? FLAG_READ_ERROR : 0) |
    (r.priority === "always" ? FLAG_ALWAYS : 0) |
    (r.sha256 !== undefined ? FLAG_SHA : 0) |
    retire
  );
}

/**
 * A record decoded from the cache. The row is checked when it is first parsed; a row that does not check (bytes
 * damaged in a file that otherwise decoded) is replaced by the card's fields read again: never wrong fields.
 */
export class StoredCard implements CardRecord {
  private parsed: Row | undefined;
  constructor(
    public file: string,
    /**
     * The cache file's numbers section; this record's are the doubles from `at` (card-cache-format.ts: mtime, size,
     * ctime, firstLine, headBytes, bodyBytes, flags, words, rowEnd). Read from there, not copied: at 100,000 cards
     * the copies were 200,000 boxed doubles (an mtime is no small integer) for the collector to trace on every command.
     */
    private readonly numbers: Float64Array,
    private readonly at: number,
    public linked: boolean,
    /** The rows section; this record's row (its JSON line and newline, ASCII) is [rowStart, rowEnd). */
    private readonly rows: Buffer,
    private readonly rowStart: number,
    /** The card's fields read from the card itself: what a row that does not check is replaced by. */
    private readonly reread: (file: string) => Row,
  ) {}

  get stamp(): Stamp {
    return [this.numbers[this.at]!, this.numbers[this.at + 1]!, this.numbers[this.at + 2]!];
  }
  get firstLine(): number {
    return this.numbers[this.at + 3]!;
  }
  get headBytes(): number {
    return this.numbers[this.at + 4]!;
  }
  get bodyBytes(): number {
    return this.numbers[this.at + 5]!;
  }
  /** FLAG_* bits. */
  get flags(): number {
    return this.numbers[this.at + 6]!;
  }
  private get rowEnd(): number {
    return this.numbers[this.at + 8]!;
  }

  private edited = false;

  /** The row as stored, for copying into the next cache file without parsing it (undefined once a field was set). */
  get storedRow(): Buffer | undefined {
    return this.edited ? undefined : this.rows.subarray(this.rowStart, this.rowEnd);
  }

  /** Where the stored row is: its rows section and its span there (undefined once a field was set). */
  get storedSpan(): { rows: Buffer; start: number; end: number } | undefined {
    return this.edited ? undefined : { rows: this.rows, start: this.rowStart, end: this.rowEnd };
  }

  /** Whether `flags` still describe the fields (no field was set): asked of every card, so no Buffer is made for it. */
  get flagsHold(): boolean {
    return !this.edited;
  }

  private row(): Row {
    this.parsed ??= checkRow(this.rows.toString("latin1", this.rowStart, this.rowEnd)) ?? this.reread(this.file);
    return this.parsed;
  }

  private set<K extends keyof Row>(key: K, value: Row[K]): void {
    this.row()[key] = value;
    this.edited = true;
  }

  get readError() {
    return this.parsed || this.flags & FLAG_READ_ERROR ? this.row().readError : undefined;
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
    return this.parsed || this.flags & FLAG_SHA ? this.row().sha256 : undefined;
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
}

/** Every field of a record as a plain object (a StoredCard's getters read through its row). */
export function plainRecord(r: CardRecord): CardRecord {
  const { file, stamp, topics, firstLine, headBytes, bodyBytes, linked, problems } = r;
  const out: CardRecord = { file, stamp, topics, firstLine, headBytes, bodyBytes, linked, problems };
  for (const k of OPTIONAL_FIELDS) if (r[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = r[k];
  return out;
}

const OPTIONAL_FIELDS = ["readError", "name", "description", "priority", "status", "updated_at", "type", "provenance", "scope", "sha256", "expires_at", "superseded_by"] as const;

/** Two records the same in every field. */
export function sameRecord(a: CardRecord, b: CardRecord): boolean {
  return JSON.stringify(plainRecord(a)) === JSON.stringify(plainRecord(b));
}
