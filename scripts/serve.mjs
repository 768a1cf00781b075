// The process that serves the console (`npm start`, `npm run dev`, the browser tests): Next.js
// behind a plain Node HTTP server that records each connection's own address. It appends the
// socket's peer address to X-Forwarded-For, as any proxy does, so the last entry is always
// written by this process; the console trusts entries further left only for as many proxy hops
// as CONSOLE_TRUSTED_PROXIES says. (`next start` alone keeps whatever X-Forwarded-For a client
// sends, so a client could choose its own address.)
import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { constants as zlib } from "node:zlib";
import compression from "compression";
import next from "next";
import { answerMetricsRequests, runPrimary, workerCount } from "./workers.mjs";

const dev = process.argv.includes("--dev");
const shutdownTimeoutMs = (() => {
  const value = Number(process.env.CONSOLE_SHUTDOWN_TIMEOUT_MS || 25_000);
  return Number.isFinite(value) && value >= 1000 ? value : 25_000;
})();
// An idle keep-alive connection stays open longer than a load balancer's own idle timeout (60 s on the
// common ones): the side that closes first must be the balancer, or a request it sends on a connection
// this process has just closed fails ("other side closed", a 502). Node's default is 5 s.
const keepAliveTimeoutMs = (() => {
  const value = Number(process.env.CONSOLE_KEEP_ALIVE_TIMEOUT_MS || 65_000);
  return Number.isFinite(value) && value >= 1000 ? value : 65_000;
})();
let workers = 1;
try {
  workers = dev ? 1 : workerCount();
} catch (error) {
  process.stderr.write(`\nThe console cannot start.\n${error.message}\n\n`);
  process.exit(1);
}
if (workers > 1 && cluster.isPrimary) runPrimary(workers, shutdownTimeoutMs);
else await serve();

