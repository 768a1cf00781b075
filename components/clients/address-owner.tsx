"use client";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useAction } from "@/components/hooks/use-action";
import { useJobRun } from "@/components/hooks/use-job-run";
import { isActive, type JobRunView } from "@/lib/jobs";
import { shortAddress } from "@/lib/shared/format";
import { queryKeys } from "@/lib/shared/query-keys";
import { findClientByAddress } from "@/server/actions/clients";

type Found = { matches: string[]; scanned: number };
/** The zero address: the "from" of a mint and the "to" of a burn, owned by no one. */
const ZERO = /^0x0{40}$/i;

/**
 * An address with the client that owns it, found on request: the API has no search, so the console's
 * address scan (a server job shared by whoever looks up the same address) reads every client. Shows
 * the scan's progress, then a link to the client, or that none owns it. Every place on the page that shows
 * the same address follows the one scan: asked once, answered in every row.
 */
export function AddressOwner({ address }: { address: string }) {
  const queryClient = useQueryClient();
  const scanKey = queryKeys.clients.ownerScan(address);
  const runId = useQuery<string>({ queryKey: scanKey, queryFn: skipToken, staleTime: Infinity }).data;
  const start = useAction(findClientByAddress, {
    errors: "inline",
    onSuccess: (r) => {
      const run = r as JobRunView<Found>;
      queryClient.setQueryData(queryKeys.jobs.run(run.id), run);
      queryClient.setQueryData(scanKey, run.id);
    },
  });
  const current = useJobRun<Found>(runId).data;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 font-mono text-xs">
      <span title={address}>{shortAddress(address)}</span>
      {ZERO.test(address) ? (
        <span className="font-sans text-muted">(no one: tokens minted or burned)</span>
      ) : !runId && !start.pending && !start.formError ? (
        <button
          type="button"
          onClick={() => start.run({ address })}
          className="rounded px-1 font-sans text-accent underline decoration-dotted underline-offset-2 hover:bg-surface-2"
          aria-label={`Find client that owns ${address}`}
          title="Scan every client for the one that owns this address"
        >
          Find client
        </button>
      ) : null}
      <span role="status" className="font-sans text-muted">
        {start.formError ? (
          <span className="text-danger">{start.formError}</span>
        ) : start.pending || (current && isActive(current)) ? (
          `scanning clients${current?.total ? ` (${current.done.toLocaleString("en")} of ${current.total.toLocaleString("en")})` : "…"}`
        ) : current?.status === "succeeded" && current.result ? (
          current.result.matches.length === 0 ? (
            "no client owns it"
          ) : (
            current.result.matches.map((id) => (
              <Link key={id} href={`/clients/${encodeURIComponent(id)}`} className="mr-1 text-accent underline">
                client {shortAddress(id, 6, 4)}
              </Link>
            ))
          )
        ) : current && !isActive(current) ? (
          <span className="text-danger">{current.error ?? "the search stopped"}</span>
        ) : null}
      </span>
    </span>
  );
}
