"use client";
import { ListRestart } from "lucide-react";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { RunLimitNotice } from "@/components/jobs/run-limit-notice";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { REPLAY_BATCH_SIZE, REPLAY_SAMPLE_SIZE, type ReplayAllResult, type ReplayDryRun } from "@/lib/alerts/replay";
import { chainLabel } from "@/lib/chains";
import type { JobRunView } from "@/lib/jobs";
import { wallTimeSeconds } from "@/lib/shared/time-zone";
import { replayAllDryRun, startReplayAll } from "@/server/actions/alerts-replay";

/**
 * "Replay all failed matching this filter": a dry run that counts them and shows the newest, a
 * typed confirmation above the threshold, then a job on the server that replays them in batches
 * (progress, Cancel, one audit record with the counts).
 */
export function ReplayAll({
  webhookId,
  query,
  tz,
  label,
  scope,
  disabled,
  onStarted,
}: {
  webhookId: string;
  query: string;
  tz: string;
  /** The button's words: the set it replays from ("Replay all failed events on Sepolia…"). */
  label: string;
  /** The applied filters in words (" on Sepolia from …"), empty for the whole webhook. */
  scope: string;
  /** The form shows filters not applied yet. */
  disabled: boolean;
  /** The job started: the parent shows its progress below the toolbar. */
  onStarted: (run: JobRunView<ReplayAllResult>) => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const dry = useAction(replayAllDryRun, { errors: "inline" });
  const start = useAction(startReplayAll, {
    errors: "inline",
    onSuccess: (started) => {
      onStarted(started);
      setOpen(false);
    },
  });
  const preview: ReplayDryRun | undefined = dry.data;
  const confirmed = !preview?.confirmation || typed.trim() === preview.confirmation;

  return (
    <>
      <Button
        disabled={disabled}
        aria-haspopup="dialog"
        className="h-auto min-h-9 py-1.5 text-left whitespace-normal"
        onClick={() => {
          setOpen(true);
          setTyped("");
          start.reset();
          dry.run({ webhookId, filters: query });
        }}
      >
        <ListRestart className="size-4 shrink-0" aria-hidden />
        {label}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Replay all failed events matching these filters"
        description={`Failed deliveries of ${scope ? `the events${scope}` : "every event of this webhook"}. Only failed deliveries are replayed; events that arrive after this count are left out.`}
      >
        {dry.pending ? (
          <p role="status" className="text-sm text-muted">
            Counting the failed events that match…
          </p>
        ) : dry.formError ? (
          <FormError message={dry.formError} />
        ) : preview ? (
          <form
            className="space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (preview.count > 0 && confirmed)
                start.run({
                  webhookId,
                  filters: query,
                  until: preview.until,
                  ...(preview.confirmation ? { confirm: typed.trim() } : {}),
                });
            }}
          >
            <p className="text-sm" data-testid="replay-all-count">
              {preview.count === 0 ? (
                "No failed event matches these filters: there is nothing to replay."
              ) : (
                <>
                  <strong>{preview.count.toLocaleString("en")}</strong> failed event{preview.count === 1 ? "" : "s"} up
                  to {wallTimeSeconds(preview.until, tz)} ({tz}) will be sent to the replay endpoint in batches of{" "}
                  {REPLAY_BATCH_SIZE}.
                </>
              )}
            </p>
            {preview.testActivity ? (
              <p className="text-xs text-muted" data-testid="replay-all-test">
                {preview.testActivity.mode === "exclude"
                  ? "Test activity is left out as the run goes: the count above still includes it"
                  : "Only test activity is replayed, picked out as the run goes: the count above includes every other failed event"}
                {` (${preview.testActivity.sampleLeftOut} of the newest ${REPLAY_SAMPLE_SIZE} left out).`}
              </p>
            ) : null}
            {preview.sample.length > 0 ? (
              <div>
                <p className="mb-1 text-xs font-medium text-muted">
                  The newest {preview.sample.length < preview.count ? `${preview.sample.length} of them` : "of them"}
                </p>
                <ul
                  className="max-h-48 overflow-auto rounded border border-border text-xs"
                  aria-label="Sample"
                  tabIndex={0}
                >
                  {preview.sample.map((e) => (
                    <li key={e.id} className="flex flex-wrap gap-x-3 border-b border-border px-2 py-1 last:border-0">
                      <span className="font-mono">{e.id}</span>
                      <span>{wallTimeSeconds(e.createdAt, tz)}</span>
                      <span className="text-muted">{chainLabel(e.chainId)}</span>
                      {e.errorMessage ? <span className="text-danger">{e.errorMessage}</span> : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {preview.confirmation ? (
              <Field
                id="replay-confirm"
                label={`Type ${preview.confirmation} to confirm`}
                error={start.fieldErrors.confirm}
              >
                <Input
                  id="replay-confirm"
                  value={typed}
                  autoComplete="off"
                  onChange={(e) => setTyped(e.target.value)}
                  aria-invalid={Boolean(start.fieldErrors.confirm)}
                />
              </Field>
            ) : null}
            <FormError message={start.fieldErrors.confirm ? undefined : start.formError} />
            <RunLimitNotice error={start.error} />
            <div className="flex justify-end gap-2">
              <Button onClick={() => setOpen(false)}>Cancel</Button>
              <Button type="submit" variant="primary" disabled={preview.count === 0 || !confirmed || start.pending}>
                {start.pending ? "Starting…" : `Replay ${preview.count.toLocaleString("en")} events`}
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>
    </>
  );
}
