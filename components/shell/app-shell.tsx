import type { ReactNode } from "react";
import Link from "next/link";
import { ShieldCheck } from "lucide-react";
import { can, ROLE_LABELS, type Role } from "@/lib/permissions";
import { Badge } from "@/components/ui/badge";
import { NAV } from "./nav";
import { Sidebar } from "./sidebar";
import { SignOutButton, ThemeToggle } from "./header-controls";

export interface ShellUser {
  email: string;
  name: string | null;
  role: Role;
}

/** The signed-in frame: sidebar of the areas the role may open, header with user, role and upstream. */
export function AppShell({
  user,
  upstream,
  children,
}: {
  user: ShellUser;
  upstream: { mode: "sandbox" | "real"; label: string };
  children: ReactNode;
}) {
  const items = NAV.filter((item) => can(user.role, item.permission));
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-56 shrink-0 border-r border-border bg-surface md:block">
        <Link
          href="/"
          className="flex h-14 items-center gap-2 border-b border-border px-4 text-sm font-semibold whitespace-nowrap"
        >
          <ShieldCheck className="size-5 text-accent" aria-hidden />
          Custodian Console
        </Link>
        <Sidebar items={items} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-between gap-3 border-b border-border bg-surface px-4">
          <div className="flex items-center gap-2 text-sm">
            <span className="text-muted">Upstream</span>
            {upstream.mode === "sandbox" ? (
              <Badge tone="warning" className="uppercase tracking-wide">
                Sandbox
              </Badge>
            ) : (
              <Badge tone="accent">{upstream.label}</Badge>
            )}
          </div>
          <div className="flex items-center gap-2">
            <div className="text-right text-sm leading-tight">
              <div className="font-medium" data-testid="current-user">
                {user.name ?? user.email}
              </div>
              <div className="text-xs text-muted">
                {user.name ? `${user.email} · ` : ""}
                <span data-testid="current-role">{ROLE_LABELS[user.role]}</span>
              </div>
            </div>
            <ThemeToggle />
            <SignOutButton />
          </div>
        </header>
        <nav
          aria-label="Main (compact)"
          className="flex gap-1 overflow-x-auto border-b border-border bg-surface px-2 py-1 md:hidden"
        >
          {items.map((i) => (
            <Link key={i.href} href={i.href} className="rounded px-2 py-1 text-sm text-muted hover:bg-surface-2">
              {i.label}
            </Link>
          ))}
        </nav>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
