/**
 * Yield runs as the browser sees them: a previewed action's transactions, then each one being
 * signed, broadcast, reported and confirmed by a job on the server. Never a share or a key.
 */

export const YIELD_INTENTS = ["enter", "exit", "manage"] as const;
export type YieldIntent = (typeof YIELD_INTENTS)[number];

/** preview: shown, nothing signed · running: a job drives it · failed: a step stopped it (retry or abandon). */
export const YIELD_RUN_STATUSES = ["preview", "running", "succeeded", "failed", "abandoned"] as const;
export type YieldRunStatus = (typeof YIELD_RUN_STATUSES)[number];

/**
 * Where a step stands. waiting → signing (intent recorded, nonce chosen) → broadcast (hash known) →
 * reported (submit-hash answered) → confirmed (receipt), or failed at one of those parts; skipped
 * when the provider gave nothing to sign (not CREATED, or no unsigned transaction).
 */
export const STEP_PHASES = [
  "waiting",
  "signing",
  "broadcast",
  "reporting",
  "reported",
  "confirmed",
  "failed",
  "skipped",
] as const;
export type StepPhase = (typeof STEP_PHASES)[number];

/** The part of a step that failed, and that a retry starts again from. */
export const STEP_PARTS = ["simulate", "sign", "report", "confirm"] as const;
export type StepPart = (typeof STEP_PARTS)[number];

export interface DecodedCall {
  /** "approve", "transfer", "deposit"…; null when the ABI is not known. */
  method: string | null;
  args: { name: string; value: string }[];
}

export interface YieldStepView {
  stepIndex: number;
  transactionId: string;
  title: string | null;
  type: string | null;
  /** The provider's status when the action was created (CREATED, SKIPPED…). */
  upstreamStatus: string;
  /** The contract the transaction calls, its value (wei, decimal) and its decoded call. */
  to: string | null;
  value: string | null;
  call: DecodedCall | null;
  phase: StepPhase;
  nonce: string | null;
  userOperationHash: string | null;
  transactionHash: string | null;
  failedPart: StepPart | null;
  error: string | null;
  /** When each part began and ended (ISO), for the step's timeline. */
  signStartedAt: string | null;
  signedAt: string | null;
  reportStartedAt: string | null;
  reportedAt: string | null;
  confirmedAt: string | null;
}

export interface YieldRunView {
  id: string;
  clientId: string;
  isAccountAbstracted: boolean;
  address: string;
  chainId: string;
  yieldId: string;
  intent: YieldIntent;
  actionType: string | null;
  actionId: string | null;
  amount: string | null;
  /** The yield's token, in whose units the amount is. */
  symbol: string | null;
  stripGas: boolean;
  status: YieldRunStatus;
  error: string | null;
  jobRunId: string | null;
  createdByEmail: string;
  createdAt: string;
  finishedAt: string | null;
  steps: YieldStepView[];
  /** What the reconciler last found wrong with the run, and when it looked; null when it found nothing. */
  reconciliation: Reconciliation | null;
}

/**
 * A stuck run as the scheduled reconciler finds it (server/yield/reconcile.ts): a step whose
 * transaction is on the chain but was never reported to the provider, or a run left "running" by a
 * job that ended. The chain's word on each step comes with it.
 */
export interface Reconciliation {
  checkedAt: string;
  findings: ReconcileFinding[];
}

export interface ReconcileFinding {
  stepIndex: number;
  kind: "unreported" | "orphaned-run" | "stale-action";
  transactionHash: string | null;
  /** The chain's receipt for the hash: mined (with status and block) or not found. */
  onChain: { status: "success" | "reverted"; blockNumber: number } | null;
  message: string;
}

export const isRunActive = (run: Pick<YieldRunView, "status">) => run.status === "running";
