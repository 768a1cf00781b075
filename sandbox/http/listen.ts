import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} is already in use`);
  }
}

export interface Listening {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Serves a Hono app's fetch on host:port; rejects with PortInUseError when the port is taken. */
export function listen(
  fetch: (request: Request, env: never) => Response | Promise<Response>,
  port: number,
  hostname = "127.0.0.1",
): Promise<Listening> {
  const server = createAdaptorServer({ fetch: fetch as never, hostname, port }) as Server;
  return new Promise((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(err.code === "EADDRINUSE" ? new PortInUseError(port) : err),
    );
    server.listen(port, hostname, () => {
      const actual = (server.address() as AddressInfo).port;
      resolve({
        server,
        port: actual,
        url: `http://${hostname}:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Held "timeout" faults and keep-alive sockets would otherwise keep close() waiting.
            server.closeAllConnections();
          }),
      });
    });
  });
}
