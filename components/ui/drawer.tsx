"use client";
import dynamic from "next/dynamic";
import type { DrawerProps } from "./drawer-radix";
import { useOpenedOnce } from "./use-opened-once";

const RadixDrawer = dynamic(() => import("./drawer-radix").then((m) => m.RadixDrawer), { ssr: false });

/**
 * A side sheet for the details of one item (./drawer-radix says how it behaves). Its code is
 * fetched when it first opens, so a page with a drawer does not carry Radix in its first-load
 * JavaScript (see "Page budgets" in docs/testing.md).
 */
export function Drawer(props: DrawerProps) {
  return useOpenedOnce(props.open) ? <RadixDrawer {...props} /> : null;
}
