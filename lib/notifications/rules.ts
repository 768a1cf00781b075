/**
 * The notification rules: what each one watches, what its threshold means and where its page is. A rule
 * is one entry here and one finder in server/notifications/finders/. Pure data, shared by the admin page
 * and the evaluator.
 */
export const RULE_IDS = ["drop-horizon", "watchdog", "webhook-health", "audit-chain", "scheduled-export"] as const;
export type RuleId = (typeof RULE_IDS)[number];

export interface RuleDefinition {
  label: string;
  /** A word or two, for the table of sends. */
  short: string;
  /** What the rule watches, in a sentence for the admin page. */
  description: string;
  /** The threshold's meaning, its bounds and default; null for a rule without one. */
  threshold: { label: string; unit: string; min: number; max: number; default: number } | null;
}

export const RULES: Record<RuleId, RuleDefinition> = {
  "drop-horizon": {
    label: "Failed events about to be dropped",
    short: "Drop horizon",
    description:
      "A webhook has failed events the upstream drops within the threshold unless one of its retries succeeds.",
    threshold: { label: "Within", unit: "hours", min: 1, max: 48, default: 6 },
  },
  watchdog: {
    label: "Confirmations missing or disputed",
    short: "Watchdog",
    description:
      "A webhook's confirmed alerts did not come, or the chain disputes a confirmed transaction (the chain watchdog), at least the threshold's number.",
    threshold: { label: "At least", unit: "transactions", min: 1, max: 10_000, default: 1 },
  },
  "webhook-health": {
    label: "Webhook success rate low",
    short: "Success rate",
    description:
      "A webhook delivered less than the threshold's share of its settled events over the last hour (the current and the previous clock hour, as its health page counts them).",
    threshold: { label: "Below", unit: "%", min: 1, max: 100, default: 90 },
  },
  "audit-chain": {
    label: "Audit chain broken",
    short: "Audit chain",
    description: "The console found its audit log altered or cut (appends stop until an operator acknowledges it).",
    threshold: null,
  },
  "scheduled-export": {
    label: "Scheduled export failed",
    short: "Scheduled export",
    description:
      "A scheduled export's newest run failed after its retries (it stands until a later run of the schedule succeeds).",
    threshold: null,
  },
};

export interface RuleSetting {
  enabled: boolean;
  /** Absent for a rule without a threshold. */
  threshold?: number;
}

/** A rule's setting as stored, or its default (off, with the default threshold). */
export function ruleSetting(id: RuleId, stored: Partial<Record<string, RuleSetting>>): RuleSetting {
  const threshold = RULES[id].threshold;
  const found = stored[id];
  return {
    enabled: found?.enabled ?? false,
    ...(threshold ? { threshold: found?.threshold ?? threshold.default } : {}),
  };
}
