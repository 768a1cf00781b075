"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAction } from "@/components/hooks/use-action";
import type { AuditExportRunView } from "@/lib/audit/export";
import { recentAuditExportsUrl } from "@/lib/audit/routes";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { startAuditExport } from "@/server/actions/audit";

/** The user's recent audit exports and the action that starts one, shared by the button and the list. */
export function useAuditExports() {
  const queryClient = useQueryClient();
  const listKey = queryKeys.audit.exports();
  const runs = useQuery({
    queryKey: listKey,
    queryFn: () => fetchJson<AuditExportRunView[]>(recentAuditExportsUrl()),
  });
  const start = useAction(startAuditExport, {
    errors: "inline",
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
  return { listKey, runs, start };
}

export type AuditExports = ReturnType<typeof useAuditExports>;
