"use client";
import { useState } from "react";

export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      title={copied ? "Copied" : `Copy ${label}`}
      // copy-button: app/globals.css, one class in every row's HTML rather than ten.
      className={className ? `copy-button ${className}` : "copy-button"}
      onClick={async () => {
        await navigator.clipboard.writeText(value).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {/* Empty, the button draws the copy icon itself (copy-button in app/globals.css): no element for it. */}
      {copied ? <CheckIcon /> : null}
    </button>
  );
}

/*
 * lucide's "check" as plain SVG (lucide's icon component builds its SVG anew on each render); shown
 * only once a value was copied. The markup is lucide's own (lucide-react 1.x).
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

export function CheckIcon() {
  return (
    <svg {...SVG_PROPS} className="lucide lucide-check size-3.5 text-success" aria-hidden>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
