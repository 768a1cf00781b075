import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { AuditView } from "@/components/audit/audit-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { auditFiltersSchema, auditRecordIdSchema, AUDIT_PAGE_SIZE } from "@/lib/audit";
import { auditFiltersInput, loadAuditPage } from "@/lib/audit/search-params";
import { can, permissionsOf } from "@/lib/auth/permissions";
import { currentCursor, parseCursorStack } from "@/lib/shared/cursor-stack";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { recentAuditExports } from "@/server/audit/export/start";
import { auditFacets } from "@/server/audit/facets";
import { lastVerifiedView } from "@/server/audit/last-verified";
import { getAuditRecord, shownAuditPage } from "@/server/audit/query";
import { requireUser } from "@/server/auth/session";
import { getDb } from "@/server/db";
import { notFound } from "@/server/errors";
import { shownPublishedKeys } from "@/server/evidence/signing-keys";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser("/audit");
  if (!can(user.role, "audit:read")) return <AccessDenied what="audit:read" />;
  const state = loadAuditPage(await searchParams);
  const { record: recordId, cursors, ...filters } = state;
  const parsed = auditFiltersSchema.safeParse(auditFiltersInput(filters));
  const record = auditRecordIdSchema.safeParse(recordId ?? undefined);
  const db = await getDb();
  const queryClient = getQueryClient();
  const cursor = currentCursor(parseCursorStack(cursors));
  await Promise.all([
    parsed.success
      ? queryClient.prefetchQuery({
          queryKey: queryKeys.audit.list(parsed.data, cursor, AUDIT_PAGE_SIZE),
          queryFn: () =>
            shownAuditPage(parsed.data, {
              cursor: cursor && /^\d+$/.test(cursor) ? cursor : undefined,
              limit: AUDIT_PAGE_SIZE,
            }),
        })
      : undefined,
    queryClient.prefetchQuery({ queryKey: queryKeys.audit.facets(), queryFn: () => auditFacets(db) }),
    queryClient.prefetchQuery({ queryKey: queryKeys.audit.exports(), queryFn: () => recentAuditExports(user) }),
    queryClient.prefetchQuery({ queryKey: queryKeys.audit.lastVerified(), queryFn: lastVerifiedView }),
    queryClient.prefetchQuery({
      queryKey: queryKeys.audit.signingKeys(),
      queryFn: async () => ({ keys: await shownPublishedKeys() }),
    }),
    // A shared or reloaded `?record=` link opens with the record already there.
    record.success
      ? queryClient.prefetchQuery({
          queryKey: queryKeys.audit.record(record.data),
          queryFn: async () => {
            const detail = await getAuditRecord(db, record.data);
            if (!detail) throw notFound("This audit record");
            return detail;
          },
        })
      : undefined,
  ]);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every sign-in, mutation, secret reveal and export, sealed in a keyed chain and anchored by signed checkpoints, so that any edit, insertion or deletion shows."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AuditView permissions={permissionsOf(user.role)} />
      </HydrationBoundary>
    </>
  );
}
