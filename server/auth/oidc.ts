import "server-only";
import { isRole, type Role } from "@/lib/auth/permissions";

/**
 * The staff role of an SSO user: from the configured ID-token claim (a role name, or a list of
 * them; the most privileged wins), else from the OIDC_ROLE_EMAILS list. No role means no access.
 */
const PRECEDENCE: Role[] = ["admin", "compliance", "support", "developer"];

export function parseRoleEmails(value: string | undefined): Map<string, Role> {
  const map = new Map<string, Role>();
  for (const pair of value?.split(",") ?? []) {
    const [email, role] = pair.split("=").map((s) => s.trim());
    if (email && isRole(role)) map.set(email.toLowerCase(), role);
  }
  return map;
}

export function roleFromOidc(
  profile: Record<string, unknown>,
  options: { claim?: string; emails: Map<string, Role> },
): Role | null {
  if (options.claim) {
    const raw = profile[options.claim];
    const values = (Array.isArray(raw) ? raw : [raw])
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.toLowerCase());
    const found = PRECEDENCE.find((role) => values.includes(role));
    if (found) return found;
  }
  const email = typeof profile.email === "string" ? profile.email.toLowerCase() : undefined;
  return (email && options.emails.get(email)) || null;
}
