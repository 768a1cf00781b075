"use client";
import dynamic from "next/dynamic";
import type { ConfirmDialogProps } from "./confirm-dialog-radix";
import { useOpenedOnce } from "./use-opened-once";

const RadixConfirmDialog = dynamic(() => import("./confirm-dialog-radix").then((m) => m.RadixConfirmDialog), {
  ssr: false,
});

/**
 * A confirmation for an act that cannot be undone. It names what will happen (children), can ask
 * for a note (which goes to the audit record), and keeps focus inside until answered. Its code is
 * fetched when it first opens, so it adds nothing to a page's first-load JavaScript.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return useOpenedOnce(props.open) ? <RadixConfirmDialog {...props} /> : null;
}
