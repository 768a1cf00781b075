"use client";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { queryKeys } from "@/lib/shared/query-keys";
import { replaySelected } from "@/server/actions/alerts";

/** Replays the selected failed events and says, in ids, which were queued and which refused. */
export function ReplaySelected({
  webhookId,
  selected,
  onDone,
  label,
}: {
  webhookId: string;
  selected: string[];
  onDone: () => void;
  /** The button's words; by default "Replay selected (n)". */
  label?: string;
}) {
  const [outcome, setOutcome] = useState<{ queued: string[]; refused: string[] }>();
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
          replay.run({ webhookId, eventIds: selected });
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
      {outcome ? (
        <div role="status" className="rounded border border-border bg-surface p-3 text-sm" data-testid="replay-outcome">
          <p>
            <strong>{outcome.queued.length}</strong> queued for delivery
            {outcome.refused.length > 0 ? (
              <>
                , <strong>{outcome.refused.length}</strong> refused (not failed, unknown, or already replayed)
              </>
            ) : null}
            .
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
