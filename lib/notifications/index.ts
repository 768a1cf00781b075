/** The notifications section's forms and view, shared by the users page and its server actions. */
import { z } from "zod";
import { destinationUrlSchema, NOTIFY_FORMATS, type NotifyFormat } from "./destination";
import { RULE_IDS, RULES, type RuleId } from "./rules";

/** An empty URL clears the admin's destination (CONSOLE_NOTIFY_URL applies again, if set). */
export const saveDestinationSchema = z.object({
  url: z.union([z.literal(""), destinationUrlSchema]),
  format: z.enum(NOTIFY_FORMATS, { message: "Choose a format" }),
});

export const saveRuleSchema = z
  .object({
    rule: z.enum(RULE_IDS, { message: "Unknown rule" }),
    enabled: z.boolean(),
    threshold: z.number({ message: "Enter a number" }).int("Enter a whole number").optional(),
  })
  .superRefine((value, ctx) => {
    const bounds = RULES[value.rule].threshold;
    if (!bounds || value.threshold === undefined) return;
    if (value.threshold < bounds.min || value.threshold > bounds.max)
      ctx.addIssue({
        code: "custom",
        path: ["threshold"],
        message: `Between ${bounds.min} and ${bounds.max} ${bounds.unit}`,
      });
  });

export const noInputSchema = z.object({});

export type SendStatus = "pending" | "sent" | "gave-up";

export interface NotificationSendView {
  id: string;
  createdAt: string;
  rule: RuleId | "test";
  /** What the finding is about: a webhook id, "audit-chain", or "test". */
  subject: string;
  state: "firing" | "resolved" | "test";
  status: SendStatus;
  /** The receiver's last HTTP status; null when it did not answer (or not yet asked). */
  httpStatus: number | null;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

export interface NotificationsView {
  destination: {
    /** Scheme, host and path (never the query); null when nothing is set. */
    shown: string | null;
    /** Who set it: an admin on this page, CONSOLE_NOTIFY_URL, or nobody (off). */
    source: "admin" | "environment" | null;
    format: NotifyFormat;
    /** Whether a signing secret exists (it is never shown again). */
    hasSecret: boolean;
    updatedByEmail: string | null;
    updatedAt: string | null;
    /** A destination an admin set that is gone from the vault (deleted outside the console): who set it, when. */
    lost: { shown: string; by: string | null; at: string } | null;
    /**
     * The vault holds a URL the newest record did not set (an older one put back from a backup, or one an admin
     * cleared): nothing is sent there. `held` is the vault's, `shown` what the record set (null: cleared).
     */
    restored: { held: string; shown: string | null; by: string | null; at: string } | null;
  };
  rules: { id: RuleId; enabled: boolean; threshold?: number }[];
  /** The newest pass that ended (the rules checked, due messages sent), if any. */
  lastPass: { finishedAt: string; status: string } | null;
  /** Findings standing now, by rule. */
  firing: Partial<Record<RuleId, number>>;
  sends: NotificationSendView[];
}
