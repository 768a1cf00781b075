"use client";
import { useId } from "react";
import { CHAINS, chainLabel } from "@/lib/chains";

/** The EVM chains an EIP_155_TX_V1 event can come from (every eip155 chain the console knows), by name. */
export const EVENT_CHAINS = Object.keys(CHAINS)
  .filter((id) => id.startsWith("eip155:"))
  .sort((a, b) => chainLabel(a).localeCompare(chainLabel(b)));

/** Several chains at once, as a list of checkboxes that folds away (a multiple select is hard to use). */
export function ChainMultiSelect({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (chains: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const summary =
    value.length === 0 ? "Any chain" : value.length === 1 ? chainLabel(value[0] as string) : `${value.length} chains`;
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-xs font-medium text-muted">
        Chains
      </span>
      <details className="relative">
        <summary
          className="flex h-9 cursor-pointer items-center rounded border border-border bg-surface px-2.5 text-sm"
          aria-labelledby={`${id}-label ${id}-value`}
        >
          <span id={`${id}-value`}>{summary}</span>
        </summary>
        <fieldset
          aria-labelledby={`${id}-label`}
          className="absolute z-20 mt-1 max-h-72 w-[min(22rem,calc(100vw-2rem))] overflow-auto rounded border border-border bg-surface p-2 shadow-lg"
        >
          {EVENT_CHAINS.map((chain) => (
            <label key={chain} className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-surface-2">
              <input
                type="checkbox"
                checked={value.includes(chain)}
                onChange={(e) => onChange(e.target.checked ? [...value, chain] : value.filter((c) => c !== chain))}
              />
              <span>{chainLabel(chain)}</span>
              <span className="ml-auto font-mono text-xs text-muted">{chain}</span>
            </label>
          ))}
        </fieldset>
      </details>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
