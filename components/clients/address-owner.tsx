"use client";
import Link from "next/link";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { useJobRun } from "@/components/hooks/use-job-run";
import { isActive, type JobRunView } from "@/lib/jobs";
import { shortAddress } from "@/lib/shared/format";
import { findClientByAddress } from "@/server/actions/clients";

type Found = { matches: string[]; scanned: number };

/**
 * An address with the client that owns it, found on request: the API has no search, so the console's
 * address scan (a server job shared by whoever looks up the same address) reads every client. Shows
 * the scan's progress, then a link to the client, or that none owns it.
 */
export function AddressOwner({ address }: { address: string }) {
  const [run, setRun] = useState<JobRunView<Found>>();
  const start = useAction(findClientByAddress, { errors: "inline", onSuccess: (r) => setRun(r as JobRunView<Found>) });
  const job = useJobRun<Found>(run?.id, run);
  const current = job.data;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 font-mono text-xs">
      <span title={address}>{shortAddress(address)}</span>
      {!run && !start.pending && !start.formError ? (
        <button
          type="button"
          onClick={() => start.run({ address })}
          className="rounded px-1 font-sans text-accent underline decoration-dotted underline-offset-2 hover:bg-surface-2"
          aria-label={`Find the client that owns ${address}`}
        >
          client?
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
