import { describe, expect, it } from "vitest";
import { parseRoleEmails, roleFromOidc } from "./oidc";

describe("SSO role mapping", () => {
  const emails = parseRoleEmails("boss@corp.com=admin, help@corp.com = support");

  it("takes the role from the configured claim, the most privileged one winning", () => {
    expect(roleFromOidc({ roles: ["developer", "compliance"] }, { claim: "roles", emails })).toBe("compliance");
    expect(roleFromOidc({ group: "Admin" }, { claim: "group", emails })).toBe("admin");
  });

  it("falls back to the e-mail list, case-insensitively", () => {
    expect(roleFromOidc({ email: "Help@Corp.com" }, { claim: "roles", emails })).toBe("support");
    expect(roleFromOidc({ email: "boss@corp.com" }, { emails })).toBe("admin");
  });

  it("gives no role (no access) otherwise", () => {
    expect(roleFromOidc({ email: "stranger@corp.com", roles: ["viewer"] }, { claim: "roles", emails })).toBeNull();
    expect(roleFromOidc({}, { emails: new Map() })).toBeNull();
  });
});
