"use client";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { RunLimitNotice } from "@/components/jobs/run-limit-notice";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { AlertEvent } from "@/lib/contracts/alerts";
import { queryKeys } from "@/lib/shared/query-keys";
import { replaySelected } from "@/server/actions/alerts";
import type { ReplayOutcomeData } from "./replay-outcome";

type Selected = Pick<AlertEvent, "id" | "createdAt">;

/** The selection's first and last creation times: where the receipts' follower reads the events. */
function windowOf(events: readonly Selected[]) {
  if (events.length === 0) return null;
  const times = events.map((e) => Date.parse(e.createdAt));
  return { from: new Date(Math.min(...times)).toISOString(), until: new Date(Math.max(...times)).toISOString() };
}

/**
 * Replays the selected failed events after a confirmation that says what will happen (the receiver
 * gets each again at once). A refusal (over the person's budget, too many replays followed) is said in
 * the dialog; what was queued and refused goes to `onOutcome`, for the page to show below its actions
 * (./replay-outcome.tsx), with a link to the replay's receipts.
 */
export function ReplaySelected({
  webhookId,
  selected,
  onDone,
  onOutcome,
  label,
}: {
  webhookId: string;
  selected: readonly Selected[];
  onDone: () => void;
  onOutcome: (outcome: ReplayOutcomeData | undefined) => void;
  /** The button's words; by default "Replay selected (n)". */
  label?: string;
}) {
  const [asking, setAsking] = useState(false);
  const count = selected.length;
  const replay = useAction(replaySelected, {
    errors: "inline",
    invalidate: [queryKeys.alerts.all],
    onSuccess: (r) => {
      setAsking(false);
      onOutcome(r);
      onDone();
    },
  });
  const events = `${count.toLocaleString("en")} failed event${count === 1 ? "" : "s"}`;
  return (
    <>
      <Button
        variant="primary"
        disabled={count === 0 || replay.pending}
        onClick={() => {
          replay.reset();
          setAsking(true);
        }}
      >
        <RotateCcw className="size-4" aria-hidden />
        {replay.pending ? "Replaying…" : (label ?? `Replay selected (${count})`)}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Replay ${events}?`}
        confirmLabel={`Replay ${count === 1 ? "it" : "them"}`}
        tone="primary"
        pending={replay.pending}
        error={replay.formError}
        onConfirm={() => {
          onOutcome(undefined);
          replay.run({ webhookId, eventIds: selected.map((e) => e.id), window: windowOf(selected) });
        }}
      >
        <p>
          The webhook&apos;s receiver gets {count === 1 ? "it" : "each"} again now. The console follows what{" "}
          {count === 1 ? "it comes" : "each comes"} to on the replay&apos;s receipts page.
        </p>
        {/* Over the limit of replays being followed: the person's runs, each with Cancel. */}
        <RunLimitNotice error={replay.error} />
      </ConfirmDialog>
    </>
  );
}
