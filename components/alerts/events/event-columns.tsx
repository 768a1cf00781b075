"use client";
import type { ColumnDef, Row, Table } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { chainLabel } from "@/lib/chains";
import type { AlertEvent } from "@/lib/contracts";
import { shortAddress } from "@/lib/shared/format";
import { wallTimeSeconds } from "@/lib/shared/time-zone";

const STATUS_TONE = { success: "success", failed: "danger", pending: "warning" } as const;

/** Only failed deliveries can be replayed, so only they can be selected. */
export const canSelectEvent = (row: Row<AlertEvent>) => row.original.deliveryStatus === "failed";

/** The events table's columns: selection, time in the page's zone, status, chain, block, hashes, retries, error, details. */
export function eventColumns({
  tz,
  onOpen,
  marks,
}: {
  tz: string;
  onOpen: (event: AlertEvent) => void;
  /** Test activity among the rows (ids), and rows not classified yet. */
  marks: { test: ReadonlySet<string>; unclassified: ReadonlySet<string> };
}): ColumnDef<AlertEvent, unknown>[] {
  return [
    {
      id: "select",
      meta: { label: "Select" },
      header: ({ table }) => <SelectAll table={table} />,
      cell: ({ row }) => <SelectRow row={row} />,
    },
    {
      id: "createdAt",
      header: `Time (${tz})`,
      cell: ({ row }) => (
        <time dateTime={row.original.createdAt} className="tabular whitespace-nowrap">
          {wallTimeSeconds(row.original.createdAt, tz)}
        </time>
      ),
    },
    {
      id: "deliveryStatus",
      header: "Status",
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={STATUS_TONE[row.original.deliveryStatus]}>{row.original.deliveryStatus}</Badge>
          {marks.test.has(row.original.id) ? (
            <Badge tone="accent" className="test-client-badge">
              Test client
            </Badge>
          ) : marks.unclassified.has(row.original.id) ? (
            <Badge className="font-normal">Not classified</Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: "chainId",
      header: "Chain",
      cell: ({ row }) => (
        <>
          <span>{chainLabel(row.original.chainId)}</span>{" "}
          <span className="font-mono text-xs wrap-anywhere text-muted">{row.original.chainId}</span>
        </>
      ),
    },
    {
      id: "blockNumber",
      header: "Block",
      cell: ({ row }) => <span className="tabular">{row.original.blockNumber}</span>,
    },
    {
      id: "transactionHashes",
      header: "Transaction hashes",
      cell: ({ row }) =>
        row.original.transactionHashes.map((hash) => (
          <span key={hash} className="flex max-w-full min-w-0 items-center gap-0.5 font-mono text-xs" title={hash}>
            <span className="min-w-0 truncate">{shortAddress(hash, 10, 6)}</span>
            <CopyButton value={hash} label="transaction hash" />
          </span>
        )),
    },
    {
      id: "retries",
      header: "Retries",
      cell: ({ row }) => <span className="tabular">{row.original.retries}</span>,
    },
    {
      id: "errorMessage",
      header: "Error",
      cell: ({ row }) => <span className="text-xs break-words text-muted">{row.original.errorMessage ?? "—"}</span>,
    },
    {
      id: "details",
      meta: { label: "Details" },
      header: () => <span className="sr-only">Details</span>,
      cell: ({ row }) => (
        <button
          type="button"
          className="rounded px-1.5 py-0.5 text-xs text-accent hover:bg-surface-2 hover:underline"
          onClick={() => onOpen(row.original)}
          aria-label={`Details of event ${row.original.id}`}
        >
          Details
        </button>
      ),
    },
  ];
}

function SelectAll({ table }: { table: Table<AlertEvent> }) {
  // Not before React runs in the browser: the rows are built there only (VirtualDataTable).
  const hydrated = useHydrated();
  const anySelectable = hydrated && table.getCoreRowModel().rows.some((row) => row.getCanSelect());
  return (
    <input
      type="checkbox"
      aria-label="Select every loaded failed event"
      checked={anySelectable && table.getIsAllRowsSelected()}
      disabled={!anySelectable}
      onChange={table.getToggleAllRowsSelectedHandler()}
    />
  );
}

function SelectRow({ row }: { row: Row<AlertEvent> }) {
  const event = row.original;
  const selectable = row.getCanSelect();
  return (
    <input
      type="checkbox"
      aria-label={
        selectable
          ? `Select event ${event.id}`
          : `Event ${event.id} is ${event.deliveryStatus}: only failed deliveries can be replayed`
      }
      title={selectable ? undefined : "Only failed deliveries can be replayed"}
      checked={row.getIsSelected()}
      disabled={!selectable}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}
