"use client";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { chainLabel } from "@/lib/chains";
import { formatPeriod, formatRate, type OpportunityView } from "@/lib/yield/opportunities";

/** The opportunities table's columns; Enter… on each row unless the client is read-only. */
export function opportunityColumns(
  readOnly: string | null,
  onEnter: (opportunity: OpportunityView) => void,
): DisplayColumn<OpportunityView>[] {
  return [
    {
      header: "Yield",
      id: "name",
      cell: ({ row }) => (
        <div className="min-w-0">
          <p className="font-medium">{row.original.name}</p>
          <p className="font-mono text-xs break-all text-muted">{row.original.id}</p>
        </div>
      ),
    },
    {
      header: "Network",
      id: "network",
      cell: ({ row }) =>
        row.original.network ? (
          <span>
            {chainLabel(row.original.network)}{" "}
            <span className="font-mono text-xs text-muted">{row.original.network}</span>
          </span>
        ) : (
          <span className="text-muted">unknown</span>
        ),
    },
    { header: "Token", id: "token", cell: ({ row }) => row.original.token.symbol },
    {
      header: "Reward rate",
      id: "rate",
      cell: ({ row }) => <span className="tabular">{formatRate(row.original.rate, row.original.rateType)}</span>,
    },
    {
      header: "TVL",
      id: "tvl",
      cell: ({ row }) =>
        row.original.tvlUsd ? (
          <span className="tabular">
            ${Number(row.original.tvlUsd).toLocaleString("en", { maximumFractionDigits: 0 })}
          </span>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      header: "Enter / exit",
      id: "status",
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={row.original.canEnter ? "success" : "neutral"}>
            {row.original.canEnter ? "enter" : "no entry"}
          </Badge>
          <Badge tone={row.original.canExit ? "success" : "neutral"}>{row.original.canExit ? "exit" : "no exit"}</Badge>
        </span>
      ),
    },
    {
      header: "Cooldown / lock",
      id: "periods",
      cell: ({ row }) => {
        const parts = [
          formatPeriod(row.original.cooldownSeconds) && `cooldown ${formatPeriod(row.original.cooldownSeconds)}`,
          formatPeriod(row.original.lockupSeconds) && `lock ${formatPeriod(row.original.lockupSeconds)}`,
          formatPeriod(row.original.warmupSeconds) && `warm-up ${formatPeriod(row.original.warmupSeconds)}`,
        ].filter(Boolean);
        return parts.length ? parts.join(", ") : <span className="text-muted">none</span>;
      },
    },
    {
      header: "Entry limits",
      id: "limits",
      cell: ({ row }) => {
        const { entryMinimum: min, entryMaximum: max, token } = row.original;
        if (!min && !max) return <span className="text-muted">none</span>;
        return (
          <span className="tabular">
            {min ?? "0"} – {max ?? "∞"} {token.symbol}
          </span>
        );
      },
    },
    {
      header: () => <span className="sr-only">Act</span>,
      id: "act",
      meta: { label: "Act" },
      cell: ({ row }) =>
        readOnly ? null : (
          <Button
            size="sm"
            variant="primary"
            disabled={!row.original.canEnter}
            onClick={() => onEnter(row.original)}
            aria-label={`Enter ${row.original.name}`}
          >
            Enter…
          </Button>
        ),
    },
  ];
}
