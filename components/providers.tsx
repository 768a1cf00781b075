"use client";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Suspense, useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { SessionKeepAlive } from "@/components/auth/session-keep-alive";
import { NavigationMemory } from "@/components/shell/navigation-memory";
import { getQueryClient } from "@/lib/shared/query-client";

export function Providers({ children, nonce, signedIn }: { children: ReactNode; nonce?: string; signedIn: boolean }) {
  const [queryClient] = useState(getQueryClient);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem nonce={nonce} disableTransitionOnChange>
      {signedIn ? <SessionKeepAlive /> : null}
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
