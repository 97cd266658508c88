// Kept only for lib/rank/cache-terms.ts, which is being redesigned on another branch: the scanners that stood in
// for regular expressions on the hook's path measured inside the noise of the interleaved latency benchmark
// (bench/README.md, "Start-up machinery") and were replaced by the regular expressions themselves. Delete this
// file when cache-terms.ts no longer imports it.

/** /^[\x00-\x7f]*$/ */
export function isAsciiText(text: string): boolean {
  return /^[\x00-\x7f]*$/.test(text);
}
