import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  /** The exact body bytes, as text. */
  body: string;
  /** What the receiver answered. */
  status: number;
}

/** A request the receiver holds unanswered: `arrived` once it came, `release` answers it. */
export interface Hold {
  arrived: Promise<void>;
  release: () => void;
}

/**
 * A webhook receiver on a port of its own (node:http on port 0): records every request, and answers
 * each with the next status of `answers` (then 200s). `holdNext()` keeps the next request unanswered
 * until released, so a test can act while the sender waits on it.
 */
export async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  answers: number[];
  holdNext: () => Hold;
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const answers: number[] = [];
  const holds: { arrive: () => void; released: Promise<void> }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const status = answers.shift() ?? 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      const hold = holds.shift();
      hold?.arrive();
      void (hold?.released ?? Promise.resolve()).then(() =>
        res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "no"),
      );
    });
  });
  const holdNext = (): Hold => {
    let arrive!: () => void;
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    holds.push({ arrive, released });
    return { arrived, release };
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/console?token=receiver-token-123`,
    received,
    answers,
    holdNext,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
