"use client";
import { useId, useState } from "react";
import { Popover } from "radix-ui";
import { ChevronDown, X } from "lucide-react";
import { Input } from "@/components/ui/field";
import { chainLabel } from "@/lib/chains";
import { GAS_CHAINS, MAX_GAS_CHAINS } from "@/lib/gas/url-state";
import { Swatch } from "./series-colors";

const matches = (chainId: string, filter: string) => {
  const f = filter.trim().toLowerCase();
  return !f || chainLabel(chainId).toLowerCase().includes(f) || chainId.toLowerCase().includes(f);
};

/**
 * The EVM chains to show, several at once: a list of checkboxes (name and CAIP-2 id, filterable)
 * in a popover, and the chosen ones as removable chips in their colours.
 */
export function ChainPicker({ value, onChange }: { value: string[]; onChange: (chains: string[]) => void }) {
  const id = useId();
  const [filter, setFilter] = useState("");
  const full = value.length >= MAX_GAS_CHAINS;
  const listed = GAS_CHAINS.filter((c) => matches(c, filter));
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span id={`${id}-label`} className="text-xs font-medium text-muted">
        Chains
      </span>
      <div className="flex min-w-0 flex-wrap items-center gap-1.5">
        <Popover.Root onOpenChange={(open) => (open ? setFilter("") : undefined)}>
          <Popover.Trigger
            aria-labelledby={`${id}-label ${id}-summary`}
            className="inline-flex h-9 items-center gap-1.5 rounded border border-border bg-surface px-2.5 text-sm hover:bg-surface-2"
          >
            <span id={`${id}-summary`}>
              {value.length === 0 ? "Choose chains" : `${value.length} of ${MAX_GAS_CHAINS} chosen`}
            </span>
            <ChevronDown className="size-4 text-muted" aria-hidden />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={4}
              className="z-50 w-[min(24rem,calc(100vw-1.5rem))] rounded border border-border bg-surface p-2 text-fg shadow-lg"
            >
              <label htmlFor={`${id}-filter`} className="sr-only">
                Filter chains by name or id
              </label>
              <Input
                id={`${id}-filter`}
                placeholder="Filter by name or eip155 id"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
              <fieldset aria-labelledby={`${id}-label`} className="mt-2 max-h-72 overflow-y-auto">
                {listed.length === 0 ? <p className="px-1.5 py-2 text-sm text-muted">No chain matches.</p> : null}
                {listed.map((chain) => {
                  const checked = value.includes(chain);
                  return (
                    <label
                      key={chain}
                      className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-surface-2 has-disabled:cursor-not-allowed has-disabled:opacity-60"
                    >
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={!checked && full}
                        onChange={(e) =>
                          onChange(e.target.checked ? [...value, chain] : value.filter((c) => c !== chain))
                        }
                      />
                      <span>{chainLabel(chain)}</span>
                      <span className="ml-auto font-mono text-xs text-muted">{chain}</span>
                    </label>
                  );
                })}
              </fieldset>
              {full ? (
                <p className="mt-2 px-1.5 text-xs text-muted">
                  {MAX_GAS_CHAINS} chains at most; remove one to add another.
                </p>
              ) : null}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
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
