import type { WebhookSummary } from "@/lib/alerts/views";

/**
 * Beside a webhook's summary figures (the webhooks list, the overview): how many test-activity events they
 * left out, and how many events they could not classify yet. `of` picks the figures it speaks for: the
 * failures and the drop horizon, the watchdog's, or all of them (the overview's one line). Nothing when
 * there is nothing to say.
 */
export function SummaryLeftOut({
  webhook,
  of = "all",
}: {
  webhook: WebhookSummary;
  of?: "failures" | "watchdog" | "all";
}) {
  const parts: string[] = [];
  if (of !== "watchdog") {
    const failed = webhook.failedTestLeftOut ?? 0;
    const drops = webhook.dropsTestLeftOut ?? 0;
    if (failed > 0) parts.push(`${failed.toLocaleString("en")} test failures left out`);
    if (drops > 0 && drops !== failed) parts.push(`${drops.toLocaleString("en")} from the drop horizon`);
    if (webhook.testUnclassified > 0) parts.push(`${webhook.testUnclassified.toLocaleString("en")} not yet classified`);
  }
  const watchdog = of === "failures" ? 0 : (webhook.watchdogTestLeftOut ?? 0);
  if (watchdog > 0)
    parts.push(`${watchdog.toLocaleString("en")} test alerts set aside${of === "all" ? " by the watchdog" : ""}`);
  if (parts.length === 0) return null;
  return (
    <span
      className="text-xs text-muted"
      data-testid={of === "watchdog" ? "watchdog-test-left-out" : "summary-test-left-out"}
    >
      {parts.join(" · ")}
    </span>
  );
}
