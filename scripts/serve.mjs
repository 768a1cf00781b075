// The process that serves the console (`npm start`, `npm run dev`, the browser tests): Next.js
// behind a plain Node HTTP server that records each connection's own address. It appends the
// socket's peer address to X-Forwarded-For, as any proxy does, so the last entry is always
// written by this process; the console trusts entries further left only for as many proxy hops
// as CONSOLE_TRUSTED_PROXIES says. (`next start` alone keeps whatever X-Forwarded-For a client
// sends, so a client could choose its own address.)
import { AsyncLocalStorage } from "node:async_hooks";
import { createServer } from "node:http";
import next from "next";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.CONSOLE_HOST ?? "0.0.0.0";
const root = new URL("..", import.meta.url).pathname;

// Read by server/network/client-address.ts in this same process: the last X-Forwarded-For entry
// is the peer this server saw.
globalThis[Symbol.for("custodian-console.peer-appended")] = true;

// With no proxy trusted (CONSOLE_TRUSTED_PROXIES unset or 0; the console validates the value at
// start), X-Forwarded-Proto is overwritten with this connection's own protocol, so neither the
// console (server/network/forwarded-proto.ts) nor Next or next-auth, which read the header too,
// take a client's word for https. Behind trusted proxies the nearest one's value stands.
const protoFromSocket = !(Number(process.env.CONSOLE_TRUSTED_PROXIES || 0) > 0);
globalThis[Symbol.for("custodian-console.proto-from-socket")] = protoFromSocket;

// One store per HTTP exchange, shared with server/request-timing.ts through a registered symbol: a
// server action cannot set response headers, so it leaves its Server-Timing here and this process
// adds it to the response as the headers go out.
const exchanges = (globalThis[Symbol.for("custodian-console.http-exchange")] ??= new AsyncLocalStorage());

function withServerTiming(res, exchange) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (exchange.serverTiming && !res.headersSent && !res.hasHeader("server-timing"))
      res.setHeader("server-timing", exchange.serverTiming);
    return writeHead.apply(this, args);
  };
}

const server = createServer((req, res) => {
  const peer = req.socket.remoteAddress ?? "";
  const sent = req.headers["x-forwarded-for"];
  const chain = (Array.isArray(sent) ? sent.join(",") : (sent ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  req.headers["x-forwarded-for"] = [...chain, peer].join(", ");
  if (protoFromSocket) req.headers["x-forwarded-proto"] = req.socket.encrypted ? "https" : "http";
  const exchange = {};
  withServerTiming(res, exchange);
  exchanges.run(exchange, () => void handle(req, res));
});

const app = next({
  dev,
  dir: root,
  hostname: hostname === "0.0.0.0" ? "localhost" : hostname,
  port,
  httpServer: server,
});
const handle = app.getRequestHandler();
await app.prepare();
server.listen(port, hostname);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 15_000).unref();
    server.close();
    // Open keep-alive connections would hold close() forever.
    server.closeIdleConnections?.();
    // The console's own shutdown (server/startup.ts): job runs go back to the queue for another instance.
    const shutdown = globalThis[Symbol.for("custodian-console.shutdown")];
    if (typeof shutdown === "function") await shutdown().catch(() => {});
    process.exit(0);
  });
