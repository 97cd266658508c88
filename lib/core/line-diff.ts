// A small line diff (longest common subsequence) for showing a proposal against the card it changes.
// Cards are small, so the quadratic table is fine; above MAX_CELLS it falls back to "all removed, all added".

export interface DiffLine {
  op: " " | "-" | "+";
  text: string;
}

const MAX_CELLS = 4_000_000;

export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) return [...a.map((text) => ({ op: "-" as const, text })), ...b.map((text) => ({ op: "+" as const, text }))];
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: " ", text: a[i]! });
      i++;
      j++;
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) out.push({ op: "-", text: a[i++]! });
    else out.push({ op: "+", text: b[j++]! });
  }
  while (i < a.length) out.push({ op: "-", text: a[i++]! });
  while (j < b.length) out.push({ op: "+", text: b[j++]! });
  return out;
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** A run of lines that differs between two sequences: a's [aStart, aEnd) became b's [bStart, bEnd). */
export interface Hunk {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/**
 * The hunks of a shortest edit script from a sequence of `n` items to one of `m` (`equal(i, j)`: a's item i is b's
 * item j), in order; undefined when it removes and adds more than `maxEdits` items in all. Myers' greedy algorithm
 * after the common start and end are cut: O((n + m) · D) time and O(D²) memory for D items removed and added, so
 * two 100,000-line indexes a few lines apart (a line moved from the top to the bottom is two) diff in one pass,
 * where diffLines' table would hold 10^10 cells.
 */
export function diffHunks(n: number, m: number, equal: (i: number, j: number) => boolean, maxEdits: number): Hunk[] | undefined {
  let pre = 0;
  while (pre < n && pre < m && equal(pre, pre)) pre++;
  let suf = 0;
  while (suf < n - pre && suf < m - pre && equal(n - 1 - suf, m - 1 - suf)) suf++;
  const N = n - pre - suf;
  const M = m - pre - suf;
  if (N + M > maxEdits && (N === 0 || M === 0)) return undefined;
  if (N === 0 && M === 0) return [];
  if (N === 0 || M === 0) return [{ aStart: pre, aEnd: pre + N, bStart: pre, bEnd: pre + M }];
  const max = Math.min(N + M, maxEdits);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: v as it was before step d, over diagonals -d-1 .. d+1 (index k + d + 1).
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < N && y < M && equal(pre + x, pre + y)) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= N && y >= M) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return undefined;
  // Back from the end: each step is one item removed (x moved) or added (y moved) after the snake before it.
  const steps: [x: number, y: number, removed: boolean][] = [];
  let x = N;
  let y = M;
  for (let d = found; d > 0; d--) {
    const t = trace[d]!;
    const k = x - y;
    const at = (kk: number) => t[kk + d + 1]!;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const px = down ? at(k + 1) : at(k - 1);
    const py = px - (down ? k + 1 : k - 1);
    // The snake from the step's end back to (x, y) holds equal items; the step itself starts at (px, py).
    steps.push([px, py, !down]);
    x = px;
    y = py;
  }
  steps.reverse();
  const hunks: Hunk[] = [];
  for (const [sx, sy, removed] of steps) {
    const last = hunks.at(-1);
    const ex = sx + (removed ? 1 : 0);
    const ey = sy + (removed ? 0 : 1);
    if (last && last.aEnd === pre + sx && last.bEnd === pre + sy) {
      last.aEnd = pre + ex;
      last.bEnd = pre + ey;
    } else hunks.push({ aStart: pre + sx, aEnd: pre + ex, bStart: pre + sy, bEnd: pre + ey });
  }
  return hunks;
}
