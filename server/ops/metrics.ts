import "server-only";
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { rateLimiterUsage } from "@/server/upstream/process-limiters";

/**
 * The console's Prometheus metrics (prom-client), one registry per process, served by GET
 * /api/metrics. Labels hold only bounded values: route and endpoint templates, action names, job
 * kinds, statuses and outcomes; never an id of a client, a user, a token or an address.
 *
 * The registry lives on globalThis: scripts/serve.mjs (outside the Next bundle) records the HTTP
 * request durations into the same one.
 */
const REGISTRY = Symbol.for("custodian-console.metrics-registry");
const holder = globalThis as unknown as Record<symbol, Registry | undefined>;

export function metricsRegistry(): Registry {
  let registry = holder[REGISTRY];
  if (!registry) {
    registry = new Registry();
    registry.setDefaultLabels({ service: "console" });
    collectDefaultMetrics({ register: registry, prefix: "console_" });
    holder[REGISTRY] = registry;
    if (cluster.isWorker) {
      // One of several console processes (CONSOLE_WORKERS): the primary gathers every worker's figures.
      new AggregatorRegistry();
      AggregatorRegistry.setRegistries([registry]);
    }
  }
  return registry;
}

/** One metric per name in the registry, whichever module asks first (hot reloads, two bundles). */
function metric<M>(name: string, create: (registers: Registry[]) => M): M {
  const registry = metricsRegistry();
  return (registry.getSingleMetric(name) as M | undefined) ?? create([registry]);
}

type Labels = readonly string[];
type Aggregator = "sum" | "first" | "min" | "max" | "average" | "omit";

const histogram = (name: string, help: string, labelNames: Labels, buckets: number[]) => () =>
  metric(name, (registers) => new Histogram({ name, help, labelNames, buckets, registers }));

const counter =
  (name: string, help: string, labelNames: Labels = []) =>
  () =>
    metric(name, (registers) => new Counter({ name, help, labelNames, registers }));

/**
 * A gauge; `aggregator` says how the primary combines the workers' values (default: their sum);
 * `collect` sets its values whenever the registry is read, in every worker, not only the one scraped.
 */
const gauge =
  (name: string, help: string, labelNames: Labels, aggregator: Aggregator = "sum", collect?: (g: Gauge) => void) =>
  () =>
    metric(
      name,
      (registers) =>
        new Gauge({
          name,
          help,
          labelNames,
          aggregator,
          registers,
          ...(collect
            ? {
                collect: function (this: Gauge) {
                  collect(this);
                },
              }
            : {}),
        }),
    );

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_SECONDS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 4 * 3600];

/** Recorded by scripts/serve.mjs for every exchange (server/ops/http-metrics.ts). */
export const httpDuration = histogram(
  "console_http_request_duration_seconds",
  "HTTP exchanges by route template, method, status and kind (page, route, action, asset)",
  ["route", "method", "status", "kind"],
  SECONDS,
);

export const actionDuration = histogram(
  "console_action_duration_seconds",
  "Server actions by audit name and outcome (ok, refused, failed)",
  ["action", "outcome"],
  SECONDS,
);

export const routeDuration = histogram(
  "console_route_duration_seconds",
  "Data route handlers by path template and HTTP status",
  ["route", "status"],
  SECONDS,
);

export const upstreamRequests = counter(
  "console_upstream_requests_total",
  "Upstream request attempts by service, method, endpoint template, status and outcome (ok, retried, failed, held_by_console_limit)",
  ["service", "method", "endpoint", "status", "outcome"],
);

export const upstreamDuration = histogram(
  "console_upstream_request_duration_seconds",
  "Upstream request attempts' duration by service, method and endpoint template",
  ["service", "method", "endpoint"],
  SECONDS,
);

/**
 * Each process's limiters as the registry is read (a worker whose budget another keeps reads 0), so
 * the primary's sum over the workers is the console's budget and its use.
 */
function limiterUsage(field: "inUse" | "limit") {
  return (g: Gauge) => {
    const usage = new Map(rateLimiterUsage().map((u) => [u.scope, u]));
    for (const scope of ["custodian", "client_busiest"] as const) g.set({ scope }, usage.get(scope)?.[field] ?? 0);
  };
}

export const rateLimitInUse = gauge(
  "console_upstream_rate_limit_in_use",
  "Requests spent of the upstream rate limit's window, by limiter scope",
  ["scope"],
  "sum",
  limiterUsage("inUse"),
);

export const rateLimitCapacity = gauge(
  "console_upstream_rate_limit_capacity",
  "Requests the upstream rate limit allows per window, by limiter scope",
  ["scope"],
  "sum",
  limiterUsage("limit"),
);

/** The database's figure, the same in every process: taken once, not summed across them. */
export const jobRuns = gauge(
  "console_job_runs",
  "Job runs in the database by kind and state (queued, running, lease_lapsed, failed_last_hour), read at scrape time",
  ["kind", "state"],
  "first",
);

export const jobRunDuration = histogram(
  "console_job_run_duration_seconds",
  "Time this instance drove a job run, by kind and how the drive ended",
  ["kind", "ending"],
  JOB_SECONDS,
);

export const exportRows = counter("console_export_rows_total", "Rows written to export files, by export kind", [
  "kind",
]);

export const auditAppends = counter("console_audit_appends_total", "Records appended to the audit chain, by outcome", [
  "outcome",
]);

export const auditVerifications = counter(
  "console_audit_verifications_total",
  "Audit chain verifications by verdict (ok, broken)",
  ["verdict"],
);

export const auditSweepCompleted = gauge(
  "console_audit_sweep_completed_timestamp_seconds",
  "When this instance last verified the whole audit chain in its hourly sweep (Unix seconds)",
  [],
  "max",
);

export const signInFailures = counter(
  "console_sign_in_failures_total",
  "Refused sign-ins by reason (wrong credentials, locked, ...)",
  ["reason"],
);

export const lockOuts = counter("console_sign_in_lockouts_total", "Sign-in keys locked out");

export const readinessState = gauge(
  "console_ready",
  "1 when the last readiness check passed, by check (database, migrations, jobs, draining)",
  ["check"],
  "min",
);

/**
 * This instance's metrics as text: its own registry, or, in one of several console processes on one
 * port, every process's figures summed by the primary (scripts/workers.mjs), since a scraper cannot
 * choose which process answers.
 */
export async function metricsText(): Promise<string> {
  const registry = metricsRegistry();
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary did not send the workers' metrics within 5 s"));
    }, 5000);
    const onMessage = (message: { type?: string; id?: string; text?: string; error?: string }) => {
      if (message?.type !== "console:metrics-result" || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? "");
    };
    process.on("message", onMessage);
    process.send?.({ type: "console:metrics", id });
  });
}

/** Records a metric without ever failing the work it measures. */
export function measure(record: () => void): void {
  try {
    record();
  } catch {
    // A metric that cannot be recorded is not a reason to fail a request.
  }
}
