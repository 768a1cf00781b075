import "server-only";
import { count } from "drizzle-orm";
import { getEnv } from "@/server/env";
import { getDb, tables } from "@/server/db";
import { appendAudit } from "@/server/audit/append";
import { generatePassword, hashPassword } from "@/server/auth/password";
import { normalizeEmail } from "@/server/auth/users";

export interface BootstrapResult {
  adminEmail: string | null;
  /** Only when the first admin was created just now with a generated password: shown once, never stored. */
  generatedPassword?: string;
  created: boolean;
  database: "pglite" | "postgres";
}

/**
 * Start-up work, idempotent: validate configuration, migrate the database, and create the first
 * admin when there are no users at all.
 */
export async function bootstrap(): Promise<BootstrapResult> {
  const env = getEnv();
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(tables.users);
  const database = env.DATABASE_URL ? "postgres" : "pglite";
  if ((row?.n ?? 0) > 0) {
    const [admin] = await db
      .select({ email: tables.users.email })
      .from(tables.users)
      .orderBy(tables.users.createdAt)
      .limit(1);
    return { adminEmail: admin?.email ?? null, created: false, database };
  }
  const email = normalizeEmail(env.CONSOLE_ADMIN_EMAIL ?? "admin@console.local");
  const generated = env.CONSOLE_ADMIN_PASSWORD ? undefined : generatePassword();
  const password = env.CONSOLE_ADMIN_PASSWORD ?? generated ?? "";
  const inserted = await db
    .insert(tables.users)
    .values({
      email,
      name: "Administrator",
      role: "admin",
      source: "bootstrap",
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing()
    .returning({ id: tables.users.id });
  if (inserted.length === 0) return { adminEmail: email, created: false, database };
  await appendAudit({
    actor: { id: null, email: "system", role: null },
    action: "users.bootstrap",
    target: email,
    input: { email, role: "admin", passwordSource: generated ? "generated" : "CONSOLE_ADMIN_PASSWORD" },
    outcome: "ok",
  });
  return { adminEmail: email, generatedPassword: generated, created: true, database };
}
