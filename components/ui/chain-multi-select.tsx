"use client";
import { useId } from "react";
import { chainLabel } from "@/lib/chains";

/**
 * Several chains at once, as a list of checkboxes that folds away (a multiple select is hard to use).
 * On a phone the list is as wide as the field, so it never reaches past the window.
 */
export function ChainMultiSelect({
  label,
  options,
  value,
  onChange,
  anyLabel = "Any chain",
  error,
}: {
  label: string;
  options: readonly string[];
  value: string[];
  onChange: (chains: string[]) => void;
  /** What an empty choice means ("Any chain"). */
  anyLabel?: string;
  error?: string;
}) {
  const id = useId();
  const summary =
    value.length === 0 ? anyLabel : value.length === 1 ? chainLabel(value[0] as string) : `${value.length} chains`;
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-xs font-medium text-muted">
        {label}
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
          className="absolute right-0 left-0 z-20 mt-1 min-w-0 max-h-72 overflow-auto rounded border border-border bg-surface p-2 shadow-lg md:right-auto md:w-[22rem]"
        >
          {options.map((chain) => (
            <label
              key={chain}
              className="flex min-w-0 items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-surface-2"
            >
              <input
                type="checkbox"
                checked={value.includes(chain)}
                onChange={(e) => onChange(e.target.checked ? [...value, chain] : value.filter((c) => c !== chain))}
              />
              <span className="shrink-0">{chainLabel(chain)}</span>
              <span className="ml-auto min-w-0 truncate font-mono text-xs text-muted" title={chain}>
                {chain}
              </span>
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
