"use client";
import { parseAsString, useQueryState, useQueryStates } from "nuqs";
import { auditFiltersSchema } from "@/lib/audit";

const filterParams = {
  actor: parseAsString,
  action: parseAsString,
  outcome: parseAsString,
  errorCode: parseAsString,
  from: parseAsString,
  to: parseAsString,
};

export type AuditUrlFilters = { [K in keyof typeof filterParams]: string | null };

/** The audit filters as they are in the URL, and parsed (a hand-edited URL may not parse). */
export function useAuditFilters() {
  const [state, setState] = useQueryStates(filterParams, { history: "push" });
  const parsed = auditFiltersSchema.safeParse({
    actor: state.actor ?? undefined,
    action: state.action ?? undefined,
    outcome: state.outcome ?? undefined,
    errorCode: state.errorCode ?? undefined,
    from: state.from ?? undefined,
    to: state.to ?? undefined,
  });
  return { state, setState, parsed };
}

/** The record open in the drawer (`?record=<id>`): a reload or a shared link reopens it; Back closes it. */
export function useOpenRecord() {
  return useQueryState("record", parseAsString.withOptions({ history: "push" }));
}
