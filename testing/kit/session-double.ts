import type { Permission } from "@/lib/auth/permissions";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";

/**
 * The session module for tests that call server actions as a given staff member: `authorize` answers
 * with `who.user` by the real permission matrix (unauthenticated without one, forbidden for a role
 * without the permission), everything else is the real module. vi.mock stays in the test file (it is
 * hoisted there); its factory returns this:
 *
 *   const who = vi.hoisted(() => ({ user: undefined as StaffUser | undefined }));
 *   vi.mock("@/server/auth/session", async (original) =>
 *     (await import("@/testing/kit/session-double")).sessionAs(await original<typeof Session>(), who),
 *   );
 */
export async function sessionAs(actual: typeof Session, who: { user: StaffUser | undefined }): Promise<typeof Session> {
  const { can } = await import("@/lib/auth/permissions");
  const { forbidden, unauthenticated } = await import("@/server/errors");
  return {
    ...actual,
    authorize: async (requirement: Permission | "signed-in") => {
      if (!who.user) throw unauthenticated();
      if (requirement !== "signed-in" && !can(who.user.role, requirement))
        throw forbidden(actual.describePermission(requirement));
      return who.user;
    },
  } as typeof Session;
}

/** An administrator, for tests that act as one throughout. */
export const TEST_ADMIN: StaffUser = {
  id: "00000000-0000-4000-8000-0000000000ad",
  email: "admin@example.com",
  name: null,
  role: "admin",
  mustChangePassword: false,
};

/** `sessionAs` with TEST_ADMIN signed in for the whole file. */
export function sessionAsAdmin(actual: typeof Session): Promise<typeof Session> {
  return sessionAs(actual, { user: TEST_ADMIN });
}
