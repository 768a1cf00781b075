"use client";
import { useQueryState, useQueryStates } from "nuqs";
import { readAuditFilters } from "@/lib/audit/filters";
import { auditFilterParsers, auditFiltersInput, auditSearchParams } from "@/lib/audit/search-params";

export type { AuditUrlFilters } from "@/lib/audit/search-params";

/** The audit filters as they are in the URL, and parsed (a hand-edited URL may not parse). */
export function useAuditFilters() {
  const [state, setState] = useQueryStates(auditFilterParsers, { history: "push" });
  const parsed = readAuditFilters(auditFiltersInput(state));
  return { state, setState, parsed };
}

/** The record open in the drawer (`?record=<id>`): a reload or a shared link reopens it; Back closes it. */
export function useOpenRecord() {
  return useQueryState("record", auditSearchParams.record.withOptions({ history: "push" }));
}
