// One console process per core (`CONSOLE_WORKERS`, default: the machine's cores with PostgreSQL, 1 with
// PGlite, whose database one process opens), sharing one port through Node's cluster module. Each
// worker is a full console instance (scripts/serve.mjs); the primary only starts them, restarts one
// that dies, answers a worker's request for every worker's metrics (prom-client's aggregator),
// passes the workers' messages to the one that keeps their shared upstream budget (./keeper-relay.mjs),
// and on SIGTERM passes the signal on and exits 0 once they have shut down.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import promClient from "prom-client";
import { KeeperRelay } from "./keeper-relay.mjs";

/** How many console processes to run, and why, from the environment. */
export function workerCount(env = process.env) {
  const pglite = !env.DATABASE_URL;
  const asked = env.CONSOLE_WORKERS?.trim();
  if (asked && !/^([1-9]|[1-5][0-9]|6[0-4])$/.test(asked))
    throw new Error(`CONSOLE_WORKERS: expected a whole number from 1 to 64, got "${asked.slice(0, 20)}"`);
  if (pglite) {
    if (asked && asked !== "1")
      process.stderr.write("CONSOLE_WORKERS is ignored without DATABASE_URL: one process opens PGlite's files.\n");
    return 1;
  }
  return asked ? Number(asked) : availableParallelism();
}

export function runPrimary(count, shutdownTimeoutMs) {
  const aggregator = new promClient.AggregatorRegistry();
  // One worker keeps the upstream budget for all (./keeper-relay.mjs, server/cluster/).
  const relay = new KeeperRelay();
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork({ CONSOLE_WORKER_COUNT: String(count) });
    relay.add({
      id: worker.id,
      send: (message) => {
        // A worker that is ending can take no more messages; the relay tells the others when it has gone.
        if (worker.isConnected()) worker.send(message, (error) => void error);
      },
    });
    worker.on("exit", () => relay.remove(worker.id));
    worker.on("message", (message) => {
      if (relay.handle(worker.id, message)) return;
      if (message?.type !== "console:metrics") return;
      aggregator.clusterMetrics().then(
        (text) => worker.send({ type: "console:metrics-result", id: message.id, text }),
        (error) =>
          worker.send({ type: "console:metrics-result", id: message.id, error: String(error?.message ?? error) }),
      );
    });
    return worker;
  };
  // The first worker migrates the database and creates the first admin; the others start after it listens.
  const first = fork();
  first.once("listening", () => {
    for (let i = 1; i < count; i++) fork();
  });
  const listened = new Set();
  cluster.on("listening", (worker) => listened.add(worker.id));
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that never served could not start (its message is above): another would fail alike.
    if (!listened.has(worker.id)) {
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exit(code || 1);
    }
    process.stderr.write(`console worker ${worker.process.pid} ended (${signal ?? code}); starting another\n`);
    fork();
  });
  for (const name of ["SIGINT", "SIGTERM"])
    process.on(name, () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(0), shutdownTimeoutMs + 2000).unref();
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(name);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
}

/**
 * In a worker, from its first moment: answer the primary's requests for metrics (with nothing until
 * the console's registry is set up), so a scrape while a worker starts never waits for it.
 */
export function answerMetricsRequests() {
  if (cluster.isWorker) new promClient.AggregatorRegistry();
}
