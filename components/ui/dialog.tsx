"use client";
import dynamic from "next/dynamic";
import type { DialogProps } from "./dialog-radix";
import { useOpenedOnce } from "./use-opened-once";

const RadixDialog = dynamic(() => import("./dialog-radix").then((m) => m.RadixDialog), { ssr: false });

/**
 * A modal dialog (Radix: focus trap, Escape to close, labelled by its title). Its code is fetched
 * when it first opens, so a page with a dialog does not carry Radix in its first-load JavaScript
 * (see "Page budgets" in docs/testing.md).
 */
export function Dialog(props: DialogProps) {
  return useOpenedOnce(props.open) ? <RadixDialog {...props} /> : null;
}
