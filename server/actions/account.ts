"use server";
import { changePasswordSchema } from "@/lib/account/password";
import { getDb } from "@/server/db";
import { defineAction } from "@/server/kit/define-action";
import { changeOwnPassword } from "@/server/users/password";
import { claimPasswordCheck } from "@/server/users/password-check";

export const changePassword = defineAction({
  action: "account.change-password",
  secretFields: ["current", "next", "confirm"],
  permission: "signed-in",
  allowPendingPasswordChange: true,
  input: changePasswordSchema,
  auditInput: () => ({}),
  target: () => "own account",
  // Wrong current passwords are throttled as sign-ins are; while paused, the call is refused before it is tried.
  admit: async (_input, { user }) => claimPasswordCheck(await getDb(), user.id),
  run: async (input, { user, admitted }) =>
    changeOwnPassword(await getDb(), user.id, input.current, input.next, admitted),
});
