"use client";
import { Check, Copy, Eye, EyeOff, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "./button";

/**
 * A secret shown once: masked until revealed, with a copy button and a warning that it will not be
 * shown again. The value lives only in this component's state; closing it forgets the value.
 */
export function SecretOnce({
  label,
  value,
  onSeen,
}: {
  label: string;
  value: string;
  /** Called when the secret is revealed or copied: whoever holds the dialog knows it was taken. */
  onSeen?: () => void;
}) {
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded border border-warning/40 bg-warning-soft p-3">
      <p className="mb-2 flex items-center gap-1.5 text-xs font-medium text-warning">
        <TriangleAlert className="size-3.5" aria-hidden /> {label}: copy it now, it will not be shown again.
      </p>
      <div className="flex items-center gap-2">
        <code
          aria-label={label}
          className="min-w-0 flex-1 truncate rounded border border-border bg-surface px-2 py-1.5 font-mono text-sm"
          data-testid="secret-value"
        >
          {revealed ? value : "•".repeat(Math.min(32, Math.max(12, value.length)))}
        </code>
        <Button
          size="sm"
          onClick={() => {
            setRevealed((r) => !r);
            onSeen?.();
          }}
          aria-label={revealed ? `Hide ${label}` : `Reveal ${label}`}
        >
          {revealed ? <EyeOff className="size-3.5" aria-hidden /> : <Eye className="size-3.5" aria-hidden />}
          {revealed ? "Hide" : "Reveal"}
        </Button>
        <Button
          size="sm"
          onClick={async () => {
            await navigator.clipboard.writeText(value);
            setCopied(true);
            onSeen?.();
          }}
          aria-label={`Copy ${label}`}
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}
