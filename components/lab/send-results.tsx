"use client";
import { Badge } from "@/components/ui/badge";
import { chainLabel } from "@/lib/chains";
import type { SendItem, SendResult, SendStatus } from "@/lib/lab/results";
import { ValueList, type ValueRow } from "./parts";

const STATUS: Record<SendStatus, { label: string; tone: "success" | "danger" | "warning" | "neutral" }> = {
  confirmed: { label: "Confirmed", tone: "success" },
  reverted: { label: "Reverted", tone: "danger" },
  pending: { label: "Pending", tone: "warning" },
  sent: { label: "Sent", tone: "neutral" },
  collision: { label: "Nonce collision", tone: "warning" },
  refused: { label: "Refused", tone: "danger" },
  failed: { label: "Failed", tone: "danger" },
};

const NONCE_SOURCE = {
  reserved: "reserved by the console",
  explicit: "given in the form",
  "user-operation": "the smart account's user operation",
} as const;

/** One entry per send, in the order they were started. */
export function SendResults({ result }: { result: SendResult }) {
  return (
    <div className="mt-4 space-y-2 border-t border-border pt-3" role="status" aria-label="Send results">
      <p className="text-sm">
        From <span className="font-mono text-xs [overflow-wrap:anywhere]">{result.from}</span>
        {result.accountAbstracted ? " (smart account)" : ""} on {chainLabel(result.chainId)}.
      </p>
      <ol className="space-y-2">
        {result.items.map((item) => (
          <li key={item.index} className="rounded border border-border p-2.5" data-testid="lab-send-item">
            <div className="mb-1 flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">Send {item.index + 1}</span>
              <Badge tone={STATUS[item.status].tone}>
                <span data-testid="lab-send-status">{STATUS[item.status].label}</span>
              </Badge>
            </div>
            <ValueList label={`Send ${item.index + 1}`} rows={rows(item, result.accountAbstracted)} />
            {item.message ? <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">{item.message}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function rows(item: SendItem, accountAbstracted: boolean): ValueRow[] {
  const out: ValueRow[] = [];
  if (item.nonce)
    out.push({
      label: "Nonce",
      value: (
        <>
          <span className="font-mono text-xs" data-testid="lab-send-nonce">
            {item.nonce}
          </span>{" "}
          <span className="text-xs text-muted">
            ({Number(item.nonce)}, {NONCE_SOURCE[item.nonceSource ?? "explicit"]})
          </span>
        </>
      ),
    });
  if (item.userOperationHash)
    out.push({
      label: "User operation hash",
      value: item.userOperationHash,
      copy: item.userOperationHash,
      testId: "lab-send-userop",
    });
  if (item.transactionHash)
    out.push({
      label: accountAbstracted ? "Bundle transaction" : "Transaction hash",
      value: item.transactionHash,
      copy: item.transactionHash,
      testId: "lab-send-hash",
    });
  if (item.blockNumber !== undefined) out.push({ label: "Block", value: String(item.blockNumber) });
  return out;
}
