"use client";
import { ChevronDown } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useState } from "react";
import { Input } from "@/components/ui/field";
import { chainLabel } from "@/lib/chains";

const matches = (chainId: string, filter: string) => {
  const f = filter.trim().toLowerCase();
  return !f || chainLabel(chainId).toLowerCase().includes(f) || chainId.toLowerCase().includes(f);
};

/**
 * Several chains at once: a button that opens a popover (Radix: closes on Escape, a click outside
 * and Done, focus back on the button, kept inside the window) with a filter box and the chains as
 * checkboxes, by name and CAIP-2 id. The one chain picker of the console (events, gas, yield).
 */
export function ChainMultiSelect({
  label,
  options,
  value,
  onChange,
  anyLabel = "Any chain",
  summary,
  max,
  error,
}: {
  label: string;
  options: readonly string[];
  value: string[];
  onChange: (chains: string[]) => void;
  /** What an empty choice means ("Any chain"). */
  anyLabel?: string;
  /** The button's words for the choice; by default the chain's name or "3 chains". */
  summary?: (value: string[]) => string;
  /** The most chains that can be chosen at once. */
  max?: number;
  error?: string;
}) {
  const id = useId();
  const [filter, setFilter] = useState("");
  const full = max !== undefined && value.length >= max;
  const listed = options.filter((c) => matches(c, filter));
  const words =
    summary?.(value) ??
    (value.length === 0 ? anyLabel : value.length === 1 ? chainLabel(value[0] as string) : `${value.length} chains`);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span id={`${id}-label`} className="text-xs font-medium text-muted">
        {label}
      </span>
      <Popover.Root onOpenChange={(open) => (open ? setFilter("") : undefined)}>
        <Popover.Trigger
          aria-labelledby={`${id}-label ${id}-value`}
          aria-invalid={Boolean(error)}
          className="inline-flex h-9 max-w-full min-w-0 items-center justify-between gap-1.5 rounded border border-border bg-surface px-2.5 text-sm hover:bg-surface-2"
        >
          <span id={`${id}-value`} className="truncate">
            {words}
          </span>
          <ChevronDown className="size-4 shrink-0 text-muted" aria-hidden />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            aria-label={label}
            align="start"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded border border-border bg-surface p-2 text-fg shadow-lg"
          >
            <label htmlFor={`${id}-filter`} className="sr-only">
              Filter chains by name or id
            </label>
            <Input
              id={`${id}-filter`}
              placeholder="Filter by name or eip155 id"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              autoComplete="off"
            />
            <fieldset aria-labelledby={`${id}-label`} className="mt-2 max-h-64 overflow-y-auto">
              {listed.length === 0 ? <p className="px-1.5 py-2 text-sm text-muted">No chain matches.</p> : null}
              {listed.map((chain) => {
                const checked = value.includes(chain);
                return (
                  <label
                    key={chain}
                    className="flex min-w-0 cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-surface-2 has-disabled:cursor-not-allowed has-disabled:opacity-60"
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(e) =>
                        onChange(e.target.checked ? [...value, chain] : value.filter((c) => c !== chain))
                      }
                    />
                    <span className="shrink-0">{chainLabel(chain)}</span>
                    <span className="ml-auto min-w-0 truncate font-mono text-xs text-muted" title={chain}>
                      {chain}
                    </span>
                  </label>
                );
              })}
            </fieldset>
            <div className="mt-2 flex items-center justify-between gap-2 border-t border-border pt-2">
              <span className="text-xs text-muted">
                {full ? `${max} chains at most; remove one to add another.` : words}
              </span>
              <Popover.Close className="inline-flex h-8 shrink-0 items-center rounded bg-accent px-2.5 text-xs font-medium text-accent-fg hover:bg-accent-hover">
                Done
              </Popover.Close>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
