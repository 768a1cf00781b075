"use client";
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "@/lib/shared/utils";
import { useHydrated } from "./use-hydrated";

const variants = {
  // Hover shades of their own (app/globals.css): darker in the light theme, lighter in the dark, so
  // a hovered button keeps its text's contrast (an opacity would wash it towards the page).
  primary: "bg-accent text-accent-fg hover:bg-accent-hover",
  secondary: "border border-border bg-surface text-fg hover:bg-surface-2",
  ghost: "text-fg hover:bg-surface-2",
  danger: "bg-danger text-white hover:bg-danger-hover dark:text-bg",
} as const;

const sizes = { sm: "h-8 px-2.5 text-xs", md: "h-9 px-3.5 text-sm" } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant = "secondary", size = "md", type = "button", disabled, ...props },
  ref,
) {
  // Until React has hydrated, a click would do nothing (or submit a form natively, putting its
  // fields in the URL), so buttons stay disabled for that moment.
  const hydrated = useHydrated();
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || !hydrated}
      className={cn(
        "inline-flex items-center justify-center gap-1.5 rounded font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});
