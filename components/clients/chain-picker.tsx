"use client";
import { useId, useMemo, useState } from "react";
import { Input, Select } from "@/components/ui/field";
import type { ChainFamily, ChainTable } from "@/lib/chains";
import { chainOptions } from "@/lib/chains/options";

const FAMILY_LABELS: Record<ChainFamily, string> = {
  eip155: "EVM (eip155)",
  solana: "Solana",
  bip122: "Bitcoin (bip122)",
  tron: "Tron",
  stellar: "Stellar",
};

/**
 * A chain select with a filter box ("sep", "solana", "eip155:8" or a shortcut such as
 * "base-sepolia" narrow the list). Each chain appears once, by name with its CAIP-2 id, which is
 * the value chosen; with `compareWith`, chains that table treats differently are marked.
 */
export function ChainPicker({
  table,
  compareWith,
  value,
  onChange,
  label = "Chain",
  id,
  describedBy,
  only,
  allOption,
}: {
  table: ChainTable;
  compareWith?: ChainTable;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  id?: string;
  describedBy?: string;
  /** Offer only these chains of the table (the rest are explained beside the picker). */
  only?: readonly string[];
  /** A first option, value "", that stands for every chain (its label). */
  allOption?: string;
}) {
  const auto = useId();
  const selectId = id ?? `${auto}-chain`;
  const [filter, setFilter] = useState("");
  const options = useMemo(
    () => chainOptions(table, compareWith).filter((o) => !only || only.includes(o.value)),
    [table, compareWith, only],
  );
  const q = filter.trim().toLowerCase();
  const visible = options.filter(
    (o) => !q || o.value === value || o.label.toLowerCase().includes(q) || o.aliases.some((alias) => alias.includes(q)),
  );
  const groups = (Object.keys(FAMILY_LABELS) as ChainFamily[])
    .map((f) => [f, visible.filter((o) => o.family === f)] as const)
    .filter(([, list]) => list.length > 0);
  return (
    <div className="flex w-full max-w-xl min-w-0 flex-col gap-1">
      <label htmlFor={selectId} className="text-xs font-medium text-muted">
        {label}
      </label>
      {/* Stacked on a phone, so the select is wide enough to show the chain's id. */}
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <Input
          type="search"
          aria-label={`Filter ${label.toLowerCase()} list`}
          placeholder="Filter…"
          className="w-full shrink-0 sm:w-28"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <Select
          id={selectId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="min-w-0 sm:flex-1"
          aria-describedby={describedBy}
        >
          {allOption !== undefined ? (
            <option value="">{allOption}</option>
          ) : value === "" ? (
            <option value="">Choose a chain…</option>
          ) : null}
          {groups.map(([family, list]) => (
            <optgroup key={family} label={FAMILY_LABELS[family]}>
              {list.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </div>
    </div>
  );
}
