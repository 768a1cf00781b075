import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import type { AlertWebhook } from "@/lib/contracts";

/** The header of a page about one webhook: what it shows of the webhook, then a link to all its events. */
export function WebhookHeader({
  title,
  webhook,
  children,
}: {
  title: string;
  webhook: AlertWebhook;
  children: ReactNode;
}) {
  return (
    <PageHeader
      title={title}
      description={
        <>
          {children}{" "}
          <Link href={`/alerts/${encodeURIComponent(webhook.id)}`} className="text-accent underline underline-offset-2">
            All events of this webhook
          </Link>
        </>
      }
    />
  );
}
