import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  /** The exact body bytes, as text. */
  body: string;
  /** What the receiver answered. */
  status: number;
}

/**
 * A webhook receiver on a port of its own (node:http on port 0): records every request, and answers
 * each with the next status of `answers` (then 200s).
 */
export async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  answers: number[];
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const status = answers.shift() ?? 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/console?token=receiver-token-123`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
