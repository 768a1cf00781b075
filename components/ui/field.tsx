"use client";
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { cn } from "@/lib/shared/utils";
import { useHydrated } from "./use-hydrated";

const control =
  "h-9 w-full rounded border border-border bg-surface px-2.5 text-sm text-fg placeholder:text-muted disabled:opacity-60 aria-[invalid=true]:border-danger";

/**
 * A text field. One whose value React holds (`value` given) is read-only until React has hydrated: text
 * typed before then would be replaced by React's value as it hydrates, and lost.
 */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, readOnly, ...props },
  ref,
) {
  const hydrated = useHydrated();
  return (
    <input
      ref={ref}
      className={cn(control, className)}
      readOnly={readOnly || (props.value !== undefined && !hydrated)}
      {...props}
    />
  );
});

/**
 * A select. One whose value React holds (`value` given) stays disabled until React has hydrated: a
 * choice made before then would show in the page while React still held the old value, so what the
 * form says (a warning, a disabled button) would not match what is chosen.
 */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, disabled, ...props },
  ref,
) {
  const hydrated = useHydrated();
  return (
    <select
      ref={ref}
      className={cn(control, "pr-8", className)}
      disabled={disabled || (props.value !== undefined && !hydrated)}
      {...props}
    />
  );
});

/** A label, a control and its error message, wired together for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-muted">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
