"use client";
import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { cn } from "@/lib/shared/utils";

/**
 * A side sheet for the details of one item, over the page instead of squeezing it: from the right
 * on desktop, the full width on a phone. Radix Dialog underneath: focus stays inside, Escape and the
 * close button close it, its title labels it.
 *
 * Focus goes back to what had it when the drawer opened. Drawers here are often opened from the URL
 * (a reload, a shared link) where nothing had focus, so `returnFocus` names where it goes then.
 */
export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  returnFocus?: () => HTMLElement | null | undefined;
  className?: string;
}

/** Use `Drawer` (./drawer), which loads this when first opened. */
export function RadixDrawer({ open, onOpenChange, title, description, children, returnFocus, className }: DrawerProps) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the drawer, so this still sees the opener.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);

  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <D.Content
          className={cn(
            "fixed inset-y-0 right-0 z-50 flex w-full flex-col border-border bg-surface shadow-xl sm:w-[min(40rem,calc(100vw-3rem))] sm:border-l",
            className,
          )}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current?.isConnected ? opener.current : returnFocus?.();
            target?.focus();
            opener.current = null;
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <D.Title className="text-base font-semibold">{title}</D.Title>
              {description ? (
                <D.Description className="mt-1 text-sm text-muted">{description}</D.Description>
              ) : (
                <D.Description className="sr-only">{title}</D.Description>
              )}
            </div>
            <D.Close className="rounded p-1 text-muted hover:bg-surface-2" aria-label="Close">
              <X className="size-4" aria-hidden />
            </D.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
