import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { WebhookSummary } from "@/lib/alerts/views";

/** The chain watchdog's findings of a webhook's last day, linked to its watchdog. */
export function WatchdogCount({ webhook }: { webhook: WebhookSummary }) {
  if (webhook.watchdogFindings === null) return <span className="text-xs text-muted">not counted</span>;
  const href = `/alerts/${encodeURIComponent(webhook.id)}/watchdog`;
  const n = webhook.watchdogFindings;
  return (
    <Link
      href={href}
      className="shrink-0 hover:underline"
      aria-label={`${n === 0 ? "No" : n} confirmation${n === 1 ? "" : "s"} missing in the last day: chain watchdog`}
    >
      <Badge tone={n === 0 ? "success" : "danger"}>
        {n === 0 ? "all confirmed" : `${n.toLocaleString("en")} confirmation${n === 1 ? "" : "s"} missing`}
      </Badge>
    </Link>
  );
}
