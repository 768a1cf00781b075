"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditFacets, AuditPage } from "@/lib/audit";
import { AUDIT_PAGE_SIZE, type AuditFilters } from "@/lib/audit/filters";
import { auditFacetsUrl, auditPageUrl } from "@/lib/audit/routes";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/** A page of the log as filtered, from the cursor on; the page before stays shown while the next loads. */
export function useAuditPage(filters: AuditFilters, cursor: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.audit.list(filters, cursor, AUDIT_PAGE_SIZE),
    queryFn: () => fetchJson<AuditPage>(auditPageUrl(filters, cursor, AUDIT_PAGE_SIZE)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The filters' choices: the actors, actions and error codes the log holds. */
export function useAuditFacets() {
  return useQuery({
    queryKey: queryKeys.audit.facets(),
    queryFn: () => fetchJson<AuditFacets>(auditFacetsUrl()),
  });
}
