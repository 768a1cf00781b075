import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, permissionsOf, ROLES } from "./permissions";

describe("permission matrix", () => {
  it("gives admin every permission", () => {
    expect(permissionsOf("admin")).toEqual([...PERMISSIONS]);
  });

  it.each([
    ["support", "credentials:issue", true],
    ["support", "eject:request", true],
    ["support", "eject:approve", false],
    ["support", "users:manage", false],
    ["support", "audit:read", false],
    ["support", "clients:create", false],
    ["compliance", "alerts:export", true],
    ["compliance", "alerts:replay", true],
    ["compliance", "audit:read", true],
    ["compliance", "eject:approve", true],
    ["compliance", "credentials:issue", false],
    ["compliance", "yield:act", false],
    ["developer", "clients:create", true],
    ["developer", "yield:act", true],
    ["developer", "wallet-lab:use", true],
    ["developer", "eject:request", false],
    ["developer", "alerts:export", false],
  ] as const)("%s %s → %s", (role, permission, allowed) => {
    expect(can(role, permission)).toBe(allowed);
  });

  it("lets only admin manage users", () => {
    expect(ROLES.filter((r) => can(r, "users:manage"))).toEqual(["admin"]);
  });
});
