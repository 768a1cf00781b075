"use client";
import { CalendarClock } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import type { ExportFormat } from "@/lib/alerts/export-formats";
import { CADENCES, CADENCE_LABELS, type Cadence } from "@/lib/alerts/schedules";
import { utc } from "@/lib/shared/format";
import { queryKeys } from "@/lib/shared/query-keys";
import { createExportSchedule } from "@/server/actions/alerts-schedules";

/**
 * "Repeat it": the applied filters saved as a schedule, exported for every day, week or month that
 * ends in the zone chosen (the range filters are left out: each run's range is its period).
 */
export function ScheduleForm({
  webhookId,
  query,
  format,
  zone,
  disabled,
}: {
  webhookId: string;
  query: string;
  format: ExportFormat;
  /** The events page's zone, the first choice. */
  zone: string;
  disabled: boolean;
}) {
  const [cadence, setCadence] = useState<Cadence>("daily");
  const [timeZone, setTimeZone] = useState(zone);
  const [includeLastPeriod, setIncludeLastPeriod] = useState(true);
  const save = useAction(createExportSchedule, {
    errors: "inline",
    fields: ["timeZone"],
    invalidate: [queryKeys.alerts.schedules()],
  });
  return (
    <form
      className="space-y-3 border-t border-border pt-3"
      aria-label="Repeat this export"
      onSubmit={(e) => {
        e.preventDefault();
        save.run({ webhookId, filters: query, format, cadence, timeZone: timeZone.trim(), includeLastPeriod });
      }}
    >
      <h3 className="text-xs font-medium text-muted">Repeat it</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="schedule-cadence" label="Every">
          <Select id="schedule-cadence" value={cadence} onChange={(e) => setCadence(e.target.value as Cadence)}>
            {CADENCES.map((c) => (
              <option key={c} value={c}>
                {CADENCE_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="schedule-zone" label="Time zone of the periods" error={save.fieldErrors.timeZone}>
          <Input
            id="schedule-zone"
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={save.fieldErrors.timeZone ? true : undefined}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={includeLastPeriod} onChange={(e) => setIncludeLastPeriod(e.target.checked)} />
        Also export the period that has just ended, now
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={disabled || save.pending}>
          <CalendarClock className="size-4" aria-hidden /> {save.pending ? "Saving…" : "Save schedule"}
        </Button>
        {save.data ? (
          <p className="text-sm" role="status">
            Saved: the first run covers {utc(save.data.firstPeriod.start)} to {utc(save.data.firstPeriod.end)} UTC.{" "}
            <Link href="/alerts/schedules" className="text-accent hover:underline">
              Scheduled exports
            </Link>
          </p>
        ) : null}
      </div>
      <FormError message={save.formError} />
    </form>
  );
}
