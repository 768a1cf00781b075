"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Bell, Flame, ScrollText, Sprout, UserCog, Users } from "lucide-react";
import { cn } from "@/lib/utils";
import type { NavItem } from "./nav";

const ICONS = { clients: Users, alerts: Bell, gas: Flame, yield: Sprout, audit: ScrollText, users: UserCog } as const;

export function Sidebar({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex flex-col gap-0.5 p-2">
      {items.map((item) => {
        const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
        const Icon = ICONS[item.icon];
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-2.5 rounded px-2.5 py-2 text-sm text-muted hover:bg-surface-2 hover:text-fg",
              active && "bg-accent-soft font-medium text-accent hover:bg-accent-soft hover:text-accent",
            )}
          >
            <Icon className="size-4" aria-hidden />
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
