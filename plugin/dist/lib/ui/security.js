// lib/ui/security.ts
import { randomBytes, timingSafeEqual } from "node:crypto";
function newToken() {
  return randomBytes(32).toString("base64url");
}
var SECURITY_HEADERS = {
  "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store"
};
function allowedHosts(port) {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}
function gate(req, token, port, readOnly) {
  const host = (req.headers.host ?? "").toLowerCase();
  if (!allowedHosts(port).includes(host)) return { ok: false, status: 403, reason: `Host "${host}" is not this server (127.0.0.1:${port})` };
  const url = req.url ?? "/";
  const prefix = "/s/";
  const rest = url.startsWith(prefix) ? url.slice(prefix.length) : "";
  const slash = rest.indexOf("/");
  const given = slash < 0 ? rest.split("?")[0] : rest.slice(0, slash);
  if (!sameSecret(given, token)) return { ok: false, status: 401, reason: "missing or wrong token: open the URL memctl ui printed" };
  const path = slash < 0 ? `/${rest.slice(given.length)}` : rest.slice(slash);
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return { ok: true, path };
  if (method !== "POST") return { ok: false, status: 405, reason: `${method} is not served` };
  if (readOnly) return { ok: false, status: 403, reason: "memctl ui runs with --read-only: review actions are off" };
  const origin = req.headers.origin;
  const site = req.headers["sec-fetch-site"];
  if (site !== void 0 && site !== "same-origin") return { ok: false, status: 403, reason: `POST from a ${site} context refused` };
  const sameOrigin = origin !== void 0 && allowedHosts(port).some((h) => origin.toLowerCase() === `http://${h}`);
  if (!sameOrigin && !(origin === "null" && site === "same-origin"))
    return { ok: false, status: 403, reason: `cross-origin or unlabelled POST refused (Origin ${origin ?? "missing"})` };
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return { ok: false, status: 400, reason: "POST bodies must be form-encoded" };
  return { ok: true, path };
}
function sameSecret(given, token) {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
function send(res, status, type, body, extra = {}) {
  res.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)), ...extra });
  res.end(res.req.method === "HEAD" ? void 0 : body);
}
async function readForm(req, cap = 256 * 1024) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > cap) throw new Error(`form body over ${cap} bytes`);
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
export {
  SECURITY_HEADERS,
  allowedHosts,
  gate,
  newToken,
  readForm,
  send
};
