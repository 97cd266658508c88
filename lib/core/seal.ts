// A seal over bytes memctl keeps and reads back (session start's kept lines, lib/hook/overview-kept.ts): a tag under
// a key derived from this user's secret, which lives outside every store, so a matching seal proves a holder of the
// secret wrote those very bytes. The tag is ChaCha20-Poly1305's over the bytes as associated data, with a fresh
// random nonce per seal: ~2 ms for 19 MB on any x86-64 or ARM CPU, where HMAC-SHA-256 took 11 ms with the SHA
// extensions and several times that without them (bench/README.md, h/start100k).
import type { CipherChaCha20Poly1305 } from "node:crypto";

type Crypto = typeof import("node:crypto");
let crypto: Crypto | undefined;
const NONCE = 12;
const TAG = 16;

/** The seal of `parts` (in order) under `secret`: a fresh nonce and the tag, as one hex string. */
export function sealOf(secret: string, parts: readonly (string | Uint8Array)[]): string {
  const c = (crypto ??= process.getBuiltinModule("node:crypto") as Crypto);
  const nonce = c.randomBytes(NONCE);
  return Buffer.concat([nonce, tagOf(c, secret, nonce, parts)]).toString("hex");
}

/** Whether `seal` is `parts`' seal under `secret` (anything not shaped like one is not). */
export function isSealed(secret: string, parts: readonly (string | Uint8Array)[], seal: unknown): boolean {
  if (typeof seal !== "string" || !/^[0-9a-f]{56}$/.test(seal)) return false;
  const c = (crypto ??= process.getBuiltinModule("node:crypto") as Crypto);
  const bytes = Buffer.from(seal, "hex");
  return c.timingSafeEqual(tagOf(c, secret, bytes.subarray(0, NONCE), parts), bytes.subarray(NONCE));
}

function tagOf(c: Crypto, secret: string, nonce: Uint8Array, parts: readonly (string | Uint8Array)[]): Buffer {
  // The secret keys other things too (the session state's keys): the seal's key is derived from it for this use only.
  const key = c.createHmac("sha256", secret).update("memctl seal v1").digest();
  const cipher = c.createCipheriv("chacha20-poly1305", key, nonce, { authTagLength: TAG }) as CipherChaCha20Poly1305;
  // The parts as one associated data, in order, never joined (19 MB): OpenSSL's ChaCha20-Poly1305 takes it in
  // pieces, one tag for any cut (a cut that tagged otherwise would only fail to match: the caller then checks).
  for (const part of parts) cipher.setAAD(typeof part === "string" ? Buffer.from(part, "utf8") : part, { plaintextLength: 0 });
  cipher.final();
  return cipher.getAuthTag();
}
