import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { AppShell } from "@/components/shell/app-shell";
import { can } from "@/lib/auth/permissions";
import { chainAlarm } from "@/server/audit/alarm";
import { currentUser, sendVisitorsToSignIn } from "@/server/auth/session";
import { allowedCaseHosts } from "@/server/cases/policy";
import { approvalsWaiting } from "@/server/ejects/approvals-view";
import { getEnv, getUpstreamConfig } from "@/server/env";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Custodian Console", template: "%s · Custodian Console" },
  description: "Administration of embedded MPC wallets, alert deliveries and yield operations.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  await sendVisitorsToSignIn();
  const user = await currentUser();
  const upstream = getUpstreamConfig();
  const env = getEnv();
  const approvals = user && can(user.role, "eject:approve") ? await approvalsWaiting(user).catch(() => null) : null;
  const alarm = user ? await chainAlarm().catch(() => null) : null;
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen antialiased">
        <Providers
          nonce={nonce}
          sessionLimits={
            user ? { idleMinutes: env.CONSOLE_SESSION_IDLE_MINUTES, maxHours: env.CONSOLE_SESSION_MAX_HOURS } : null
          }
        >
          {user ? (
            <AppShell
              user={user}
              upstream={{ mode: upstream.mode, label: upstream.label }}
              approvals={approvals}
              chainAlarm={alarm && { at: alarm.at, message: alarm.message }}
              caseHosts={allowedCaseHosts()}
            >
              {children}
            </AppShell>
          ) : (
            children
          )}
        </Providers>
      </body>
    </html>
  );
}
