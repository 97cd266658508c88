// Character-class checks the per-prompt hook runs on short strings. Each regular expression a process runs is
// compiled on its first use and compiled again to native code on its second (~40K instructions each, a dozen
// a prompt); a loop over char codes costs less than that on the strings these see. Each function is exactly
// the regular expression named beside it (test/lib/ascii.test.ts checks them against it).

/** /^[\x00-\x7f]*$/ */
export function isAsciiText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** /^[\x20-\x7e]*$/ */
export function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** /^\d+$/ */
export function isAsciiDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

/** /^\d{4}-\d{2}-\d{2}$/ (the shape of a UTC day; whether it is a real date is the caller's check). */
export function isDayShape(text: string): boolean {
  if (text.length !== 10) return false;
  for (let i = 0; i < 10; i++) {
    const c = text.charCodeAt(i);
    if (i === 4 || i === 7 ? c !== 45 : !isDigit(c)) return false;
  }
  return true;
}

/** The maximal runs of a-z, or with `digits` of a-z and 0-9: text.match(/[a-z]+/g) or text.match(/[a-z0-9]+/g), [] for none. */
export function lowerAsciiRuns(text: string, digits: boolean): string[] {
  const runs: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    const inRun = (c >= 97 && c <= 122) || (digits && isDigit(c));
    if (inRun) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      runs.push(text.slice(start, i));
      start = -1;
    }
  }
  return runs;
}
