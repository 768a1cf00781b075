import type { ReactNode } from "react";
import { cn } from "@/lib/shared/utils";

const tones = {
  neutral: "bg-surface-2 text-fg border-border",
  accent: "bg-accent-soft text-accent border-transparent",
  success: "bg-success-soft text-success border-transparent",
  danger: "bg-danger-soft text-danger border-transparent",
  warning: "bg-warning-soft text-warning border-transparent",
} as const;

const BASE = "inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap";
// Each tone's whole class, joined once rather than for every badge of every row.
const toned = Object.fromEntries(Object.entries(tones).map(([tone, look]) => [tone, `${BASE} ${look}`])) as Record<
  keyof typeof tones,
  string
>;

export function Badge({
  tone = "neutral",
  children,
  className,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return <span className={className ? cn(toned[tone], className) : toned[tone]}>{children}</span>;
}
