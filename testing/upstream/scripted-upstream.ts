import "server-only";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import pino from "pino";

/**
 * Helpers for the upstream clients' tests: a scripted HTTP upstream on loopback and a logger whose
 * lines are captured. Not used outside tests.
 */

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  /** Sent as JSON; `raw` wins when both are set. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export type Script = Reply[] | ((request: RecordedRequest, index: number) => Reply);

export interface MockUpstream {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Replies in order (the last one repeats), or as the function decides. */
export async function mockUpstream(script: Script, port = 0): Promise<MockUpstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += String(chunk);
    const recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
    requests.push(recorded);
    const index = requests.length - 1;
    const reply =
      typeof script === "function" ? script(recorded, index) : (script[Math.min(index, script.length - 1)] as Reply);
    if (reply.delayMs) await delay(reply.delayMs);
    if (res.destroyed) return;
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(reply.raw ?? (reply.body === undefined ? "" : JSON.stringify(reply.body)));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening on it. */
export async function unusedPort(): Promise<number> {
  const upstream = await mockUpstream([{ status: 200 }]);
  await upstream.close();
  return upstream.port;
}

/** A pino logger without any redaction of its own, so tests see exactly what the clients hand it. */
export function captureLogs(): { logger: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

/** Records requested waits and returns at once, so backoff is observable without slowing tests. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
