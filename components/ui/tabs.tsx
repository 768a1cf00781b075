"use client";
import type { ReactNode } from "react";
import { Tabs as T } from "radix-ui";

/** Accessible tabs (Radix: arrow keys, roving focus); the selected tab is controlled by the caller. */
export function Tabs({
  value,
  onValueChange,
  tabs,
  label,
}: {
  value: string;
  onValueChange: (v: string) => void;
  label: string;
  tabs: { value: string; label: string; content: ReactNode }[];
}) {
  return (
    <T.Root value={value} onValueChange={onValueChange}>
      <T.List aria-label={label} className="mb-4 flex gap-1 border-b border-border">
        {tabs.map((t) => (
          <T.Trigger
            key={t.value}
            value={t.value}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:font-medium data-[state=active]:text-fg"
          >
            {t.label}
          </T.Trigger>
        ))}
      </T.List>
      {tabs.map((t) => (
        <T.Content key={t.value} value={t.value} className="focus-visible:outline-none">
          {t.content}
        </T.Content>
      ))}
    </T.Root>
  );
}
