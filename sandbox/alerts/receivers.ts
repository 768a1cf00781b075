/**
 * The webhook endpoints the seeded alert webhooks point at: real HTTP servers on loopback
 * (ephemeral ports), so every delivery is a real POST with a real outcome. One accepts (and checks
 * X-WEBHOOK-SECRET, answering 401 to a wrong one), one always fails with 500, one answers only after
 * the delivery timeout has passed.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { secretsEqual } from "../state/secrets";

export type ReceiverRole = "accepting" | "failing" | "slow";
export const RECEIVER_ROLES: readonly ReceiverRole[] = ["accepting", "failing", "slow"];

export interface ReceivedDelivery {
  role: ReceiverRole;
  secret: string | undefined;
  body: unknown;
  at: number;
}

export interface Receivers {
  url(role: ReceiverRole): string;
  /** The most recent deliveries each receiver got (newest last, at most 200), for tests and debugging. */
  received: ReceivedDelivery[];
  close(): Promise<void>;
}

export interface ReceiverOptions {
  /** The secret the accepting receiver expects, per role. */
  secretOf: (role: ReceiverRole) => string;
  /** How long the slow receiver waits before answering (longer than the delivery timeout). */
  slowDelayMs: number;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

export async function startReceivers({ secretOf, slowDelayMs }: ReceiverOptions): Promise<Receivers> {
  const received: ReceivedDelivery[] = [];
  const servers = new Map<ReceiverRole, Server>();
  const timers = new Set<NodeJS.Timeout>();

  for (const role of RECEIVER_ROLES) {
    const server = createServer((req, res) => {
      void readBody(req).then((text) => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // kept as text
        }
        const secret = req.headers["x-webhook-secret"];
        received.push({ role, secret: Array.isArray(secret) ? secret[0] : secret, body, at: Date.now() });
        if (received.length > 200) received.splice(0, received.length - 200);
        const answer = (status: number) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(
            JSON.stringify(
              status < 300 ? { received: true } : { error: status === 401 ? "bad secret" : "receiver failure" },
            ),
          );
        };
        if (role === "failing") return answer(500);
        if (role === "slow") {
          const timer = setTimeout(() => {
            timers.delete(timer);
            answer(200);
          }, slowDelayMs);
          timers.add(timer);
          return;
        }
        answer(typeof secret === "string" && secretsEqual(secret, secretOf(role)) ? 200 : 401);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    servers.set(role, server);
  }

  return {
    url(role) {
      const port = (servers.get(role)?.address() as AddressInfo).port;
      return `http://127.0.0.1:${port}/webhooks/${role}`;
    },
    received,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(
        [...servers.values()].map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
    },
  };
}
