"use client";
import { useId, useMemo, useState } from "react";
import { chainFamily, chainInfo, chainOptionsOf, type ChainFamily, type ChainTable } from "@/lib/chains";
import { Input, Select } from "@/components/ui/field";

const FAMILY_LABELS: Record<ChainFamily, string> = {
  eip155: "EVM (eip155)",
  solana: "Solana",
  bip122: "Bitcoin (bip122)",
  tron: "Tron",
  stellar: "Stellar",
};

export interface ChainOption {
  value: string;
  id: string;
  label: string;
  family: ChainFamily;
}

/** Every way the table accepts a chain: its shortcuts and the CAIP-2 ids, grouped by family. */
export function chainPickerOptions(table: ChainTable): ChainOption[] {
  const seen = new Set<string>();
  const out: ChainOption[] = [];
  for (const o of chainOptionsOf(table)) {
    const family = chainFamily(o.id);
    if (!family) continue;
    const name = chainInfo(o.id)?.label ?? o.id;
    if (!seen.has(o.value))
      out.push({
        value: o.value,
        id: o.id,
        label: o.value === o.id ? `${name} — ${o.id}` : `${name} — ${o.value}`,
        family,
      });
    seen.add(o.value);
    if (!seen.has(o.id)) out.push({ value: o.id, id: o.id, label: `${name} — ${o.id}`, family });
    seen.add(o.id);
  }
  return out;
}

/** A chain select with a filter box: type "sep", "solana" or "eip155:8" to narrow the list. */
export function ChainPicker({
  table,
  value,
  onChange,
  label = "Chain",
  id,
}: {
  table: ChainTable;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  id?: string;
}) {
  const auto = useId();
  const selectId = id ?? `${auto}-chain`;
  const [filter, setFilter] = useState("");
  const options = useMemo(() => chainPickerOptions(table), [table]);
  const q = filter.trim().toLowerCase();
  const visible = options.filter(
    (o) => !q || o.label.toLowerCase().includes(q) || o.id.toLowerCase().includes(q) || o.value === value,
  );
  const groups = (Object.keys(FAMILY_LABELS) as ChainFamily[])
    .map((f) => [f, visible.filter((o) => o.family === f)] as const)
    .filter(([, list]) => list.length > 0);
  return (
    <div className="flex w-full max-w-xl flex-col gap-1">
      <label htmlFor={selectId} className="text-xs font-medium text-muted">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          type="search"
          aria-label={`Filter ${label.toLowerCase()} list`}
          placeholder="Filter…"
          className="w-28 shrink-0"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <Select id={selectId} value={value} onChange={(e) => onChange(e.target.value)} className="min-w-0 flex-1">
          {value === "" ? <option value="">Choose a chain…</option> : null}
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
