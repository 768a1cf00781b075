"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { approvalsWaitingUrl } from "@/lib/ejects/routes";
import type { ApprovalsWaiting } from "@/lib/ejects/views";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { cn } from "@/lib/shared/utils";
import type { NavItem } from "./nav";

/** Each area's icon, drawn by CSS (app/globals.css, icon-*). */
const ICONS = {
  clients: "icon-users",
  approvals: "icon-list-checks",
  alerts: "icon-bell",
  gas: "icon-flame",
  yield: "icon-sprout",
  audit: "icon-scroll-text",
  users: "icon-user-cog",
} as const;

/** How many eject requests wait for this user: kept fresh while the console is open. */
function ApprovalsCount({ initial }: { initial: ApprovalsWaiting }) {
  const count = useQuery({
    queryKey: queryKeys.approvals.waiting(),
    queryFn: () => fetchJson<ApprovalsWaiting>(approvalsWaitingUrl()),
    initialData: initial,
    refetchInterval: 60_000,
  });
  const n = count.data.waiting;
  if (n === 0) return null;
  return (
    <span
      className="ml-auto rounded-full bg-danger px-1.5 text-xs font-semibold text-white tabular dark:text-bg"
      data-testid="approvals-count"
    >
      {n}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

/** The areas the role may open: a column with icons on wide screens, a wrapping row on phones. */
export function Sidebar({ items, approvals }: { items: NavItem[]; approvals: ApprovalsWaiting | null }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex flex-wrap gap-1 px-2 py-1 md:flex-col md:flex-nowrap md:gap-0.5 md:p-2">
      {items.map((item) => {
        const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-2.5 rounded px-2 py-1 text-sm text-muted hover:bg-surface-2 hover:text-fg md:px-2.5 md:py-2",
              active && "bg-accent-soft font-medium text-accent hover:bg-accent-soft hover:text-accent",
            )}
          >
            <span className={cn("hidden size-4 shrink-0 md:block", ICONS[item.icon])} aria-hidden />
            {item.label}
            {item.icon === "approvals" && approvals ? <ApprovalsCount initial={approvals} /> : null}
          </Link>
        );
      })}
    </nav>
  );
}
