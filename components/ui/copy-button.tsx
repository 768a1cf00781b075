"use client";
import { useState } from "react";
import { cn } from "@/lib/shared/utils";

export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      title={copied ? "Copied" : `Copy ${label}`}
      className={cn(
        "inline-flex size-6 shrink-0 items-center justify-center rounded text-muted hover:bg-surface-2 hover:text-fg",
        className,
      )}
      onClick={async () => {
        await navigator.clipboard.writeText(value).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </button>
  );
}

/*
 * lucide's "copy" and "check" as plain SVG: a table shows a copy button in most cells, and lucide's
 * icon component builds its SVG anew on each render (a few percent of a list page's server CPU).
 * The markup is lucide's own (lucide-react 1.x), so the icons look the same as everywhere else.
 */
const SVG_PROPS = {
  xmlns: "http://www.w3.org/2000/svg",
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export function CopyIcon() {
  return (
    <svg {...SVG_PROPS} className="lucide lucide-copy size-3.5" aria-hidden>
      <rect width="14" height="14" x="8" y="8" rx="2" ry="2" />
      <path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...SVG_PROPS} className="lucide lucide-check size-3.5 text-success" aria-hidden>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
