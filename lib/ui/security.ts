import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

// Who may talk to `memctl ui`, decided before any route runs. The per-run secret lives in the URL path
// (/s/<token>/…), never in a cookie: cookies are not isolated by port, so a cookie set by 127.0.0.1:PORT would
// be sent to every other server on 127.0.0.1 — a path is only ever sent to this origin. Referrer-Policy
// no-referrer and a CSP without external sources keep the path from leaving in a Referer or a fetch.

/** 32 random bytes, base64url: the run's secret. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Headers on every response, refusals included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store",
};

export type Gate = { ok: true; path: string } | { ok: false; status: 400 | 401 | 403 | 405; reason: string };

/** The hosts a browser may name for this server: anything else is a DNS-rebinding page or a stray client. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/**
 * Checks one request: Host (DNS rebinding), the secret path prefix, and for anything but GET/HEAD a same-origin
 * Origin and a form body. Returns the route path after the prefix (always starting with "/").
 */
export function gate(req: IncomingMessage, token: string, port: number, readOnly: boolean): Gate {
  const host = (req.headers.host ?? "").toLowerCase();
  if (!allowedHosts(port).includes(host)) return { ok: false, status: 403, reason: `Host "${host}" is not this server (127.0.0.1:${port})` };
  const url = req.url ?? "/";
  const prefix = "/s/";
  const rest = url.startsWith(prefix) ? url.slice(prefix.length) : "";
  const slash = rest.indexOf("/");
  const given = slash < 0 ? rest.split("?")[0]! : rest.slice(0, slash);
  if (!sameSecret(given, token)) return { ok: false, status: 401, reason: "missing or wrong token: open the URL memctl ui printed" };
  const path = slash < 0 ? `/${rest.slice(given.length)}` : rest.slice(slash);
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return { ok: true, path };
  if (method !== "POST") return { ok: false, status: 405, reason: `${method} is not served` };
  if (readOnly) return { ok: false, status: 403, reason: "memctl ui runs with --read-only: review actions are off" };
  const origin = req.headers.origin;
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin") return { ok: false, status: 403, reason: `POST from a ${site} context refused` };
  // Under Referrer-Policy no-referrer a browser sends a form POST's Origin as "null": accepted only with its
  // own Sec-Fetch-Site: same-origin (which a sandboxed frame or another site never gets).
  const sameOrigin = origin !== undefined && allowedHosts(port).some((h) => origin.toLowerCase() === `http://${h}`);
  if (!sameOrigin && !(origin === "null" && site === "same-origin"))
    return { ok: false, status: 403, reason: `cross-origin or unlabelled POST refused (Origin ${origin ?? "missing"})` };
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return { ok: false, status: 400, reason: "POST bodies must be form-encoded" };
  return { ok: true, path };
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Writes a response with the security headers. */
export function send(res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)), ...extra });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/** Reads a form body, at most `cap` bytes (a review form is small). */
export async function readForm(req: IncomingMessage, cap = 256 * 1024): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > cap) throw new Error(`form body over ${cap} bytes`);
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
