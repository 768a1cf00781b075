"use client";
import { getCoreRowModel, useReactTable, type OnChangeFn, type RowSelectionState } from "@tanstack/react-table";
import { useMemo } from "react";
import { VirtualDataTable } from "@/components/data-table/virtual-data-table";
import type { AlertEvent } from "@/lib/contracts";
import { canSelectEvent, eventColumns } from "./event-columns";

/**
 * Column widths on wide screens: fixed ones for short values, shares of the rest (down to nothing,
 * their values wrap or are cut) so the table fits its box from 1280 px; on a phone each row is a
 * block of labelled values.
 */
const GRID =
  "md:grid md:grid-cols-[2.5rem_10.5rem_5.5rem_minmax(0,1fr)_5.5rem_minmax(0,1.2fr)_3.5rem_minmax(0,1.5fr)_4.5rem]";

/**
 * Every loaded event in one table that stays smooth with tens of thousands of rows (TanStack Table
 * for the columns and the selection, TanStack Virtual so only the rows in view are in the DOM).
 * The selection is the parent's, by event id; only failed deliveries can be selected (only they
 * can be replayed).
 */
export function EventsTable({
  events,
  tz,
  total,
  rowSelection,
  onRowSelectionChange,
  onOpen,
  marks,
}: {
  events: AlertEvent[];
  tz: string;
  /** The upstream's total for the filters, of which `events` are the loaded part. */
  total: number;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
  onOpen: (event: AlertEvent) => void;
  marks: { test: ReadonlySet<string>; unclassified: ReadonlySet<string> };
}) {
  const columns = useMemo(() => eventColumns({ tz, onOpen, marks }), [tz, onOpen, marks]);
  const table = useReactTable({
    data: events,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (event) => event.id,
    enableRowSelection: canSelectEvent,
    state: { rowSelection },
    onRowSelectionChange,
  });
  return (
    <VirtualDataTable
      table={table}
      label="Events, newest first"
      rowCount={total}
      gridClassName={GRID}
      rowClassName={(row) => row.getIsSelected() && "bg-accent-soft/50"}
      testIds={{ scroller: "events-scroller", row: "event-row" }}
    />
  );
}
