/**
 * The audit filters' times: typed as "YYYY-MM-DD HH:mm" in 24-hour UTC. Not a datetime-local
 * input: browsers show it in 12-hour form in some locales, and it says nothing about UTC.
 */
import { tz } from "@date-fns/tz";
import { format, isValid, parse } from "date-fns";

export const UTC_MINUTE_PLACEHOLDER = "YYYY-MM-DD HH:mm";

const SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const utc = { in: tz("UTC") };

export type ParsedMinute = { ok: true; iso: string } | { ok: false; message: string };

/** "2026-11-21 09:30" (a "T" instead of the space and a trailing "UTC" are accepted) → ISO in UTC. */
export function parseUtcMinute(text: string): ParsedMinute {
  const value = text
    .trim()
    .replace(/\s*UTC$/i, "")
    .replace(/^(\d{4}-\d{2}-\d{2})[T\s]+/, "$1 ");
  if (!SHAPE.test(value))
    return { ok: false, message: "Use the form YYYY-MM-DD HH:mm, in 24-hour UTC (e.g. 2026-11-21 09:30)" };
  const date = parse(value, "yyyy-MM-dd HH:mm", new Date(0), utc);
  if (!isValid(date))
    return { ok: false, message: `There is no such date and time: ${value} (hours run from 00 to 23)` };
  return { ok: true, iso: new Date(date.getTime()).toISOString() };
}

/** An instant as the filter inputs show it: "2026-11-21 09:30". */
export function formatUtcMinute(iso: string): string {
  const d = new Date(iso);
  return isValid(d) ? format(d, "yyyy-MM-dd HH:mm", utc) : "";
}

/** An instant as the audit table shows it: "2026-11-21 09:30:59" (24-hour UTC). */
export function formatUtcSecond(iso: string): string {
  const d = new Date(iso);
  return isValid(d) ? format(d, "yyyy-MM-dd HH:mm:ss", utc) : iso;
}

/** The start of the minute an instant falls in. */
export function floorToMinute(iso: string): string {
  const ms = new Date(iso).getTime();
  return new Date(ms - (((ms % 60_000) + 60_000) % 60_000)).toISOString();
}

/** The first instant after the minute an instant falls in: "to 09:30" covers up to 09:30:59.999…. */
export function endOfMinuteExclusive(iso: string): string {
  return new Date(new Date(floorToMinute(iso)).getTime() + 60_000).toISOString();
}
