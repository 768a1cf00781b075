/**
 * URL state every area's pages share: the time zone (`tz`) the summary pages show their times in.
 * Each area's own state is in lib/<area>/search-params.ts.
 */
import { createParser } from "nuqs/server";
import { isZone, UTC } from "./time-zone";

/** A time zone in the URL: an IANA zone the runtime knows, else UTC (a bad value is read as absent). */
export const parseAsZone = createParser({
  parse: (value: string) => (isZone(value) ? value : null),
  serialize: (zone: string) => zone,
}).withDefault(UTC);

export const zoneParsers = { tz: parseAsZone };
