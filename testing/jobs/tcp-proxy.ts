import "server-only";
import net from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that a test can cut: while `partitioned`, bytes in both
 * directions are held back (as on a dead network link: nothing fails, nothing arrives), and
 * `heal()` delivers them. One console instance connects through it to play a stalled instance.
 */
export interface TcpProxy {
  port: number;
  partition(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let partitioned = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on("data", (chunk) => {
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (partitioned) held.push(send);
      else send();
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("proxy has no port");
  return {
    port: address.port,
    partition: () => {
      partitioned = true;
    },
    heal: () => {
      partitioned = false;
      for (const send of held.splice(0)) send();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
