"use client";
import { PanelRightOpen } from "lucide-react";
import { CaseLink } from "@/components/cases/case-link";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Truncated } from "@/components/data-table/truncated";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { AuditRecordView } from "@/lib/audit";
import { formatUtcSecond } from "@/lib/audit/time";
import type { Permission } from "@/lib/auth/permissions";
import { recordCase } from "@/lib/cases/record-case";
import { TargetCell } from "./target-link";

export const detailsButtonId = (recordId: string) => `audit-details-${recordId}`;

/** ok, intent, or the error's code (the word "error" where the code is shown beside it). */
export function OutcomeBadge({
  outcome,
  errorCode,
  codeShownApart = false,
}: Pick<AuditRecordView, "outcome" | "errorCode"> & { codeShownApart?: boolean }) {
  if (outcome === "ok") return <Badge tone="success">ok</Badge>;
  if (outcome === "intent") return <Badge>intent</Badge>;
  return <Badge tone="danger">{codeShownApart ? "error" : (errorCode ?? "error")}</Badge>;
}

export function auditColumns(
  onOpen: (recordId: string) => void,
  permissions: readonly Permission[],
): DisplayColumn<AuditRecordView>[] {
  return [
    {
      header: "#",
      id: "seq",
      meta: { label: "Record" },
      cell: ({ row }) => (
        <span className="tabular text-muted" data-testid="record-seq">
          {row.original.seq}
        </span>
      ),
    },
    {
      header: "Time (UTC)",
      id: "at",
      cell: ({ row }) => (
        <time dateTime={row.original.at} className="tabular whitespace-nowrap">
          {formatUtcSecond(row.original.at)}
        </time>
      ),
    },
    {
      header: "Actor",
      id: "actorEmail",
      meta: { fill: true },
      cell: ({ row }) => (
        <div className="min-w-0">
          <div>
            {row.original.actorEmail ? (
              <Truncated text={row.original.actorEmail} />
            ) : (
              <span className="text-muted">anonymous</span>
            )}
          </div>
          {row.original.actorRole ? <div className="text-xs text-muted">{row.original.actorRole}</div> : null}
        </div>
      ),
    },
    {
      header: "Action",
      id: "action",
      cell: ({ row }) => {
        const caseRef = recordCase(row.original.input);
        return (
          <div className="space-y-0.5">
            <code className="font-mono text-xs md:whitespace-nowrap">{row.original.action}</code>
            {caseRef ? (
              <div className="max-w-56 text-xs">
                <CaseLink caseRef={caseRef} canReadAudit />
              </div>
            ) : null}
          </div>
        );
      },
    },
    {
      header: "Target",
      id: "target",
      meta: { fill: true },
      cell: ({ row }) => <TargetCell record={row.original} permissions={permissions} cut />,
    },
    {
      header: "Outcome",
      id: "outcome",
      cell: ({ row }) => (
        <div className="space-y-0.5">
          <OutcomeBadge outcome={row.original.outcome} errorCode={row.original.errorCode} />
          {row.original.outcome === "error" && row.original.errorMessage ? (
            <div className="max-w-64 text-xs wrap-anywhere text-muted">{row.original.errorMessage}</div>
          ) : null}
        </div>
      ),
    },
    {
      id: "details",
      header: () => <span className="sr-only">Details</span>,
      cell: ({ row }) => (
        <Button
          size="sm"
          variant="ghost"
          id={detailsButtonId(row.original.id)}
          aria-label={`Details of record ${row.original.seq}`}
          aria-haspopup="dialog"
          onClick={() => onOpen(row.original.id)}
        >
          <PanelRightOpen className="size-3.5" aria-hidden /> Details
        </Button>
      ),
    },
  ];
}
