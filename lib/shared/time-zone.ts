/**
 * Times in a chosen zone: "UTC" or an IANA name such as "Europe/Berlin". Calculations go through
 * @date-fns/tz (no offset arithmetic by hand), so days with a daylight-saving change come out right.
 */
import { TZDate } from "@date-fns/tz";
import { format, startOfDay } from "date-fns";

export type Zone = string;
export const UTC: Zone = "UTC";

/** Whether `zone` is a time zone this runtime knows. */
export function isZone(zone: string): boolean {
  if (zone === UTC) return true;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
}

/** The zone the browser (or this server) runs in. */
export function localZone(): Zone {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || UTC;
}

const INPUT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

/** "2026-11-21 09:30" read in `zone` → the instant, or undefined when the text is not such a time. */
export function parseWallTime(text: string, zone: Zone): Date | undefined {
  const m = INPUT.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return undefined;
  const date = new TZDate(y, mo - 1, d, h, mi, zone);
  // Reject dates that rolled over (31 February) rather than silently moving them.
  if (date.getDate() !== d || date.getMonth() !== mo - 1) return undefined;
  return new Date(date.getTime());
}

/** The instant as "2026-11-21 09:30" in `zone` (what a form field shows). */
export function wallTime(instant: Date | string, zone: Zone): string {
  return format(new TZDate(new Date(instant).getTime(), zone), "yyyy-MM-dd HH:mm");
}

/** The instant as "2026-11-21 09:30:05" in `zone`, 24-hour, for tables. */
export function wallTimeSeconds(instant: Date | string, zone: Zone): string {
  return format(new TZDate(new Date(instant).getTime(), zone), "yyyy-MM-dd HH:mm:ss");
}

/** ISO 8601 with the zone's explicit offset: 2026-11-21T10:30:05.123+01:00 (Z for UTC). */
export function isoInZone(instant: Date | string, zone: Zone): string {
  const text = format(new TZDate(new Date(instant).getTime(), zone), "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
  return zone === UTC ? text.replace(/\+00:00$/, "Z") : text;
}

/** Midnight at the start of the day that `instant` falls on, in `zone`. */
export function startOfDayIn(instant: Date, zone: Zone): Date {
  return new Date(startOfDay(new TZDate(instant.getTime(), zone)).getTime());
}

/** A short name of the zone for labels: "UTC", "Europe/Berlin (UTC+01:00)". */
export function zoneLabel(zone: Zone, at = new Date()): string {
  if (zone === UTC) return "UTC";
  return `${zone} (UTC${format(new TZDate(at.getTime(), zone), "xxx")})`;
}
