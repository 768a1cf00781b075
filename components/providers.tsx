"use client";
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider, getSession } from "next-auth/react";
import { ThemeProvider } from "next-themes";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { usePathname } from "next/navigation";
import { Toaster } from "sonner";
import { getQueryClient } from "@/lib/query-client";
import { NavigationMemory } from "@/components/shell/navigation-memory";

/** Navigation counts as activity: it re-issues the session cookie, so only real idleness ends a session. */
function SessionKeepAlive() {
  const pathname = usePathname();
  useEffect(() => {
    void getSession();
  }, [pathname]);
  return null;
}

export function Providers({ children, nonce, signedIn }: { children: ReactNode; nonce?: string; signedIn: boolean }) {
  const [queryClient] = useState(getQueryClient);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem nonce={nonce} disableTransitionOnChange>
      <SessionProvider refetchOnWindowFocus={signedIn} refetchInterval={0}>
        {signedIn ? <SessionKeepAlive /> : null}
        <Suspense fallback={null}>
          <NavigationMemory />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          <NuqsAdapter>{children}</NuqsAdapter>
        </QueryClientProvider>
      </SessionProvider>
      <Toaster richColors closeButton position="bottom-right" />
    </ThemeProvider>
  );
}
