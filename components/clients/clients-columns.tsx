"use client";
import Link from "next/link";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import type { ClientRow, ClientsPage } from "@/lib/clients";
import { shortAddress, utc } from "@/lib/shared/format";
import { EjectSummaryBadge } from "../ejects/eject-summary";

/** The clients table's columns: test clients marked (`tests`), each client's eject state (`ejects`). */
export function clientColumns(
  tests: ReadonlySet<string>,
  ejects: ClientsPage["ejects"] | undefined,
): DisplayColumn<ClientRow>[] {
  return [
    {
      header: "Client",
      id: "id",
      cell: ({ row }) => (
        <div className="flex items-center gap-1">
          <Link href={`/clients/${row.original.id}`} className="font-mono text-xs text-accent hover:underline">
            {row.original.id}
          </Link>
          <CopyButton value={row.original.id} label="client id" />
          {tests.has(row.original.id) ? <Badge tone="warning">Test client</Badge> : null}
        </div>
      ),
    },
    {
      header: "Created (UTC)",
      id: "createdAt",
      cell: ({ row }) => (
        <span className="tabular whitespace-nowrap">{utc(row.original.createdAt).replace(" UTC", "")}</span>
      ),
    },
    {
      header: "Account abstraction",
      id: "isAccountAbstracted",
      cell: ({ row }) =>
        row.original.isAccountAbstracted ? <Badge tone="accent">AA</Badge> : <span className="text-muted">EOA</span>,
    },
    {
      header: "EVM address",
      id: "evm",
      cell: ({ row }) => <Address value={row.original.evmAddress} label="EVM address" />,
    },
    {
      header: "Solana address",
      id: "solana",
      cell: ({ row }) => <Address value={row.original.solanaAddress} label="Solana address" />,
    },
    {
      header: "Eject",
      id: "eject",
      cell: ({ row }) => <EjectSummaryBadge summary={ejects?.[row.original.id] ?? { state: "none" }} />,
    },
  ];
}

function Address({ value, label }: { value: string | null; label: string }) {
  if (!value) return <span className="text-muted">—</span>;
  return (
    <span className="inline-flex items-center gap-0.5 font-mono text-xs" title={value}>
      {shortAddress(value)}
      <CopyButton value={value} label={label} />
    </span>
  );
}
