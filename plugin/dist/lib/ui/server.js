// lib/ui/server.ts
import http from "node:http";
import { freshnessOf } from "../store/full-check.js";
import { MemctlError, ERROR_CODES } from "../core/errors.js";
import { Catalog } from "./catalog.js";
import { esc } from "./html.js";
import { gate, newToken, send } from "./security.js";
import { route } from "./routes.js";
async function startUi(options) {
  const token = newToken();
  const catalog = new Catalog(options.memoryDir, void 0, void 0, () => freshnessOf(options.io));
  await catalog.refresh(true);
  void catalog.warm();
  const server = http.createServer();
  server.on("clientError", (_err, socket) => socket.destroy());
  await new Promise((resolve, reject) => {
    server.once("error", (err) => reject(new MemctlError(ERROR_CODES.E_IO, `memctl ui could not listen on 127.0.0.1:${options.port ?? 0}: ${err.message}`)));
    server.listen({ host: "127.0.0.1", port: options.port ?? 0, exclusive: true }, resolve);
  });
  const port = server.address().port;
  const base = `/s/${token}`;
  const routes = { ...options, base, catalog };
  server.on("request", (req, res) => {
    const checked = gate(req, token, port, options.readOnly);
    if (!checked.ok) {
      send(res, checked.status, "text/plain; charset=utf-8", `${checked.status} ${checked.reason}
`);
      req.resume();
      return;
    }
    const started = performance.now();
    route(routes, req, res, checked.path, started).catch((err) => {
      const notFound = err instanceof MemctlError && err.code === ERROR_CODES.E_NOT_FOUND;
      options.io.stderr.write(`memctl ui: ${req.method} ${checked.path.split("?")[0]}: ${err.message}
`);
      if (!res.headersSent) send(res, notFound ? 404 : 500, "text/html; charset=utf-8", `<!doctype html><p>${esc(err.message)}</p>`);
      else res.destroy();
    });
  });
  return {
    url: `http://127.0.0.1:${port}${base}/`,
    port,
    token,
    server,
    catalog,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    })
  };
}
export {
  startUi
};
