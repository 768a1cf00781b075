"use client";
import type { TestMode } from "@/lib/alerts/test-activity";
import { wallTime } from "@/lib/shared/time-zone";

/**
 * What the test switch did to the rows shown, said beside the count: how many of the loaded pages' events
 * it left out, how many it could not classify yet (never silently called real), and under "only" from when
 * the upstream was read. The count before it is the upstream's total for the filters, test activity in it.
 */
export function TestActivityLine({
  mode,
  activity,
  tz,
}: {
  mode: TestMode;
  activity: { leftOut: number; unclassified: number; test: ReadonlySet<string>; since: string | null };
  tz: string;
}) {
  const parts: string[] = [];
  if (mode === "include" && activity.test.size > 0)
    parts.push(`${activity.test.size.toLocaleString("en")} of them test activity (marked)`);
  if (mode === "exclude") parts.push(`${activity.leftOut.toLocaleString("en")} of them left out as test activity`);
  if (mode === "only")
    parts.push(
      `test activity only: ${activity.leftOut.toLocaleString("en")} of them left out` +
        (activity.since ? `; read from ${wallTime(activity.since, tz)}, when the first test client was created` : ""),
    );
  if (activity.unclassified > 0)
    parts.push(
      `${activity.unclassified.toLocaleString("en")} not yet classified (the chain was not asked yet; ${
        mode === "only" ? "left out" : "shown, unmarked"
      } until then)`,
    );
  if (parts.length === 0) return null;
  return <span data-testid="test-activity-note">{` · ${parts.join(" · ")}`}</span>;
}
