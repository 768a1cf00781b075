/**
 * The audit page in the URL: one set of nuqs parsers and one loader, used by the page's prefetch
 * (server) and the view's hooks (client). Values stay text here; auditFiltersSchema checks them, so a
 * hand-edited URL gets a message instead of a crash.
 */
import { createLoader, parseAsString } from "nuqs/server";
import { cursorParsers } from "@/lib/shared/cursor-stack";

export const auditFilterParsers = {
  actor: parseAsString,
  action: parseAsString,
  outcome: parseAsString,
  errorCode: parseAsString,
  case: parseAsString,
  from: parseAsString,
  to: parseAsString,
};

export const auditSearchParams = {
  ...auditFilterParsers,
  ...cursorParsers,
  /** The record open in the drawer: a reload or a shared link reopens it. */
  record: parseAsString,
};

export const loadAuditPage = createLoader(auditSearchParams);

export type AuditUrlFilters = { [K in keyof typeof auditFilterParsers]: string | null };

/** The filters as auditFiltersSchema reads them (an absent key is undefined, not null). */
export function auditFiltersInput(state: AuditUrlFilters): { [K in keyof AuditUrlFilters]?: string } {
  return Object.fromEntries(Object.entries(state).map(([key, value]) => [key, value ?? undefined]));
}
