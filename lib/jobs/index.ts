/**
 * Durable jobs as the browser sees them, and who may follow or stop each kind. A new kind of job
 * declares itself here; the job route and the cancel action check this table.
 *
 * - `permission`: what a role needs to follow or stop runs of the kind at all.
 * - `readers`: "starter" when a run is its starter's own (an admin may read it too), "shared" when
 *   anyone with the permission may follow it (a run others join by starting the same work).
 * - Only the person who started a run, or an admin, may cancel it, whatever the kind.
 */
import type { Permission } from "../auth/permissions";

export type JobReaders = "starter" | "shared";

export const JOB_ACCESS = {
  // One scan per address, joined by whoever searches for it.
  "clients.find-address": { permission: "clients:read", readers: "shared" },
  // The progress and the result hold the manifest: what was exported, by whom.
  "alerts.export": { permission: "alerts:export", readers: "starter" },
  // One run per webhook and filters, joined by whoever starts the same.
  "alerts.replay-all": { permission: "alerts:replay", readers: "shared" },
  // A replay of selected events followed for its receipts: its receipts page is for anyone who reads alerts.
  "alerts.replay-follow": { permission: "alerts:read", readers: "shared" },
  // The result holds the signed manifest of what was exported and by whom.
  "audit.export": { permission: "audit:read", readers: "starter" },
  // A yield run is followed on its own page by anyone who may read yields; it is stopped by abandoning it.
  "yield.run": { permission: "yield:read", readers: "shared" },
  // The reconciler's passes: started by the console itself, followed by anyone who reads yields.
  "yield.reconcile": { permission: "yield:read", readers: "shared" },
  // The writing of an eject's evidence pack: started by the download (or the console's sweep), followed by whoever reads the eject.
  "ejects.evidence": { permission: "clients:read", readers: "shared" },
  // The notification rules' passes: started by the console itself (or an admin's "Check now"), for admins.
  "notifications.tick": { permission: "users:manage", readers: "shared" },
} as const satisfies Record<string, { permission: Permission; readers: JobReaders }>;

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

/**
 * One of a person's runs named in a TOO_MANY_RUNS refusal: what it is in a few words, how far it
 * got, and how to stop it: Cancel (by `id`), or its own page (`href`) for a kind stopped there.
 */
export interface RunningRunView {
  id: string;
  kind: string;
  /** "the address 0x12ab…9f3c"; never a secret. */
  label: string;
  /** "40 %", "waiting to start", "120 done". */
  progress: string;
  href?: string;
}

export const isActive = (run: Pick<JobRunView, "status">) => run.status === "queued" || run.status === "running";
