// Serves the floor app the way scripts/serve.mjs serves the console, one process with Next's own
// request handler behind a plain Node HTTP server, without anything the console adds (peer address,
// request id, security headers, metrics, Server-Timing). `node serve.mjs <dir> <port>`
import { createServer } from "node:http";
import next from "next";

const [dir, port] = [process.argv[2], Number(process.argv[3])];
const app = next({ dev: false, dir, hostname: "127.0.0.1", port });
const handle = app.getRequestHandler();
await app.prepare();
createServer((req, res) => void handle(req, res)).listen(port, "127.0.0.1");
