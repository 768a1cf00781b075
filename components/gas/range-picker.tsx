"use client";
import { GAS_RANGES, RANGE_OPTIONS, type GasRange } from "@/lib/gas/range";

/** The months to show, as a row of radio buttons (native radios: arrow keys and screen readers work). */
export function RangePicker({ value, onChange }: { value: GasRange; onChange: (range: GasRange) => void }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-muted">Range, up to this month</legend>
      <div className="inline-flex flex-wrap rounded border border-border bg-surface p-0.5">
        {GAS_RANGES.map((range) => (
          <label key={range} className="relative">
            <input
              type="radio"
              name="gas-range"
              value={range}
              checked={value === range}
              onChange={() => onChange(range)}
              className="peer absolute inset-0 cursor-pointer opacity-0"
            />
            <span className="inline-flex h-8 cursor-pointer items-center rounded px-2.5 text-sm text-muted peer-checked:bg-accent peer-checked:text-accent-fg peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring hover:text-fg peer-checked:hover:text-accent-fg">
              {RANGE_OPTIONS[range]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
