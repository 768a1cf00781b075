import type { WebhookSummary } from "@/lib/alerts/views";

/**
 * Beside a webhook's summary figures (the webhooks list, the overview): how many test-activity events they
 * left out, and how many events they could not classify yet. Nothing when there is nothing to say.
 */
export function SummaryLeftOut({ webhook }: { webhook: WebhookSummary }) {
  const failed = webhook.failedTestLeftOut ?? 0;
  const drops = webhook.dropsTestLeftOut ?? 0;
  const parts: string[] = [];
  if (failed > 0) parts.push(`${failed.toLocaleString("en")} test failures left out`);
  if (drops > 0 && drops !== failed) parts.push(`${drops.toLocaleString("en")} from the drop horizon`);
  const watchdog = webhook.watchdogTestLeftOut ?? 0;
  if (watchdog > 0) parts.push(`${watchdog.toLocaleString("en")} test alerts set aside by the watchdog`);
  if (webhook.testUnclassified > 0) parts.push(`${webhook.testUnclassified.toLocaleString("en")} not yet classified`);
  if (parts.length === 0) return null;
  return (
    <span className="text-xs text-muted" data-testid="summary-test-left-out">
      {parts.join(" · ")}
    </span>
  );
}
