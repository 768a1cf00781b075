import "server-only";
import type { RuleId } from "@/lib/notifications/rules";
import { auditChainFinder } from "./audit-chain";
import { dropHorizonFinder } from "./drop-horizon";
import { scheduledExportFinder } from "./scheduled-export";
import type { Finder } from "./types";
import { watchdogFinder } from "./watchdog";
import { webhookHealthFinder } from "./webhook-health";

/** Each rule's finder (lib/notifications/rules.ts names the rules). */
export const FINDERS: Record<RuleId, Finder> = {
  "drop-horizon": dropHorizonFinder,
  watchdog: watchdogFinder,
  "webhook-health": webhookHealthFinder,
  "audit-chain": auditChainFinder,
  "scheduled-export": scheduledExportFinder,
};
