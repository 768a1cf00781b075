import { ShieldAlert } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { CaseControl } from "@/components/cases/case-control";
import { Badge } from "@/components/ui/badge";
import { can, ROLE_LABELS, type Role } from "@/lib/auth/permissions";
import type { ApprovalsWaiting } from "@/lib/ejects/views";
import { SignOutButton, ThemeToggle } from "./header-controls";
import { HeaderSearch } from "./header-search";
import { NAV, showsFor } from "./nav";
import { Sidebar } from "./sidebar";

export interface ShellUser {
  email: string;
  name: string | null;
  role: Role;
}

/**
 * The signed-in frame: the areas the role may open (a sidebar on wide screens, a wrapping row on
 * phones), and a header with the upstream, the client search, the user and their role.
 */
export function AppShell({
  user,
  upstream,
  approvals,
  chainAlarm,
  caseHosts,
  children,
}: {
  user: ShellUser;
  upstream: { mode: "sandbox" | "real"; label: string };
  /** What waits for this user's approval (null when their role does not approve). */
  approvals: ApprovalsWaiting | null;
  /** The audit chain was found broken: every action is refused until an operator acknowledges it. */
  chainAlarm: { at: string; message: string } | null;
  /** The hosts a case link may point at (CONSOLE_CASE_URL_HOSTS). */
  caseHosts: readonly string[];
  children: ReactNode;
}) {
  const items = NAV.filter((item) => showsFor(item, user.role));
  return (
    // One navigation for every width, placed by the grid: beside the page on wide screens (under the
    // name), a wrapping row under the header on phones.
    <div className="grid min-h-screen grid-cols-1 grid-rows-[auto_auto_1fr] md:grid-cols-[14rem_minmax(0,1fr)] md:grid-rows-[auto_1fr]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Link
        href="/"
        className="hidden h-14 items-center gap-2 border-r border-b border-border bg-surface px-4 text-sm font-semibold whitespace-nowrap md:flex"
      >
        <span className="icon-shield-check size-5 shrink-0 text-accent" aria-hidden />
        Custodian Console
      </Link>
      <header className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-border bg-surface px-4 py-2 md:h-14 md:flex-nowrap md:py-0">
        <div className="flex items-center gap-2 text-sm">
          <span className="text-muted">Upstream</span>
          {upstream.mode === "sandbox" ? (
            <Badge tone="warning" className="tracking-wide uppercase">
              Sandbox
            </Badge>
          ) : (
            <Badge tone="accent">{upstream.label}</Badge>
          )}
        </div>
        <div className="order-last w-full md:order-none md:ml-4 md:w-auto md:flex-1">
          {can(user.role, "clients:read") ? <HeaderSearch /> : null}
        </div>
        <div className="ml-auto flex items-center gap-1 md:gap-2">
          <div className="min-w-0 text-right text-sm leading-tight" title={user.email}>
            <div className="max-w-[11rem] truncate font-medium md:max-w-none" data-testid="current-user">
              {user.name ?? user.email}
            </div>
            <div className="text-xs text-muted">
              <span className="hidden md:inline">{user.name ? `${user.email} · ` : ""}</span>
              <span data-testid="current-role">{ROLE_LABELS[user.role]}</span>
            </div>
          </div>
          <CaseControl allowedHosts={caseHosts} />
          <ThemeToggle />
          <SignOutButton />
        </div>
      </header>
      <div className="border-b border-border bg-surface md:border-r md:border-b-0">
        <Sidebar items={items} approvals={approvals} />
      </div>
      <div className="flex min-w-0 flex-col">
        {chainAlarm ? <ChainAlarmBanner alarm={chainAlarm} canVerify={can(user.role, "audit:read")} /> : null}
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/** On every page while the audit chain alarm stands: nothing can be done, and why. */
function ChainAlarmBanner({ alarm, canVerify }: { alarm: { at: string; message: string }; canVerify: boolean }) {
  return (
    <div
      role="alert"
      className="border-b border-border bg-danger-soft px-4 py-3 text-sm md:px-8"
      data-testid="chain-alarm"
    >
      <p className="flex items-start gap-2 font-medium text-danger">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          The audit log was found damaged ({new Date(alarm.at).toISOString().replace("T", " ").slice(0, 16)} UTC):
          actions are paused until an operator acknowledges it.
        </span>
      </p>
      <p className="mt-1 pl-6 text-xs break-words">
        {alarm.message.charAt(0).toUpperCase() + alarm.message.slice(1)}.{" "}
        {canVerify ? (
          <Link href="/audit" className="font-medium underline">
            See what broke and what to do (Audit › Verify chain)
          </Link>
        ) : (
          "An administrator has what is needed to look into it."
        )}
      </p>
    </div>
  );
}
