// lib/core/line-diff.ts
var MAX_CELLS = 4e6;
function diffLines(before, after) {
  const a = splitLines(before);
  const b = splitLines(after);
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) return [...a.map((text) => ({ op: "-", text })), ...b.map((text) => ({ op: "+", text }))];
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i2 = a.length - 1; i2 >= 0; i2--) {
    for (let j2 = b.length - 1; j2 >= 0; j2--) {
      table[i2 * width + j2] = a[i2] === b[j2] ? table[(i2 + 1) * width + j2 + 1] + 1 : Math.max(table[(i2 + 1) * width + j2], table[i2 * width + j2 + 1]);
    }
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: " ", text: a[i] });
      i++;
      j++;
    } else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) out.push({ op: "-", text: a[i++] });
    else out.push({ op: "+", text: b[j++] });
  }
  while (i < a.length) out.push({ op: "-", text: a[i++] });
  while (j < b.length) out.push({ op: "+", text: b[j++] });
  return out;
}
function splitLines(text) {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
function diffHunks(n, m, equal, maxEdits) {
  let pre = 0;
  while (pre < n && pre < m && equal(pre, pre)) pre++;
  let suf = 0;
  while (suf < n - pre && suf < m - pre && equal(n - 1 - suf, m - 1 - suf)) suf++;
  const N = n - pre - suf;
  const M = m - pre - suf;
  if (N + M > maxEdits && (N === 0 || M === 0)) return void 0;
  if (N === 0 && M === 0) return [];
  if (N === 0 || M === 0) return [{ aStart: pre, aEnd: pre + N, bStart: pre, bEnd: pre + M }];
  const max = Math.min(N + M, maxEdits);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x2 = k === -d || k !== d && v[off + k - 1] < v[off + k + 1] ? v[off + k + 1] : v[off + k - 1] + 1;
      let y2 = x2 - k;
      while (x2 < N && y2 < M && equal(pre + x2, pre + y2)) {
        x2++;
        y2++;
      }
      v[off + k] = x2;
      if (x2 >= N && y2 >= M) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return void 0;
  const steps = [];
  let x = N;
  let y = M;
  for (let d = found; d > 0; d--) {
    const t = trace[d];
    const k = x - y;
    const at = (kk) => t[kk + d + 1];
    const down = k === -d || k !== d && at(k - 1) < at(k + 1);
    const px = down ? at(k + 1) : at(k - 1);
    const py = px - (down ? k + 1 : k - 1);
    steps.push([px, py, !down]);
    x = px;
    y = py;
  }
  steps.reverse();
  const hunks = [];
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
export {
  diffHunks,
  diffLines
};
