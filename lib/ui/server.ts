import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Io } from "../store/io.js";
import { freshnessOf } from "../store/full-check.js";
import type { WriteContext } from "../records/save.js";
import { MemctlError, ERROR_CODES } from "../core/errors.js";
import { Catalog } from "./catalog.js";
import { esc } from "./html.js";
import { gate, newToken, send } from "./security.js";
import { route, type Routes } from "./routes.js";

// `memctl ui`'s server: node:http on 127.0.0.1 only, an ephemeral port, one secret per run. Every request
// passes the gate (lib/ui/security.ts) before a route reads anything.

export interface UiOptions {
  memoryDir: string;
  io: Io;
  /** Serve everything but the review actions: POSTs are refused and the forms are not drawn. */
  readOnly: boolean;
  /** Started by the owner, not from an agent's shell: only then does the review queue show what a sync holds. */
  owner: boolean;
  /** The write context of an owner's decision, built by the CLI exactly as memctl accept builds it. */
  writeContext: () => WriteContext;
  /** How doctor and stats select the store (the CLI's project flags). */
  project: { repoRoot?: string; allowNonGit?: boolean };
  /** Port to listen on; 0 (the default) lets the OS pick a free one. */
  port?: number;
}

export interface UiServer {
  url: string;
  port: number;
  token: string;
  server: http.Server;
  catalog: Catalog;
  close(): Promise<void>;
}

export async function startUi(options: UiOptions): Promise<UiServer> {
  const token = newToken();
  const catalog = new Catalog(options.memoryDir, undefined, undefined, () => freshnessOf(options.io));
  await catalog.refresh(true);
  void catalog.warm();
  const server = http.createServer();
  server.on("clientError", (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err) => reject(new MemctlError(ERROR_CODES.E_IO, `memctl ui could not listen on 127.0.0.1:${options.port ?? 0}: ${(err as Error).message}`)));
    server.listen({ host: "127.0.0.1", port: options.port ?? 0, exclusive: true }, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const base = `/s/${token}`;
  const routes: Routes = { ...options, base, catalog };
  server.on("request", (req, res) => {
    const checked = gate(req, token, port, options.readOnly);
    if (!checked.ok) {
      send(res, checked.status, "text/plain; charset=utf-8", `${checked.status} ${checked.reason}\n`);
      req.resume();
      return;
    }
    const started = performance.now();
    route(routes, req, res, checked.path, started).catch((err: unknown) => {
      const notFound = err instanceof MemctlError && err.code === ERROR_CODES.E_NOT_FOUND;
      options.io.stderr.write(`memctl ui: ${req.method} ${checked.path.split("?")[0]}: ${(err as Error).message}\n`);
      if (!res.headersSent) send(res, notFound ? 404 : 500, "text/html; charset=utf-8", `<!doctype html><p>${esc((err as Error).message)}</p>`);
      else res.destroy();
    });
  });
  return {
    url: `http://127.0.0.1:${port}${base}/`,
    port,
    token,
    server,
    catalog,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
