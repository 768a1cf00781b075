"use client";
import { CheckCircle2, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import type { LabCheck } from "@/lib/lab/results";

/** One tool of the lab: a titled card. */
export function LabCard({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded border border-border bg-surface p-3 sm:p-4">
      <h3 id={`${id}-title`} className="font-medium">
        {title}
      </h3>
      <div className="mb-3 text-sm text-muted">{description}</div>
      {children}
    </section>
  );
}

export interface ValueRow {
  label: string;
  value: ReactNode;
  /** Copied with a button and set in monospace (addresses, hashes, signatures). */
  copy?: string;
  testId?: string;
}

/** Label/value rows; long hex breaks anywhere rather than widening the page. */
export function ValueList({ rows, label }: { rows: ValueRow[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-x-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-y-1.5">
      {rows.map((r) => (
        <div key={r.label} className="contents">
          <dt className="text-muted">{r.label}</dt>
          <dd className="mb-1.5 flex min-w-0 items-start gap-1 sm:mb-0">
            <span
              className={r.copy ? "min-w-0 font-mono text-xs [overflow-wrap:anywhere]" : "min-w-0 break-words"}
              data-testid={r.testId}
            >
              {r.value}
            </span>
            {r.copy ? <CopyButton value={r.copy} label={r.label} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Verdict({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return ok ? (
    <Badge tone="success">
      <CheckCircle2 className="size-3.5" aria-hidden />
      {yes}
    </Badge>
  ) : (
    <Badge tone="danger">
      <XCircle className="size-3.5" aria-hidden />
      {no}
    </Badge>
  );
}

/** Checks made on the server: expected beside found, and how. */
export function CheckList({ checks, label }: { checks: LabCheck[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-2">
      {checks.map((c) => (
        <li key={c.label} className="rounded border border-border p-2.5 text-sm" data-testid="lab-check">
          <div className="mb-1 flex flex-wrap items-center gap-2">
            <span className="font-medium">{c.label}</span>
            <Verdict ok={c.ok} yes="Verified" no="Does not match" />
          </div>
          <ValueList
            label={`${c.label}: expected and found`}
            rows={[
              { label: "Expected", value: c.expected, copy: c.expected },
              {
                label: "Found",
                value: c.actual,
                ...(c.actual.startsWith("0x") || /^[0-9a-f]{64,}$/.test(c.actual) ? { copy: c.actual } : {}),
              },
            ]}
          />
          <p className="mt-1 text-xs text-muted [overflow-wrap:anywhere]">{c.how}</p>
        </li>
      ))}
    </ul>
  );
}

export const textareaClass =
  "w-full rounded border border-border bg-surface px-2.5 py-1.5 text-sm text-fg aria-[invalid=true]:border-danger";
