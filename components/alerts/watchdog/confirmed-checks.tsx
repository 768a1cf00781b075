"use client";
import { useMemo } from "react";
import { ZonedTime } from "@/components/alerts/event-cells";
import { DataTable } from "@/components/data-table/data-table";
import type { WatchdogReport } from "@/lib/alerts/watchdog";
import { confirmedCheckColumns } from "./confirmed-checks-columns";

/**
 * The transactions whose confirmed alerts all came, asked of the chain: the upstream said "confirmed",
 * and the chain now disagrees (a reorganisation after the confirmed alert, a revert, fewer blocks on
 * top than the depth the alert stood for).
 */
export function ConfirmedChecks({
  webhookId,
  tz,
  checks,
}: {
  webhookId: string;
  tz: string;
  checks: WatchdogReport["confirmedChecks"];
}) {
  const cols = useMemo(() => confirmedCheckColumns(webhookId, tz), [webhookId, tz]);
  const scope =
    checks.asked === checks.of
      ? `all ${checks.of.toLocaleString("en")}`
      : `${checks.asked.toLocaleString("en")} of ${checks.of.toLocaleString("en")}`;
  return (
    <section aria-labelledby="confirmed-checks" className="space-y-2">
      <h2 id="confirmed-checks" className="text-base font-semibold">
        Confirmed, and asked of the chain
      </h2>
      <p className="text-sm text-muted" data-testid="confirmed-checks">
        Transactions of the watched day whose confirmed alerts all came: {scope} asked of the chain through the
        upstream&apos;s gateway, each once, the oldest first
        {checks.oldestUnasked ? (
          <>
            {" "}
            (every one first alerted before <ZonedTime iso={checks.oldestUnasked} tz={tz} /> asked; the rest in the next
            minutes)
          </>
        ) : null}
        .{" "}
        {checks.disputed.length === 0
          ? "Each is on the chain, succeeded, and at least its depth deep."
          : `${checks.disputed.length.toLocaleString("en")} the chain disagrees with:`}
        {checks.unknown > 0 ? ` ${checks.unknown.toLocaleString("en")} could not be asked.` : ""}
      </p>
      {checks.disputed.length > 0 ? (
        <DataTable
          caption="Confirmed transactions the chain disagrees with, newest first"
          columns={cols}
          data={checks.disputed}
          getRowId={(d) => d.event.id}
        />
      ) : null}
    </section>
  );
}
