"use client";
import { AlertOctagon } from "lucide-react";
import { CopyButton } from "@/components/ui/copy-button";
import type { RowSource, TransferSummary } from "@/lib/clients/transfer-summary";

const SOURCE_NOTES: Record<RowSource, string> = {
  request: "what the form sent",
  "unsigned message": "read from the unsigned message",
  "client record": "the client's address from its record",
};

/** A built transfer's summary rows, what does not match the request, and where fallbacks came from. */
export function SummaryList({ summary, title }: { summary: TransferSummary; title: string }) {
  const sources = [...new Set(summary.rows.flatMap((r) => (r.source ? [r.source] : [])))];
  return (
    <div className="space-y-2">
      {summary.mismatches.length > 0 ? (
        <div role="alert" className="rounded border border-danger/40 bg-danger-soft p-3 text-sm text-danger">
          <p className="flex items-center gap-2 font-medium">
            <AlertOctagon className="size-4 shrink-0" aria-hidden /> Check before signing: the transaction does not
            match the request
          </p>
          <ul className="mt-1 list-disc pl-6 break-all">
            {summary.mismatches.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Long hex breaks anywhere, but a short word such as a symbol moves to the next line whole. */}
      <dl
        className="grid grid-cols-1 gap-x-3 rounded border border-border bg-surface p-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-y-1"
        aria-label={title}
      >
        {summary.rows.map((r) => (
          <div key={r.label} className="contents">
            <dt className="text-muted">{r.label}</dt>
            <dd className="mb-1.5 flex min-w-0 items-start gap-1 sm:mb-0">
              <span className={r.mono ? "min-w-0 font-mono text-xs [overflow-wrap:anywhere]" : "min-w-0 break-words"}>
                {r.value}
              </span>
              {r.source ? <span className="text-xs whitespace-nowrap text-muted">(from the {r.source})</span> : null}
              {/* Addresses, calldata and hashes are copied; short numbers are easier read than copied. */}
              {r.mono && r.value.length > 20 ? <CopyButton value={r.value} label={r.label} /> : null}
            </dd>
          </div>
        ))}
      </dl>
      {sources.length > 0 ? (
        <p className="text-xs text-muted">
          The response does not carry every value:{" "}
          {sources.map((s) => `“from the ${s}” is ${SOURCE_NOTES[s]}`).join("; ")}.
        </p>
      ) : null}
    </div>
  );
}
