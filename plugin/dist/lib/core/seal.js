// lib/core/seal.ts
var crypto;
var NONCE = 12;
var TAG = 16;
function sealOf(secret, parts) {
  const c = crypto ??= process.getBuiltinModule("node:crypto");
  const nonce = c.randomBytes(NONCE);
  return Buffer.concat([nonce, tagOf(c, secret, nonce, parts)]).toString("hex");
}
function isSealed(secret, parts, seal) {
  if (typeof seal !== "string" || !/^[0-9a-f]{56}$/.test(seal)) return false;
  const c = crypto ??= process.getBuiltinModule("node:crypto");
  const bytes = Buffer.from(seal, "hex");
  return c.timingSafeEqual(tagOf(c, secret, bytes.subarray(0, NONCE), parts), bytes.subarray(NONCE));
}
function tagOf(c, secret, nonce, parts) {
  const key = c.createHmac("sha256", secret).update("memctl seal v1").digest();
  const cipher = c.createCipheriv("chacha20-poly1305", key, nonce, { authTagLength: TAG });
  for (const part of parts) cipher.setAAD(typeof part === "string" ? Buffer.from(part, "utf8") : part, { plaintextLength: 0 });
  cipher.final();
  return cipher.getAuthTag();
}
export {
  isSealed,
  sealOf
};
