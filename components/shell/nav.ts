import type { Permission } from "@/lib/auth/permissions";

export interface NavItem {
  href: string;
  label: string;
  permission: Permission;
  icon: "clients" | "approvals" | "alerts" | "gas" | "yield" | "audit" | "users";
}

/** The sidebar, in order; an item shows only for roles holding its permission. */
export const NAV: NavItem[] = [
  { href: "/clients", label: "Clients", permission: "clients:read", icon: "clients" },
  { href: "/approvals", label: "Approvals", permission: "eject:approve", icon: "approvals" },
  { href: "/alerts", label: "Alerts", permission: "alerts:read", icon: "alerts" },
  { href: "/gas", label: "Gas", permission: "gas:read", icon: "gas" },
  { href: "/yield", label: "Yield", permission: "yield:read", icon: "yield" },
  { href: "/audit", label: "Audit", permission: "audit:read", icon: "audit" },
  { href: "/users", label: "Users", permission: "users:manage", icon: "users" },
];
