"use client";
import { X } from "lucide-react";
import { ChainMultiSelect } from "@/components/ui/chain-multi-select";
import { chainLabel } from "@/lib/chains";
import { GAS_CHAINS, MAX_GAS_CHAINS } from "@/lib/gas/search-params";
import { Swatch } from "./series-colors";

/**
 * The EVM chains to show, several at once: the console's chain picker (filterable, closes like a
 * menu), and the chosen ones as removable chips in their colours.
 */
export function GasChainsPicker({ value, onChange }: { value: string[]; onChange: (chains: string[]) => void }) {
  return (
    <div className="flex min-w-0 flex-wrap items-end gap-1.5">
      <ChainMultiSelect
        label="Chains"
        options={GAS_CHAINS}
        value={value}
        onChange={onChange}
        max={MAX_GAS_CHAINS}
        summary={(v) => (v.length === 0 ? "Choose chains" : `${v.length} of ${MAX_GAS_CHAINS} chosen`)}
      />
      <div className="flex min-h-9 min-w-0 items-center">
        <ul aria-label="Chosen chains" className="flex min-w-0 flex-wrap gap-1.5">
          {value.map((chain, slot) => (
            <li
              key={chain}
              className="inline-flex h-7 max-w-full items-center gap-1.5 rounded-full border border-border bg-surface pr-0.5 pl-2.5 text-xs"
            >
              <Swatch slot={slot} />
              <span className="truncate">{chainLabel(chain)}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((c) => c !== chain))}
                aria-label={`Remove ${chainLabel(chain)}`}
                className="inline-flex size-6 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
