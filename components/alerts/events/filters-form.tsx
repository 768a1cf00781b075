"use client";
import { X } from "lucide-react";
import type { FormEvent } from "react";
import { useLocalZone } from "@/components/hooks/use-local-zone";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { validateEventFilters, type EventFilterState, type FilterErrors } from "@/lib/alerts/filters";
import { EVENT_PAGE_SIZES } from "@/lib/alerts/search-params";
import { DELIVERY_STATUSES } from "@/lib/contracts/alert-values";
import type { DeliveryStatus } from "@/lib/contracts/alerts";
import { parseWallTime, startOfDayIn, UTC, wallTime, zoneLabel } from "@/lib/shared/time-zone";
import { EventChainsSelect } from "./chain-select";
import { draftOf, type Draft, type FilterDraft } from "./use-filter-draft";

/**
 * Every parameter of the spec's events query as a filter. Values are checked here before the URL
 * changes (so nothing invalid is ever requested), with a message beside each field; times are typed
 * and shown in the zone the switch names, and the switch also applies to the table and the exports.
 * The draft is the parent's, so the page knows when the form shows filters not applied yet.
 */
export function FiltersForm({
  state,
  edit,
  urlErrors,
  onApply,
}: {
  state: EventFilterState;
  edit: FilterDraft;
  urlErrors: FilterErrors;
  onApply: (next: Partial<EventFilterState>) => void;
}) {
  const { draft, setDraft, errors, setErrors, dirty, discard } = edit;
  const shown: Record<string, string | undefined> = { ...urlErrors, ...errors };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function candidate(d: Draft): { next?: EventFilterState; problems: Record<string, string> } {
    const problems: Record<string, string> = {};
    const from = d.fromText.trim() ? parseWallTime(d.fromText, d.tz) : undefined;
    const to = d.toText.trim() ? parseWallTime(d.toText, d.tz) : undefined;
    if (d.fromText.trim() && !from) problems.from = "Write it as 2026-11-21 09:30 (24-hour)";
    if (d.toText.trim() && !to) problems.to = "Write it as 2026-11-21 17:45 (24-hour)";
    const next: EventFilterState = {
      type: d.type,
      status: d.status,
      from: from?.toISOString() ?? null,
      to: to?.toISOString() ?? null,
      tz: d.tz,
      hash: d.hash?.trim() || null,
      blocks: d.blocks?.trim() || null,
      chains: d.chains,
      limit: d.limit,
      test: state.test,
    };
    const { errors: invalid } = validateEventFilters(next);
    return Object.keys({ ...problems, ...invalid }).length > 0
      ? { problems: { ...invalid, ...problems } }
      : { next, problems };
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { next, problems } = candidate(draft);
    setErrors(problems);
    if (next) onApply(next);
  }

  /** A range ending now, starting at the start of a day in the chosen zone. */
  function preset(daysBack: number | "24h") {
    const now = new Date();
    const start =
      daysBack === "24h"
        ? new Date(now.getTime() - 24 * 3600_000)
        : new Date(startOfDayIn(now, draft.tz).getTime() - daysBack * 86_400_000);
    setDraft((d) => ({ ...d, fromText: wallTime(start, d.tz), toText: wallTime(now, d.tz) }));
  }

  /** Switching zones keeps the instants and rewrites what the fields show. */
  function switchZone(tz: string) {
    const from = draft.fromText.trim() ? parseWallTime(draft.fromText, draft.tz) : undefined;
    const to = draft.toText.trim() ? parseWallTime(draft.toText, draft.tz) : undefined;
    const next = {
      ...draft,
      tz,
      fromText: from ? wallTime(from, tz) : draft.fromText,
      toText: to ? wallTime(to, tz) : draft.toText,
    };
    setDraft(next);
    // The zone also applies to the table at once.
    const { next: applied } = candidate(next);
    if (applied) onApply({ tz: applied.tz, from: applied.from, to: applied.to });
  }

  const local = useLocalZone();
  // UTC, the browser's own zone, and a third one when a shared link names it.
  const zones = [...new Set([UTC, ...(local ? [local] : []), draft.tz])];
  const zone = zoneLabel(draft.tz);
  return (
    <form
      onSubmit={apply}
      noValidate
      aria-label="Filter events"
      className="grid gap-3 rounded border border-border bg-surface p-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs font-medium text-muted">Delivery status</legend>
        <div className="flex flex-wrap gap-3 text-sm">
          {DELIVERY_STATUSES.map((s) => (
            <label key={s} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={draft.status.includes(s)}
                onChange={(e) =>
                  set(
                    "status",
                    e.target.checked ? [...draft.status, s] : draft.status.filter((x: DeliveryStatus) => x !== s),
                  )
                }
              />
              {s}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted" data-testid="status-hint">
          {draft.status.length === 0 || draft.status.length === DELIVERY_STATUSES.length
            ? "None checked: every status."
            : `Only ${draft.status.join(" and ")} events.`}
        </p>
      </fieldset>
      <Field id="ev-type" label="Event type">
        <Select id="ev-type" value={draft.type} onChange={() => undefined}>
          <option value="EIP_155_TX_V1">EIP_155_TX_V1</option>
        </Select>
      </Field>
      {zones.length === 1 && !shown.tz ? (
        // Nothing to choose between (this browser's zone is UTC): said, not offered as a choice of one.
        <p className="flex flex-col gap-1 text-sm sm:col-span-2">
          <span className="text-xs font-medium text-muted">Times in</span>
          <span>
            UTC{" "}
            <span className="text-xs text-muted">
              (this browser&apos;s zone too; also used by the table and the exports)
            </span>
          </span>
        </p>
      ) : (
        <fieldset className="flex flex-col gap-1 sm:col-span-2">
          <legend className="mb-1 text-xs font-medium text-muted">Times in</legend>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            {zones.map((z) => (
              <label key={z} className="flex items-center gap-1.5">
                <input type="radio" name="tz" checked={draft.tz === z} onChange={() => switchZone(z)} />
                {z === UTC ? "UTC" : z === local ? `Local (${z})` : z}
              </label>
            ))}
            <span className="text-xs text-muted">Also used by the table and the exports.</span>
          </div>
          {shown.tz ? (
            <p role="alert" className="text-xs text-danger">
              {shown.tz}
            </p>
          ) : null}
        </fieldset>
      )}
      <Field
        id="ev-from"
        label={`From (${zone})`}
        error={shown.from}
        hint="Year-month-day and 24-hour time; that minute included"
      >
        <Input
          id="ev-from"
          value={draft.fromText}
          onChange={(e) => set("fromText", e.target.value)}
          placeholder="YYYY-MM-DD HH:mm"
          inputMode="numeric"
          aria-invalid={Boolean(shown.from)}
        />
      </Field>
      <Field id="ev-to" label={`To (${zone})`} error={shown.to} hint="Included to the end of that minute">
        <Input
          id="ev-to"
          value={draft.toText}
          onChange={(e) => set("toText", e.target.value)}
          placeholder="YYYY-MM-DD HH:mm"
          inputMode="numeric"
          aria-invalid={Boolean(shown.to)}
        />
      </Field>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-xs font-medium text-muted">Quick ranges ({zone})</span>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => preset("24h")}>
            Last 24 hours
          </Button>
          <Button size="sm" onClick={() => preset(0)}>
            Today
          </Button>
          <Button size="sm" onClick={() => preset(6)}>
            Last 7 days
          </Button>
        </div>
      </div>
      <Field id="ev-hash" label="Transaction hash" error={shown.hash} className="sm:col-span-2">
        <Input
          id="ev-hash"
          value={draft.hash ?? ""}
          onChange={(e) => set("hash", e.target.value)}
          placeholder="0x…"
          className="font-mono"
          autoComplete="off"
          aria-invalid={Boolean(shown.hash)}
        />
      </Field>
      <Field id="ev-blocks" label="Block numbers" error={shown.blocks} hint="Numbers and ranges: 100-120, 150">
        <Input
          id="ev-blocks"
          value={draft.blocks ?? ""}
          onChange={(e) => set("blocks", e.target.value)}
          placeholder="100-120, 150"
          autoComplete="off"
          aria-invalid={Boolean(shown.blocks)}
        />
      </Field>
      <EventChainsSelect value={draft.chains} onChange={(chains) => set("chains", chains)} error={shown.chains} />
      <Field id="ev-limit" label="Page size" error={shown.limit}>
        <Select id="ev-limit" value={String(draft.limit)} onChange={(e) => set("limit", Number(e.target.value))}>
          {EVENT_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        {dirty ? (
          <>
            <Button onClick={discard}>Discard changes</Button>
            <span className="self-center text-xs text-warning" aria-hidden>
              Unapplied changes
            </span>
          </>
        ) : null}
        <Button
          onClick={() => {
            const cleared = draftOf({
              ...state,
              status: [],
              from: null,
              to: null,
              hash: null,
              blocks: null,
              chains: [],
            });
            setDraft(cleared);
            setErrors({});
            onApply({ status: [], from: null, to: null, hash: null, blocks: null, chains: [] });
          }}
        >
          <X className="size-3.5" aria-hidden /> Clear
        </Button>
      </div>
    </form>
  );
}
