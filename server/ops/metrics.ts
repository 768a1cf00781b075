import "server-only";
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

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

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_SECONDS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 4 * 3600];

export const actionDuration = () =>
  metric(
    "console_action_duration_seconds",
    (registers) =>
      new Histogram({
        name: "console_action_duration_seconds",
        help: "Server actions by audit name and outcome (ok, refused, failed)",
        labelNames: ["action", "outcome"],
        buckets: SECONDS,
        registers,
      }),
  );

export const routeDuration = () =>
  metric(
    "console_route_duration_seconds",
    (registers) =>
      new Histogram({
        name: "console_route_duration_seconds",
        help: "Data route handlers by path template and HTTP status",
        labelNames: ["route", "status"],
        buckets: SECONDS,
        registers,
      }),
  );

export const upstreamRequests = () =>
  metric(
    "console_upstream_requests_total",
    (registers) =>
      new Counter({
        name: "console_upstream_requests_total",
        help: "Upstream request attempts by service, method, endpoint template, status and outcome (ok, retried, failed)",
        labelNames: ["service", "method", "endpoint", "status", "outcome"],
        registers,
      }),
  );

export const upstreamDuration = () =>
  metric(
    "console_upstream_request_duration_seconds",
    (registers) =>
      new Histogram({
        name: "console_upstream_request_duration_seconds",
        help: "Upstream request attempts' duration by service, method and endpoint template",
        labelNames: ["service", "method", "endpoint"],
        buckets: SECONDS,
        registers,
      }),
  );

export const rateLimitInUse = () =>
  metric(
    "console_upstream_rate_limit_in_use",
    (registers) =>
      new Gauge({
        name: "console_upstream_rate_limit_in_use",
        help: "Requests spent of the shared upstream rate limit's window, by limiter scope, as last seen by this instance",
        labelNames: ["scope"],
        registers,
      }),
  );

export const rateLimitCapacity = () =>
  metric(
    "console_upstream_rate_limit_capacity",
    (registers) =>
      new Gauge({
        name: "console_upstream_rate_limit_capacity",
        help: "Requests the shared upstream rate limit allows per window, by limiter scope",
        labelNames: ["scope"],
        registers,
      }),
  );

export const jobRuns = () =>
  metric(
    "console_job_runs",
    (registers) =>
      new Gauge({
        name: "console_job_runs",
        help: "Job runs in the database by kind and state (queued, running, lease_lapsed, failed, ...), read at scrape time",
        labelNames: ["kind", "state"],
        // The database's figure, the same in every process: not summed across them.
        aggregator: "first",
        registers,
      }),
  );

export const jobRunDuration = () =>
  metric(
    "console_job_run_duration_seconds",
    (registers) =>
      new Histogram({
        name: "console_job_run_duration_seconds",
        help: "Time this instance drove a job run, by kind and how the drive ended",
        labelNames: ["kind", "ending"],
        buckets: JOB_SECONDS,
        registers,
      }),
  );

export const exportRows = () =>
  metric(
    "console_export_rows_total",
    (registers) =>
      new Counter({
        name: "console_export_rows_total",
        help: "Rows written to export files, by export kind",
        labelNames: ["kind"],
        registers,
      }),
  );

export const auditAppends = () =>
  metric(
    "console_audit_appends_total",
    (registers) =>
      new Counter({
        name: "console_audit_appends_total",
        help: "Records appended to the audit chain, by outcome",
        labelNames: ["outcome"],
        registers,
      }),
  );

export const auditVerifications = () =>
  metric(
    "console_audit_verifications_total",
    (registers) =>
      new Counter({
        name: "console_audit_verifications_total",
        help: "Audit chain verifications by verdict (ok, broken)",
        labelNames: ["verdict"],
        registers,
      }),
  );

export const signInFailures = () =>
  metric(
    "console_sign_in_failures_total",
    (registers) =>
      new Counter({
        name: "console_sign_in_failures_total",
        help: "Refused sign-ins by reason (wrong credentials, locked, ...)",
        labelNames: ["reason"],
        registers,
      }),
  );

export const lockOuts = () =>
  metric(
    "console_sign_in_lockouts_total",
    (registers) => new Counter({ name: "console_sign_in_lockouts_total", help: "Sign-in keys locked out", registers }),
  );

export const readinessState = () =>
  metric(
    "console_ready",
    (registers) =>
      new Gauge({
        name: "console_ready",
        help: "1 when the last readiness check passed, by check (database, migrations, jobs, draining)",
        labelNames: ["check"],
        aggregator: "min",
        registers,
      }),
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
