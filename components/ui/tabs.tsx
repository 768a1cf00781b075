"use client";
import { Tabs as T } from "radix-ui";
import type { ReactNode } from "react";

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
      {/*
        On a narrow screen the tabs wrap onto a second line: every tab stays in sight, none is cut off
        behind a row that scrolls without showing it does. Arrow keys still move along all of them.
      */}
      <T.List aria-label={label} className="mb-4 flex flex-wrap gap-x-1 shadow-[inset_0_-1px_0_var(--border)]">
        {tabs.map((t) => (
          <T.Trigger
            key={t.value}
            value={t.value}
            className="shrink-0 border-b-2 border-transparent focus-visible:outline-offset-[-2px] px-2 py-2 text-sm whitespace-nowrap text-muted sm:px-3 hover:text-fg data-[state=active]:border-accent data-[state=active]:font-medium data-[state=active]:text-fg"
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
