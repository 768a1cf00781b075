/**
 * Durable jobs as the browser sees them, and who may follow or stop each kind. A new kind of job
 * declares itself here; the job route and the cancel action check this table.
 */
import type { Permission } from "./permissions";

export const JOB_ACCESS = {
  "clients.find-address": { read: "clients:read", cancel: "clients:read" },
  "alerts.export": { read: "alerts:export", cancel: "alerts:export" },
  "alerts.replay-all": { read: "alerts:replay", cancel: "alerts:replay" },
  "yield.run": { read: "yield:read", cancel: "yield:act" },
} as const satisfies Record<string, { read: Permission; cancel: Permission }>;

export type JobKind = keyof typeof JOB_ACCESS;

export function isJobKind(kind: string): kind is JobKind {
  return Object.hasOwn(JOB_ACCESS, kind);
}

export type JobStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface JobRunView<R = unknown> {
  id: string;
  kind: string;
  status: JobStatus;
  done: number;
  total: number | null;
  ratePerSecond: number | null;
  etaSeconds: number | null;
  message: string | null;
  /** A safe message when the run failed. */
  error: string | null;
  result: R | null;
  startedByEmail: string;
  createdAt: string;
  finishedAt: string | null;
  cancelRequested: boolean;
}

export const isActive = (run: Pick<JobRunView, "status">) => run.status === "queued" || run.status === "running";
