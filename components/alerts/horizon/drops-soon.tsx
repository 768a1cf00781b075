import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { WebhookSummary } from "@/lib/alerts/views";

/**
 * How many of a webhook's failures will be dropped within the day (and hour) unless replayed: still being
 * retried, none lost yet. Linked to its drop horizon.
 */
export function DropsSoon({ webhook }: { webhook: WebhookSummary }) {
  if (webhook.dropsWithinDay === null) return <span className="text-xs text-muted">not counted</span>;
  const href = `/alerts/${encodeURIComponent(webhook.id)}/horizon`;
  if (webhook.dropsWithinDay === 0)
    return (
      <Link href={href} className="hover:underline" aria-label="None to be dropped within a day: drop horizon">
        <Badge tone="success">none to drop within a day</Badge>
      </Link>
    );
  const hour = webhook.dropsWithinHour ?? 0;
  return (
    <Link
      href={href}
      className="shrink-0 hover:underline"
      aria-label={`${webhook.dropsWithinDay} to be dropped within a day unless replayed, ${hour} within the hour: drop horizon`}
    >
      <Badge tone={hour > 0 ? "danger" : "warning"}>
        {webhook.dropsWithinDay.toLocaleString("en")} to be dropped within a day
        {hour > 0 ? `, ${hour.toLocaleString("en")} within the hour` : ""}
      </Badge>
    </Link>
  );
}
