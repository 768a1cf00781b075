"use client";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/states";

/**
 * The client page's two form tabs, fetched when one is shown: their forms check input with zod and
 * read built transactions with viem (the transfer summary, the lab's typed data), which the page's
 * wallets, assets and timeline need not load. Rendered in the browser only, so no input exists
 * before its code has loaded: nothing typed into a form can be lost to a late hydration.
 */
const loading = () => (
  <div className="space-y-3" role="status" aria-label="Loading the form">
    <Skeleton className="h-9 w-full max-w-md" />
    <Skeleton className="h-9 w-full max-w-md" />
    <Skeleton className="h-9 w-32" />
  </div>
);

export const TransferTabLazy = dynamic(() => import("./transfer-tab").then((m) => m.TransferTab), {
  ssr: false,
  loading,
});

export const LabTabLazy = dynamic(() => import("../lab/lab-tab").then((m) => m.LabTab), { ssr: false, loading });
