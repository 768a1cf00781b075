"use client";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import type { NotificationSendView } from "@/lib/notifications";
import { RULES } from "@/lib/notifications/rules";

const STATUS = {
  sent: { tone: "success", label: "Sent" },
  pending: { tone: "warning", label: "Retrying" },
  "gave-up": { tone: "danger", label: "Gave up" },
} as const;

/** The last sends, newest first: when, which rule about what, firing or resolved, the receiver's answer, attempts. */
export function SendsTable({ sends }: { sends: NotificationSendView[] }) {
  if (sends.length === 0) return <p className="text-sm text-muted">Nothing has been sent yet.</p>;
  return (
    // At phone width the table scrolls inside its own box (focusable, so a keyboard can scroll it too).
    <div className="overflow-x-auto" role="region" aria-label="Last sends" tabIndex={0} data-scrolls-inside>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-sm font-semibold">Last sends</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th className="py-1 pr-3 font-medium">Time</th>
            <th className="py-1 pr-3 font-medium">Rule</th>
            <th className="py-1 pr-3 font-medium">State</th>
            <th className="py-1 font-medium">Outcome</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {sends.map((s) => (
            <tr key={s.id} data-testid="notify-send" className="align-top">
              <td className="py-1.5 pr-3 text-xs">
                <RelativeTime iso={s.createdAt} />
              </td>
              <td className="py-1.5 pr-3">
                {s.rule === "test" ? "Test" : RULES[s.rule].short}
                {s.rule !== "test" && s.subject !== s.rule ? (
                  <span className="block font-mono text-xs break-all text-muted">{s.subject}</span>
                ) : null}
              </td>
              <td className="py-1.5 pr-3">{s.state}</td>
              <td className="py-1.5">
                <Badge tone={STATUS[s.status].tone}>{STATUS[s.status].label}</Badge>
                <span className="block text-xs text-muted">
                  {s.httpStatus === null ? "no answer" : `HTTP ${s.httpStatus}`} ·{" "}
                  {s.attempts === 1 ? "1 attempt" : `${s.attempts} attempts`}
                </span>
                {s.lastError && s.status !== "sent" ? (
                  <span className="block text-xs text-muted">{s.lastError}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
