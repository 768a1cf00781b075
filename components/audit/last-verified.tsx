"use client";
import { useQuery } from "@tanstack/react-query";
import { useNow } from "@/components/ui/countdown";
import type { LastVerifiedView } from "@/lib/audit/last-verified";
import { lastVerifiedUrl } from "@/lib/audit/routes";
import { utc } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/** Beyond this the hourly sweep has missed a pass: said beside the time. */
const SWEEP_LATE_MS = 2 * 60 * 60_000;

/**
 * When the whole log was last verified, and by what: every instance walks it hourly, and a Verify of the
 * whole chain counts too. A time much older than an hour says the sweep has stopped.
 */
export function LastVerifiedLine() {
  const now = useNow();
  const last = useQuery({
    queryKey: queryKeys.audit.lastVerified(),
    queryFn: () => fetchJson<LastVerifiedView>(lastVerifiedUrl()),
  });
  if (last.isError)
    return (
      <p role="alert" className="text-xs text-danger" data-testid="chain-last-verified">
        When the log was last verified could not be read: {last.error.message}
      </p>
    );
  if (!last.data) return null;
  const verified = last.data.lastVerified;
  if (!verified)
    return (
      <p className="text-xs text-muted" data-testid="chain-last-verified">
        The whole log has not been verified yet: each instance walks it a minute after it starts and hourly after.
      </p>
    );
  const late = now > 0 && now - Date.parse(verified.at) > SWEEP_LATE_MS;
  return (
    <p className="text-xs text-muted" data-testid="chain-last-verified">
      Whole log last verified at <time dateTime={verified.at}>{utc(verified.at)}</time>
      {verified.by === "sweep" ? " by the hourly sweep" : " by a Verify"}: {verified.count.toLocaleString("en")} record
      {verified.count === 1 ? "" : "s"}, to #{verified.lastSeq}.
      {late ? (
        <span className="font-medium text-warning"> More than two hours ago: the sweep may have stopped.</span>
      ) : null}
    </p>
  );
}
