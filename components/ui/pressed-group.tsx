"use client";

/** A row of buttons of which one is pressed: a choice that applies at once (a range, a filter). */
export function PressedGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className="rounded border border-border px-3 py-1 text-sm aria-pressed:border-accent aria-pressed:bg-accent-soft"
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
