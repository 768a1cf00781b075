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

/** The last sends, newest first: when, which rule, firing or resolved, the receiver's answer, attempts. */
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
            <th className="py-1 pr-3 font-medium">Outcome</th>
            <th className="py-1 pr-3 font-medium">HTTP</th>
            <th className="py-1 font-medium">Attempts</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {sends.map((s) => (
            <tr key={s.id} data-testid="notify-send">
              <td className="py-1.5 pr-3 whitespace-nowrap">
                <RelativeTime iso={s.createdAt} />
              </td>
              <td className="py-1.5 pr-3">{s.rule === "test" ? "Test" : RULES[s.rule].label}</td>
              <td className="py-1.5 pr-3">{s.state}</td>
              <td className="py-1.5 pr-3" title={s.lastError ?? undefined}>
                <Badge tone={STATUS[s.status].tone}>{STATUS[s.status].label}</Badge>
                {s.lastError && s.status !== "sent" ? (
                  <span className="ml-1.5 text-xs text-muted">{s.lastError}</span>
                ) : null}
              </td>
              <td className="py-1.5 pr-3 font-mono">{s.httpStatus ?? "–"}</td>
              <td className="py-1.5 tabular-nums">{s.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
