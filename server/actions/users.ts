"use server";
import { createUserSchema, resetPasswordSchema, updateUserSchema } from "@/lib/users";
import { generatePassword, hashPassword } from "@/server/auth/password";
import { findUserByEmail, normalizeEmail } from "@/server/auth/users";
import { getDb, tables } from "@/server/db";
import { conflict } from "@/server/errors";
import { defineAction } from "@/server/kit/define-action";
import { resetStaffPassword } from "@/server/users/reset-password";
import { updateStaffUser } from "@/server/users/update";

export const createUser = defineAction({
  action: "users.create",
  secretFields: ["password"],
  permission: "users:manage",
  input: createUserSchema,
  target: (input) => normalizeEmail(input.email),
  auditInput: ({ email, name, role }) => ({ email: normalizeEmail(email), name, role }),
  async run(input, { user }) {
    const db = await getDb();
    const email = normalizeEmail(input.email);
    if (await findUserByEmail(db, email)) throw conflict(`A user with the e-mail ${email} already exists.`);
    const generated = input.password ? undefined : generatePassword();
    const [row] = await db
      .insert(tables.users)
      .values({
        email,
        name: input.name ?? null,
        role: input.role,
        passwordHash: await hashPassword(input.password ?? generated ?? ""),
        // A generated password has been seen by the admin; its owner replaces it at first sign-in.
        mustChangePassword: generated !== undefined,
        createdBy: user.id,
      })
      .onConflictDoNothing()
      .returning({ id: tables.users.id });
    if (!row) throw conflict(`A user with the e-mail ${email} already exists.`);
    return { id: row.id, email, role: input.role, generatedPassword: generated };
  },
  auditResult: (r) => ({ userId: r.id, passwordGenerated: r.generatedPassword !== undefined }),
});

export const updateUser = defineAction({
  action: "users.update",
  secretFields: [],
  permission: "users:manage",
  input: updateUserSchema,
  target: (input) => input.id,
  run: async (input, { user }) =>
    updateStaffUser(await getDb(), user.id, input.id, { role: input.role, disabled: input.disabled }),
  auditResult: (r) => ({ email: r.email, role: r.role, disabled: r.disabled, sessionsEnded: r.sessionsEnded }),
});

/** A new one-time password for someone who lost theirs (server/users/reset-password.ts); shown once. */
export const resetUserPassword = defineAction({
  action: "users.reset-password",
  secretFields: [],
  permission: "users:manage",
  input: resetPasswordSchema,
  target: (input) => input.id,
  run: async (input, { user }) => resetStaffPassword(await getDb(), user.id, input.id),
  auditResult: (r) => ({ email: r.email, passwordGenerated: true, sessionsEnded: true, mustChangePassword: true }),
});
