"use server";
import { and, count, eq, isNull, ne } from "drizzle-orm";
import { getDb, tables } from "@/server/db";
import { generatePassword, hashPassword } from "@/server/auth/password";
import { findUserByEmail, findUserById, normalizeEmail } from "@/server/auth/users";
import { AppError, conflict, notFound } from "@/server/errors";
import { createUserSchema, updateUserSchema } from "@/lib/users";
import { defineAction } from "@/server/kit/define-action";

export const createUser = defineAction({
  action: "users.create",
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
  permission: "users:manage",
  input: updateUserSchema,
  target: (input) => input.id,
  async run(input, { user }) {
    const db = await getDb();
    const target = await findUserById(db, input.id);
    if (!target) throw notFound("That user");
    if (input.id === user.id && (input.disabled === true || (input.role && input.role !== "admin")))
      throw new AppError("CONFLICT", "You cannot disable your own account or remove your own admin role.");
    const losesAdmin =
      target.role === "admin" &&
      !target.disabledAt &&
      (input.disabled === true || (input.role !== undefined && input.role !== "admin"));
    if (losesAdmin) {
      const [others] = await db
        .select({ n: count() })
        .from(tables.users)
        .where(and(eq(tables.users.role, "admin"), isNull(tables.users.disabledAt), ne(tables.users.id, target.id)));
      if ((others?.n ?? 0) === 0)
        throw new AppError("CONFLICT", "This is the last active admin; make someone else an admin first.");
    }
    await db
      .update(tables.users)
      .set({
        ...(input.role ? { role: input.role } : {}),
        ...(input.disabled !== undefined ? { disabledAt: input.disabled ? new Date() : null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(tables.users.id, input.id));
    return {
      id: input.id,
      email: target.email,
      role: input.role ?? target.role,
      disabled: input.disabled ?? target.disabledAt !== null,
    };
  },
});
