/**
 * Roles and the permission matrix. Pure data, importable anywhere so the UI can hide what a role
 * cannot do; the server enforces the same matrix in every action and route handler regardless.
 */
export const ROLES = ["admin", "support", "compliance", "developer"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "clients:read",
  "clients:create",
  "credentials:issue",
  "assets:read",
  "transfers:build",
  "eject:request",
  "eject:approve",
  "eject:fetch-shares",
  "alerts:read",
  "alerts:replay",
  "alerts:export",
  "alerts:legacy-tools",
  "gas:read",
  "yield:read",
  "yield:act",
  "wallet-lab:use",
  "audit:read",
  "users:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Each permission as staff say it, for messages such as "Your role does not include …": a raw id
 * (`eject:approve`) is the code's name, not the person's.
 */
export const PERMISSION_LABELS: Record<Permission, string> = {
  "clients:read": "reading clients",
  "clients:create": "creating clients",
  "credentials:issue": "issuing session tokens and one-time passwords",
  "assets:read": "reading balances",
  "transfers:build": "building transfers",
  "eject:request": "requesting key ejections",
  "eject:approve": "approving key ejections",
  "eject:fetch-shares": "downloading ejected backup shares",
  "alerts:read": "reading alert events",
  "alerts:replay": "replaying alert deliveries",
  "alerts:export": "exporting alert events",
  "alerts:legacy-tools": "the legacy alert tools",
  "gas:read": "reading gas usage",
  "yield:read": "reading yield positions",
  "yield:act": "running yield actions",
  "wallet-lab:use": "the wallet lab",
  "audit:read": "reading the audit log",
  "users:manage": "managing staff accounts",
};

/** Several permissions as one phrase: "approving key ejections or requesting key ejections". */
export function describePermissions(permissions: readonly Permission[], joiner: "or" | "and" = "or"): string {
  const words = permissions.map((p) => PERMISSION_LABELS[p]);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} ${joiner} ${words.at(-1)}`;
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  support: "Support",
  compliance: "Compliance",
  developer: "Developer",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, including staff accounts and eject approval.",
  support: "Finds clients, reads balances, issues credentials, builds transfers, requests ejects.",
  compliance: "Reads clients and alert events, replays and exports deliveries, approves ejects, reads the audit log.",
  developer: "Creates test clients, runs wallet and yield flows, reads alerts and gas usage.",
};

const MATRIX: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  support: [
    "clients:read",
    "credentials:issue",
    "assets:read",
    "transfers:build",
    "eject:request",
    "eject:fetch-shares",
    "alerts:read",
    "gas:read",
    "yield:read",
  ],
  compliance: [
    "clients:read",
    "assets:read",
    "eject:approve",
    "alerts:read",
    "alerts:replay",
    "alerts:export",
    "alerts:legacy-tools",
    "gas:read",
    "yield:read",
    "audit:read",
  ],
  developer: [
    "clients:read",
    "clients:create",
    "credentials:issue",
    "assets:read",
    "transfers:build",
    "alerts:read",
    "gas:read",
    "yield:read",
    "yield:act",
    "wallet-lab:use",
  ],
};

export function can(role: Role, permission: Permission): boolean {
  return MATRIX[role].includes(permission);
}

/** Whether the role holds at least one of `permissions`. */
export function canAny(role: Role, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => can(role, p));
}

export function permissionsOf(role: Role): Permission[] {
  return [...MATRIX[role]];
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
