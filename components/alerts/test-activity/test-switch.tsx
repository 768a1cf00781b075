"use client";
import { FlaskConical } from "lucide-react";
import type { TestMode } from "@/lib/alerts/test-activity";
import { cn } from "@/lib/shared/utils";

const CHOICES: { mode: TestMode; label: string }[] = [
  { mode: "include", label: "Include" },
  { mode: "exclude", label: "Leave out" },
  { mode: "only", label: "Only" },
];

/**
 * The test-activity switch (`test` in the URL): events of the console's test clients kept, left out, or
 * kept alone. Export and replay-all act on the same choice.
 */
export function TestSwitch({ mode, onChange }: { mode: TestMode; onChange: (mode: TestMode) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-sm" data-testid="test-switch">
      <legend className="float-left mr-1 inline-flex items-center gap-1 text-muted">
        <FlaskConical className="size-4" aria-hidden /> Test activity
      </legend>
      <div className="inline-flex overflow-hidden rounded border border-border">
        {CHOICES.map((choice) => (
          <label
            key={choice.mode}
            className={cn(
              "cursor-pointer px-2.5 py-1 focus-within:outline-2 focus-within:outline-accent",
              choice.mode === mode ? "bg-accent text-accent-fg" : "bg-surface hover:bg-surface-2",
            )}
          >
            <input
              type="radio"
              name="test-activity"
              value={choice.mode}
              checked={choice.mode === mode}
              onChange={() => onChange(choice.mode)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
