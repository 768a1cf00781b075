"use client";
import { useQueryState } from "nuqs";
import { useLocalZone } from "@/components/hooks/use-local-zone";
import { zoneParsers } from "@/lib/shared/search-params";
import { UTC } from "@/lib/shared/time-zone";

/** The page's time zone from the URL (`tz`): UTC unless a valid zone is named. */
export function useZoneParam(): [string, (zone: string) => void] {
  const [tz, setZone] = useQueryState("tz", zoneParsers.tz);
  return [tz, (zone) => void setZone(zone === UTC ? null : zone)];
}

/**
 * UTC, the browser's own zone, and a third one when a shared link names it, as radio buttons; with
 * nothing to choose between (the browser's zone is UTC), the zone in words, not a radio group of one.
 */
export function ZoneSwitch({ tz, onChange }: { tz: string; onChange: (zone: string) => void }) {
  const local = useLocalZone();
  const zones = [...new Set([UTC, ...(local ? [local] : []), tz])];
  if (zones.length === 1)
    return (
      <p className="text-sm" data-testid="zone">
        <span className="text-muted">Times in </span>UTC
      </p>
    );
  return (
    <fieldset className="flex items-center gap-3 text-sm">
      <legend className="sr-only">Time zone</legend>
      {zones.map((z) => (
        <label key={z} className="flex items-center gap-1.5">
          <input type="radio" name="tz" checked={tz === z} onChange={() => onChange(z)} />
          {z === UTC ? "UTC" : z === local ? `Local (${z})` : z}
        </label>
      ))}
    </fieldset>
  );
}

/** One figure of a summary: a label over a large number. */
export function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="text-xl font-semibold tabular" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
