"use client";
import { RotateCcw } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { RunLimitNotice } from "@/components/jobs/run-limit-notice";
import { Button } from "@/components/ui/button";
import type { AlertEvent } from "@/lib/contracts/alerts";
import { queryKeys } from "@/lib/shared/query-keys";
import { replaySelected } from "@/server/actions/alerts";

type Selected = Pick<AlertEvent, "id" | "createdAt">;

/** The selection's first and last creation times: where the receipts' follower reads the events. */
function windowOf(events: readonly Selected[]) {
  if (events.length === 0) return null;
  const times = events.map((e) => Date.parse(e.createdAt));
  return { from: new Date(Math.min(...times)).toISOString(), until: new Date(Math.max(...times)).toISOString() };
}

/**
 * Replays the selected failed events and says, in ids, which were queued and which refused, with a
 * link to the replay's receipts (what each event came to, followed on the server). A replay over
 * the person's budget is refused before anything is sent, and the refusal says what to do.
 */
export function ReplaySelected({
  webhookId,
  selected,
  onDone,
  label,
}: {
  webhookId: string;
  selected: readonly Selected[];
  onDone: () => void;
  /** The button's words; by default "Replay selected (n)". */
  label?: string;
}) {
  const [outcome, setOutcome] = useState<{ queued: string[]; refused: string[]; runId: string | null }>();
  const replay = useAction(replaySelected, {
    errors: "inline",
    invalidate: [queryKeys.alerts.all],
    onSuccess: (r) => {
      setOutcome(r);
      onDone();
    },
  });
  return (
    <div className="space-y-2">
      <Button
        variant="primary"
        disabled={selected.length === 0 || replay.pending}
        onClick={() => {
          setOutcome(undefined);
          replay.run({ webhookId, eventIds: selected.map((e) => e.id), window: windowOf(selected) });
        }}
      >
        <RotateCcw className="size-4" aria-hidden />
        {replay.pending ? "Replaying…" : (label ?? `Replay selected (${selected.length})`)}
      </Button>
      {replay.formError ? (
        <p role="alert" className="text-sm text-danger">
          {replay.formError}
        </p>
      ) : null}
      {/* Over the limit of replays being followed: the person's runs, each with Cancel. */}
      <RunLimitNotice error={replay.error} />
      {outcome ? (
        <div role="status" className="rounded border border-border bg-surface p-3 text-sm" data-testid="replay-outcome">
          <p>
            <strong>{outcome.queued.length}</strong> queued for delivery
            {outcome.refused.length > 0 ? (
              <>
                , <strong>{outcome.refused.length}</strong> refused (not failed, unknown, or already replayed)
              </>
            ) : null}
            .{" "}
            {outcome.runId ? (
              <Link
                href={`/alerts/${encodeURIComponent(webhookId)}/replays/${outcome.runId}`}
                className="text-accent underline underline-offset-2"
              >
                Follow the receipts
              </Link>
            ) : null}
          </p>
          {outcome.queued.length > 0 ? (
            <p className="mt-1 text-xs break-all text-muted">Queued: {outcome.queued.join(", ")}</p>
          ) : null}
          {outcome.refused.length > 0 ? (
            <p className="mt-1 text-xs break-all text-danger">Refused: {outcome.refused.join(", ")}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
