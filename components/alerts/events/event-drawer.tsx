"use client";
import { CopyButton } from "@/components/ui/copy-button";
import { Drawer } from "@/components/ui/drawer";
import type { AlertEvent } from "@/lib/contracts";
import { wallTimeSeconds, zoneLabel } from "@/lib/shared/time-zone";
import { EventChain } from "./event-chain";

/**
 * One event: its delivery attempts, its transaction as the chain has it and the other alerts of that
 * transaction, then its whole record as the upstream sent it (unknown fields included), as JSON.
 */
export function EventDrawer({
  webhookId,
  event,
  tz,
  onClose,
}: {
  webhookId: string;
  event: AlertEvent | null;
  tz: string;
  onClose: () => void;
}) {
  const json = event ? JSON.stringify(event, null, 2) : "";
  return (
    <Drawer
      open={event !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={event ? `Event ${event.id}` : ""}
      description={
        event
          ? `${event.deliveryStatus} · raised ${wallTimeSeconds(event.createdAt, tz)} ${zoneLabel(tz, new Date(event.createdAt))}`
          : undefined
      }
    >
      {event ? <EventChain webhookId={webhookId} event={event} tz={tz} /> : null}
      {event ? (
        <div className="mt-4 space-y-2">
          <div className="flex items-center gap-2">
            <h3 className="text-sm font-semibold">The whole record</h3>
            <CopyButton value={json} label="event JSON" />
          </div>
          <pre
            className="overflow-auto rounded border border-border bg-surface-2 p-3 font-mono text-xs whitespace-pre-wrap break-all"
            aria-label="Event record JSON"
            tabIndex={0}
          >
            {json}
          </pre>
        </div>
      ) : null}
    </Drawer>
  );
}
