// UTC calendar strings without Date#toISOString: in Node 20 its first call initialises the local time zone
// (~5 ms), which the per-prompt hook cannot afford and never needs. getUTC* does not touch the zone.

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** YYYY-MM-DD of an instant in UTC. */
export function utcDay(at: Date | number): string {
  const d = typeof at === "number" ? new Date(at) : at;
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The same string as Date#toISOString for years 0–9999 (YYYY-MM-DDTHH:mm:ss.sssZ). */
export function utcStamp(at: Date | number): string {
  const d = typeof at === "number" ? new Date(at) : at;
  return `${utcDay(d)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}
