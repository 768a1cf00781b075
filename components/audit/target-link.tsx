"use client";
import Link from "next/link";
import { Truncated } from "@/components/data-table/truncated";
import type { AuditRecordView, AuditTargetLink } from "@/lib/audit";
import type { Permission } from "@/lib/auth/permissions";
import { cn } from "@/lib/shared/utils";
import { Breakable } from "./breakable";

/** What opening a link's page takes; without it the target is shown by name, not as a link to a refusal. */
const NEEDS: Record<AuditTargetLink["kind"], Permission> = {
  client: "clients:read",
  "eject-request": "clients:read",
  user: "users:manage",
};

export const canFollow = (link: AuditTargetLink, permissions: readonly Permission[]) =>
  permissions.includes(NEEDS[link.kind]);

/**
 * A record's target: a link to what it names when there is one, the raw value below when it says
 * more. In a table (`cut`) each value is cut to the column with its full text as a tooltip, so a
 * long address or e-mail never pushes the row past the table's box; elsewhere it wraps at its seams.
 */
export function TargetCell({
  record,
  permissions,
  className = "text-xs",
  cut = false,
}: {
  record: Pick<AuditRecordView, "target" | "targetLink">;
  permissions: readonly Permission[];
  className?: string;
  cut?: boolean;
}) {
  const { target, targetLink: link } = record;
  const text = (value: string) => (cut ? <Truncated text={value} /> : <Breakable text={value} />);
  if (!target) return <span className="text-muted">—</span>;
  if (!link) return <span className={cn(cut ? "block min-w-0" : "wrap-break-word", className)}>{text(target)}</span>;
  return (
    <span className={cn("flex min-w-0 flex-col", className)}>
      {canFollow(link, permissions) ? (
        <Link href={link.href} className="min-w-0 wrap-break-word text-accent underline-offset-2 hover:underline">
          {text(link.label)}
        </Link>
      ) : (
        <span className="min-w-0 wrap-break-word">{text(link.label)}</span>
      )}
      {link.label !== target ? (
        <span className="font-mono text-xs wrap-anywhere text-muted">{cut ? text(target) : target}</span>
      ) : null}
    </span>
  );
}
