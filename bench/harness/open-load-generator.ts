/**
 * The open-model load generator of bench/load-open.bench.ts, in a process of its own so that its CPU
 * is counted apart from the sandbox (in the benchmark's process) and from the console's processes.
 * Started as `node --import tsx bench/harness/open-load-generator.ts` with an IPC channel: it says
 * `ready` once loaded, takes one `run` message (OpenLoadConfig), sends the load, answers with one
 * `done` message (OpenLoadReport) and exits when the benchmark disconnects (after it has read this
 * process's CPU counters).
 *
 * The schedule: arrivals at `perSecond` on average for `seconds`, exponential gaps between them
 * (a Poisson process), each for a target drawn uniformly from `targets`; both drawn from a PRNG seeded
 * with `seed` (sandbox/seed/prng.ts), so the same configuration sends the same schedule every time.
 * Each arrival is sent when it is due whatever is still outstanding (an open model: a slow answer
 * does not hold back the next request, as it does in autocannon's closed loop). Its latency counts
 * from the time it was due, not from the time it left, so a late send (this process busy, or short of
 * CPU) counts against the answer, and how late each send was is reported beside it.
 *
 * HTTP goes through node:http with one keep-alive Agent of up to `maxSockets` connections, so no
 * arrival waits for a socket. (Node 20's fetch takes its connection pool from the `undici` package,
 * which this project does not depend on; node:http needs nothing and costs less CPU per request.)
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { createRng } from "../../sandbox/seed/prng";

export interface OpenLoadConfig {
  /** http://host:port of the console. */
  origin: string;
  /** What an arrival may ask for: a path and its headers. */
  targets: { path: string; headers: Record<string, string> }[];
  /** Mean arrivals per second. */
  perSecond: number;
  /** How long arrivals are scheduled for. */
  seconds: number;
  seed: string;
  maxSockets: number;
  /** An answer not complete this long after its send is a timeout. */
  timeoutMs: number;
}

/** One arrival and what became of it; times in ms from the start of the schedule. */
export interface OpenArrival {
  /** Index into OpenLoadConfig.targets. */
  target: number;
  /** When it was due. */
  at: number;
  /** How late it was sent (send time minus due time). */
  lag: number;
  /** Complete answer (its last byte) minus due time; for an error, when it failed. */
  ms: number;
  /** HTTP status; 0 when there was no answer (see error). */
  status: number;
  /** The answer's Server-Timing header, when it had one. */
  serverTiming?: string;
  /** "timeout" or the socket error's code, when there was no answer. */
  error?: string;
}

export interface OpenLoadReport {
  /** Arrivals in the schedule (all were sent). */
  scheduled: number;
  arrivals: OpenArrival[];
  /** When the last arrival was actually sent (ms from the start). */
  lastSendMs: number;
  /** From the start until the last answer (or failure). */
  elapsedMs: number;
  /** The most requests outstanding at once. */
  peakOutstanding: number;
  /** Connections the agent opened. */
  connections: number;
}

/** Due times (ms from the start) and targets: exponential gaps of mean 1000 / perSecond ms. */
function openSchedule(config: Pick<OpenLoadConfig, "perSecond" | "seconds" | "seed" | "targets">) {
  const rng = createRng(config.seed);
  const meanGapMs = 1000 / config.perSecond;
  const out: { at: number; target: number }[] = [];
  for (let at = -Math.log(1 - rng.next()) * meanGapMs; at < config.seconds * 1000;) {
    out.push({ at, target: rng.int(config.targets.length) });
    at += -Math.log(1 - rng.next()) * meanGapMs;
  }
  return out;
}

function runLoad(config: OpenLoadConfig): Promise<OpenLoadReport> {
  const origin = new URL(config.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: config.maxSockets, maxFreeSockets: config.maxSockets });
  const schedule = openSchedule(config);
  const arrivals: OpenArrival[] = [];
  const sockets = new WeakSet<object>();
  let connections = 0;
  let outstanding = 0;
  let peakOutstanding = 0;
  let next = 0;
  let lastSendMs = 0;
  const t0 = performance.now();
  const now = () => performance.now() - t0;

  return new Promise((resolve) => {
    const finishIfDone = () => {
      if (next < schedule.length || outstanding > 0) return;
      agent.destroy();
      resolve({
        scheduled: schedule.length,
        arrivals,
        lastSendMs,
        elapsedMs: now(),
        peakOutstanding,
        connections,
      });
    };

    const send = (due: { at: number; target: number }) => {
      const target = config.targets[due.target];
      if (!target) throw new Error(`no target ${due.target}`);
      const sentAt = now();
      lastSendMs = sentAt;
      outstanding++;
      peakOutstanding = Math.max(peakOutstanding, outstanding);
      let settled = false;
      // Answered or failed, whichever comes first: a timeout when nothing has come in time.
      const timer = setTimeout(() => {
        settle(0, { error: "timeout" });
        req.destroy();
      }, config.timeoutMs);
      const settle = (status: number, extra: Pick<OpenArrival, "serverTiming" | "error">) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outstanding--;
        arrivals.push({ target: due.target, at: due.at, lag: sentAt - due.at, ms: now() - due.at, status, ...extra });
        finishIfDone();
      };
      const req = http.request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          path: target.path,
          method: "GET",
          headers: target.headers,
        },
        (res) => {
          const header = res.headers["server-timing"];
          const timing = Array.isArray(header) ? header.join(", ") : header;
          res.on("error", (error: NodeJS.ErrnoException) => settle(0, { error: error.code ?? error.message }));
          res.on("end", () => settle(res.statusCode ?? 0, timing === undefined ? {} : { serverTiming: timing }));
          // A connection closed before the answer was complete.
          res.on("close", () => {
            if (!res.complete) settle(0, { error: "aborted" });
          });
          res.resume();
        },
      );
      req.on("socket", (socket) => {
        if (sockets.has(socket)) return;
        sockets.add(socket);
        connections++;
      });
      req.on("error", (error: NodeJS.ErrnoException) => settle(0, { error: error.code ?? error.message }));
      req.end();
    };

    // Every arrival that is due is sent at once; then sleep until the next one is.
    const tick = () => {
      for (let due = schedule[next]; due && due.at <= now(); due = schedule[next]) {
        next++;
        send(due);
      }
      const upcoming = schedule[next];
      if (upcoming) setTimeout(tick, Math.max(0, upcoming.at - now()));
      else finishIfDone();
    };
    tick();
  });
}

// Run only as the benchmark's child: without an IPC channel there is nobody to take the report.
if (process.send) {
  const reply = (message: unknown) => process.send?.(message);
  process.once("message", (message: { type: "run"; config: OpenLoadConfig }) => {
    runLoad(message.config).then(
      (report) => reply({ type: "done", report }),
      (error: unknown) => reply({ type: "failed", error: String(error) }),
    );
  });
  process.on("disconnect", () => process.exit(0));
  reply({ type: "ready" });
}