async function serve() {
  answerMetricsRequests();
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

  // A route's JSON answer compressed in one piece (server/kit/json-answer.ts) names its encoding and length
  // in two headers of the console's own: Next drops a route's Content-Encoding and Content-Length, since a
  // body it fetched may have been decoded on the way. They become the real headers as the answer's head
  // goes out, before the compression middleware looks (its hook on writeHead runs inside this one), which
  // then leaves an answer already encoded alone; with its length known, it goes without chunked framing.
  const ENCODED_AS = "x-console-content-encoding";
  const ENCODED_LENGTH = "x-console-content-length";
  function withEncodingOfItsOwn(res) {
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      const encoding = res.getHeader(ENCODED_AS);
      if (encoding !== undefined && !res.headersSent) {
        res.removeHeader(ENCODED_AS);
        res.setHeader("content-encoding", encoding);
        const length = res.getHeader(ENCODED_LENGTH);
        res.removeHeader(ENCODED_LENGTH);
        if (length !== undefined) res.setHeader("content-length", length);
      }
      return writeHead.apply(this, args);
    };
  }

  // Each exchange's duration, for the console's metrics (server/ops/http-metrics.ts), as it finishes.
  function observe(req, res, started) {
    res.once("finish", () => {
      const record = globalThis[Symbol.for("custodian-console.observe-http")];
      if (typeof record !== "function") return;
      const url = req.url ?? "/";
      record({
        method: req.method ?? "GET",
        pathname: url.split("?")[0],
        status: res.statusCode,
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
        action: req.method === "POST" && req.headers["next-action"] !== undefined,
      });
    });
  }

  // Compression, instead of Next's (next.config.mjs turns it off; docs/architecture.md, "Server CPU per
  // request"). Next gzips every answer at level 6, and every answer whose length it does not know, which is
  // every route handler's, however small. An answer made per request is compressed once and read once, so
  // it gets the fast levels: Brotli 2 where the client takes it (every current browser: `/clients`, 71 KB in
  // four flushed pieces as Next writes it, in 0.60 ms against 1.15–1.43 ms as gzip 2; quality 1, faster on
  // a whole answer, is no faster flushed piece by piece and 25 % larger), gzip 2 where it does not (about
  // 8 % larger than gzip 6, half the CPU). A route's JSON answer arrives here already compressed in one
  // piece, or plain and marked `no-transform` when small (server/kit/json-answer.ts): what this stream
  // compresses is pages. The build's static files are the same bytes for every request and cached by
  // browsers for a year, so they keep the thorough levels (gzip 6; Brotli 5, 5 % smaller than gzip 6 over
  // the build's scripts). The levels and the threshold live in server/kit/compression-levels.json, beside
  // json-answer.ts's own.
  const levels = JSON.parse(readFileSync(new URL("../server/kit/compression-levels.json", import.meta.url), "utf8"));
  const fast = compression({
    threshold: levels.thresholdBytes,
    level: levels.stream.gzipLevel,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: levels.stream.brotliQuality } },
  });
  const thorough = compression({
    threshold: levels.thresholdBytes,
    level: levels.static.gzipLevel,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: levels.static.brotliQuality } },
  });
  const compress = (req, res, then) => (req.url?.startsWith("/_next/static/") ? thorough : fast)(req, res, then);

  const server = createServer((req, res) => {
    observe(req, res, process.hrtime.bigint());
    const peer = req.socket.remoteAddress ?? "";
    const sent = req.headers["x-forwarded-for"];
    const chain = (Array.isArray(sent) ? sent.join(",") : (sent ?? ""))
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    req.headers["x-forwarded-for"] = [...chain, peer].join(", ");
    if (protoFromSocket) req.headers["x-forwarded-proto"] = req.socket.encrypted ? "https" : "http";
    const exchange = {};
    // The request id, the security headers and a page's nonce policy (server/network/edge-headers.ts),
    // registered as the console starts, before this server listens. Without them nothing is served
    // (in development Next may load the console's start-up with the first request instead).
    const edge = globalThis[Symbol.for("custodian-console.edge-headers")];
    if (typeof edge === "function") edge(req, res, exchange);
    else if (!dev) {
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "5" });
      res.end("The console is starting.\n");
      return;
    }
    withServerTiming(res, exchange);
    exchanges.run(exchange, () =>
      compress(req, res, () => {
        withEncodingOfItsOwn(res);
        void handle(req, res);
      }),
    );
  });

  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Headers of a request on a kept connection may arrive just before it would close.
  server.headersTimeout = keepAliveTimeoutMs + 1000;

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

  // Graceful shutdown, bounded by CONSOLE_SHUTDOWN_TIMEOUT_MS (default 25 s): stop accepting
  // connections, let the console drain (readiness 503, job runs handed back from their checkpoints,
  // pool closed: server/ops/shutdown.ts), let requests in flight finish, and exit 0.
  let stopping = false;
  // A worker whose primary is gone (killed) can take no more connections: it shuts down as on SIGTERM,
  // handing its job runs back, instead of holding their leases as a process nobody can reach.
  if (cluster.isWorker) process.on("disconnect", () => process.emit("SIGTERM"));
  for (const signal of ["SIGINT", "SIGTERM"])
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      globalThis[Symbol.for("custodian-console.draining")] = true;
      setTimeout(() => {
        process.stderr.write(`shutdown took longer than ${shutdownTimeoutMs} ms; exiting\n`);
        process.exit(0);
      }, shutdownTimeoutMs).unref();
      const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
      // Open keep-alive connections would hold close() forever.
      server.closeIdleConnections?.();
      const shutdown = globalThis[Symbol.for("custodian-console.shutdown")];
      if (typeof shutdown === "function") await shutdown().catch(() => {});
      // A keep-alive connection whose last request has finished is idle now: close those as they appear.
      const sweep = setInterval(() => server.closeIdleConnections?.(), 100);
      await closed;
      clearInterval(sweep);
      process.exit(0);
    });
}
