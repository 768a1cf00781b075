import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { WebhookSummary } from "@/lib/alerts/views";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/**
 * The chain watchdog's counts of a webhook's last day, each linked to its watchdog: confirmations that
 * never came, and confirmed transactions the chain disagrees with.
 */
export function WatchdogCount({ webhook }: { webhook: WebhookSummary }) {
  if (webhook.watchdogFindings === null) return <span className="text-xs text-muted">not counted</span>;
  const href = `/alerts/${encodeURIComponent(webhook.id)}/watchdog`;
  const missing = webhook.watchdogFindings;
  const disputed = webhook.watchdogDisputed ?? 0;
  const words = [
    ...(missing > 0 ? [plural(missing, "confirmation missing", "confirmations missing")] : []),
    ...(disputed > 0 ? [plural(disputed, "disputed by the chain", "disputed by the chain")] : []),
  ];
  // Each count links to the watchdog; a link's name is its text, then where it leads (seen is what is announced).
  return (
    <span className="flex shrink-0 flex-wrap gap-1">
      {(words.length === 0 ? ["all confirmed"] : words).map((w) => (
        <Link key={w} href={href} className="hover:underline">
          <Badge tone={words.length === 0 ? "success" : "danger"}>{w}</Badge>
          <span className="sr-only"> in the last day: chain watchdog</span>
        </Link>
      ))}
    </span>
  );
}
