// Frecency: how often and how recently a card was hit, as one number that orders cards within a relevance tier.
// Pure (no IO): ranking (lib/rank/score.ts) and the usage sidecar both read it.

export interface CardUsage {
  access_count: number;
  /** YYYY-MM-DD of the latest recorded hit. */
  last_access_day: string;
}

/** The UTC calendar day (YYYY-MM-DD) a moment falls on: the one form memctl writes and compares dates in. */
export function utcDay(moment: Date): string {
  return utcIso(moment).slice(0, 10);
}

/**
 * `moment.toISOString()`, from the UTC fields: V8's toISOString loads the local time zone first (/etc/localtime or
 * $TZ: ~0.2 ms CPU of every prompt, and a prompt blocked on a $TZ file that never answers), the getters do not.
 */
export function utcIso(moment: Date): string {
  const y = moment.getUTCFullYear();
  if (!(y >= 0 && y <= 9999)) return moment.toISOString(); // ±YYYYYY years, and the RangeError of an invalid date
  const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
  const ms = moment.getUTCMilliseconds();
  return `${String(y).padStart(4, "0")}-${two(moment.getUTCMonth() + 1)}-${two(moment.getUTCDate())}T${two(moment.getUTCHours())}:${two(moment.getUTCMinutes())}:${two(moment.getUTCSeconds())}.${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `from` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / 86_400_000);
}

// Frecency asks for a day per ranked card (hundreds a prompt, a handful of distinct days): parse each once.
const DAY_MS = new Map<string, number>();
export function dayMs(day: string): number {
  let ms = DAY_MS.get(day);
  if (ms === undefined) {
    ms = Date.parse(`${day}T00:00:00Z`);
    if (DAY_MS.size < 10_000) DAY_MS.set(day, ms);
  }
  return ms;
}

/** Whole days since 1970-01-01, NaN for a day Date cannot read: daysBetween(a, b) is dayNumber(b) - dayNumber(a). */
export function dayNumber(day: string): number {
  return dayMs(day) / 86_400_000;
}

/** Frecency age buckets: memctl stats' last_hit_buckets uses these same boundaries. */
export const AGE_BUCKETS = [
  { maxDays: 1, label: "<=1d", weight: 1 },
  { maxDays: 7, label: "<=7d", weight: 0.7 },
  { maxDays: 30, label: "<=30d", weight: 0.4 },
  { maxDays: 90, label: "<=90d", weight: 0.2 },
  { maxDays: Infinity, label: ">90d", weight: 0.1 },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export function ageBucket(lastDay: string, today: string): AgeBucket {
  return bucketOfAge(daysBetween(lastDay, today));
}

/** The bucket of an age in whole days (a negative age, a hit dated after today, counts as 0; NaN as the oldest). */
export function bucketOfAge(days: number): AgeBucket {
  const age = Math.max(0, days);
  // A loop, not find(): frecency asks for every ranked card, and the callback is a call per bucket in cold code.
  for (let i = 0; i < AGE_BUCKETS.length; i++) if (age <= AGE_BUCKETS[i]!.maxDays) return AGE_BUCKETS[i]!;
  return AGE_BUCKETS[AGE_BUCKETS.length - 1]!;
}

/** access_count × age-bucket weight: the frecency ranking uses within a relevance tier. */
export function frecency(usage: CardUsage | undefined, today: string): number {
  return usage ? usage.access_count * ageBucket(usage.last_access_day, today).weight : 0;
}
