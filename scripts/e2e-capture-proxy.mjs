// The browser journeys reach the console through this recording proxy, so the secret scan
// (scripts/secret-scan.mjs) can search every page, RSC payload and route answer the console served
// during the run. It forwards each request unchanged (asking for an uncompressed answer, so what is
// recorded is the text itself), streams the answer back as it comes, and appends one JSON line per
// textual answer to the capture file: method, path, status, content type, the server action's id
// (when it was one) and the body. Images, fonts and other binary answers are not recorded.
import { createWriteStream } from "node:fs";
import { Agent, createServer, request } from "node:http";

const TEXTUAL = /^(text\/|application\/(json|javascript|x-ndjson|xml|octet-stream))|x-component|csv/;

export function startCaptureProxy({ port, target, file }) {
  const out = createWriteStream(file, { flags: "a", mode: 0o600 });
  // A new connection per request: a kept-alive one can be closed by the console (its idle timeout)
  // at the moment the proxy sends on it, and that request would be lost as a 502 the browser never
  // caused. On one machine a connection costs a fraction of a millisecond.
  const agent = new Agent({ keepAlive: false });
  const server = createServer((req, res) => {
    const headers = { ...req.headers };
    delete headers["accept-encoding"];
    const upstream = request(
      { host: "127.0.0.1", port: target, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        const type = String(answer.headers["content-type"] ?? "");
        const keep = TEXTUAL.test(type);
        const chunks = [];
        answer.on("data", (chunk) => {
          if (keep) chunks.push(chunk);
          res.write(chunk);
        });
        answer.on("end", () => {
          res.end();
          if (!keep) return;
          out.write(
            `${JSON.stringify({
              method: req.method,
              path: req.url,
              status: answer.statusCode,
              type,
              action: req.headers["next-action"] ?? null,
              body: Buffer.concat(chunks).toString("utf8"),
            })}\n`,
          );
        });
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("The console behind the recording proxy did not answer.");
    });
    req.pipe(upstream);
  });
  server.listen(port, "127.0.0.1");
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => out.end(resolve));
        server.closeAllConnections?.();
      }),
  };
}
