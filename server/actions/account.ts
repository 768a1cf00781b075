"use server";
import { changePasswordSchema } from "@/lib/account/password";
import { getDb } from "@/server/db";
import { defineAction } from "@/server/kit/define-action";
import { changeOwnPassword } from "@/server/users/password";

export const changePassword = defineAction({
  action: "account.change-password",
  secretFields: ["current", "next", "confirm"],
  permission: "signed-in",
  allowPendingPasswordChange: true,
  input: changePasswordSchema,
  auditInput: () => ({}),
  target: () => "own account",
  run: async (input, { user }) => changeOwnPassword(await getDb(), user.id, input.current, input.next),
});
