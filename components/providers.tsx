"use client";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Suspense, useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { SessionWatch, type SessionLimits } from "@/components/auth/session-watch";
import { NavigationMemory } from "@/components/shell/navigation-memory";
import { getQueryClient } from "@/lib/shared/query-client";

export function Providers({
  children,
  nonce,
  sessionLimits,
}: {
  children: ReactNode;
  nonce?: string;
  /** Signed in: the session's limits, for the watch that says when it ended. */
  sessionLimits: SessionLimits | null;
}) {
  const [queryClient] = useState(getQueryClient);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem nonce={nonce} disableTransitionOnChange>
      {sessionLimits ? <SessionWatch limits={sessionLimits} /> : null}
      <Suspense fallback={null}>
        <NavigationMemory />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <NuqsAdapter>{children}</NuqsAdapter>
      </QueryClientProvider>
      <Toaster richColors closeButton position="bottom-right" />
    </ThemeProvider>
  );
}
