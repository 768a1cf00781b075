import { can, canAny, type Permission, type Role } from "@/lib/auth/permissions";

export interface NavItem {
  href: string;
  label: string;
  /** The item shows for a role holding any of these. */
  permission: Permission | readonly Permission[];
  icon: "clients" | "approvals" | "alerts" | "gas" | "yield" | "audit" | "users";
}

/** Whether the role may see the item. */
export const showsFor = (item: NavItem, role: Role) =>
  typeof item.permission === "string" ? can(role, item.permission) : canAny(role, item.permission);

/** The sidebar, in order; an item shows only for roles holding its permission. */
export const NAV: NavItem[] = [
  { href: "/clients", label: "Clients", permission: "clients:read", icon: "clients" },
  // Approvers decide there; requesters follow their own requests there.
  {
    href: "/approvals",
    label: "Approvals",
    permission: ["eject:approve", "eject:request"],
    icon: "approvals",
  },
  { href: "/alerts", label: "Alerts", permission: "alerts:read", icon: "alerts" },
  { href: "/gas", label: "Gas", permission: "gas:read", icon: "gas" },
  { href: "/yield", label: "Yield", permission: "yield:read", icon: "yield" },
  { href: "/audit", label: "Audit", permission: "audit:read", icon: "audit" },
  { href: "/users", label: "Users", permission: "users:manage", icon: "users" },
];
