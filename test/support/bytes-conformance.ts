// lib/core/bytes.ts against Buffer: every helper, on ASCII, multi-byte, CJK, emoji, unpaired surrogates, empty input
// and ranges past either end, must give what the Buffer call it replaces gives. Returns what differed. Run
// in-process by the tests and, bundled, under other Node lines (the per-encoding methods differ between lines).
import * as bytes from "../../lib/core/bytes.js";

const TEXTS = [
  "",
  "a",
  "deploy staging",
  "héllo wörld",
  "部署前检查 — 内存",
  "emoji 🚀 pair",
  "lone \ud800 high",
  "lone \udc00 low",
  "end high \ud83d",
  "\u0000nul",
  "x".repeat(5000),
  "部".repeat(2000),
];

export function bytesConformanceFailures(): string[] {
  const failures: string[] = [];
  const same = (what: string, a: unknown, b: unknown) => {
    const x = JSON.stringify(a instanceof Uint8Array ? Buffer.from(a).toString("hex") : a);
    const y = JSON.stringify(b instanceof Uint8Array ? Buffer.from(b).toString("hex") : b);
    if (x !== y) failures.push(`${what}: bytes ${x.slice(0, 200)} vs Buffer ${y.slice(0, 200)}`);
  };
  for (const text of TEXTS) {
    const label = JSON.stringify(text.slice(0, 20));
    const encoded = Buffer.from(text, "utf8");
    same(`encodeUtf8 ${label}`, bytes.encodeUtf8(text), encoded);
    same(`utf8Text ${label}`, bytes.utf8Text(new Uint8Array(encoded)), encoded.toString("utf8"));
    same(`latin1Text ${label}`, bytes.latin1Text(new Uint8Array(encoded)), encoded.toString("latin1"));
    const b64 = encoded.toString("base64url");
    same(`decodeBase64url ${label}`, bytes.decodeBase64url(b64), Buffer.from(b64, "base64url"));
    for (const [start, end] of [
      [0, 3],
      [2, 7],
      [-4, 5],
      [3, 3],
      [5, 2],
      [1, 100_000],
      [100_000, 100_001],
      [0, undefined],
    ] as const) {
      same(`utf8Text ${label} [${start}, ${end})`, bytes.utf8Text(new Uint8Array(encoded), start, end), encoded.toString("utf8", start, end));
      same(`latin1Text ${label} [${start}, ${end})`, bytes.latin1Text(new Uint8Array(encoded), start, end), encoded.toString("latin1", start, end));
    }
  }
  // Base64url of every length remainder, including the one-character tail Buffer drops.
  for (const b64 of ["", "A", "QQ", "QUI", "QUJD", "QUJDRA", "_-_-", "AAAAAAA"])
    same(`decodeBase64url ${JSON.stringify(b64)}`, bytes.decodeBase64url(b64), Buffer.from(b64, "base64url"));
  const numbers = Buffer.alloc(12);
  numbers.writeUInt32LE(0xdeadbeef, 0);
  numbers.writeUInt32LE(7, 4);
  numbers.writeUInt32LE(0xffffffff, 8);
  for (const at of [0, 4, 8, 1]) same(`u32At ${at}`, bytes.u32At(new Uint8Array(numbers), at), numbers.readUInt32LE(at));
  for (const at of [9, -1, 12]) {
    let threw = false;
    try {
      bytes.u32At(new Uint8Array(numbers), at);
    } catch (err) {
      threw = err instanceof RangeError;
    }
    if (!threw) failures.push(`u32At ${at}: no RangeError past the end`);
  }
  const hay = new Uint8Array(Buffer.from("MEMCTLRC....MEMCTLEND"));
  same("bytesAt start", bytes.bytesAt(hay, 0, new Uint8Array(Buffer.from("MEMCTLRC"))), true);
  same("bytesAt end", bytes.bytesAt(hay, 12, new Uint8Array(Buffer.from("MEMCTLEND"))), true);
  same("bytesAt mismatch", bytes.bytesAt(hay, 1, new Uint8Array(Buffer.from("MEMCTLRC"))), false);
  same("bytesAt past the end", bytes.bytesAt(hay, 14, new Uint8Array(Buffer.from("MEMCTLEND"))), false);
  return failures;
}
