import "server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { appendAudit } from "@/server/audit/append";
import { generatePassword, hashPassword } from "@/server/auth/password";
import { normalizeEmail } from "@/server/auth/users";
import { getDb, tables } from "@/server/db";
import { getEnv } from "@/server/env";
import { FIRST_ADMIN_FILE } from "@/server/users/password";

export interface BootstrapResult {
  adminEmail: string | null;
  /** Only when the first admin was created just now with a generated password: never logged. */
  generatedPassword?: string;
  /** Where the generated password was written (mode 600), until it is changed. */
  passwordFile?: string;
  created: boolean;
  database: "pglite" | "postgres";
}

/**
 * Start-up work, idempotent: validate configuration, migrate the database, and create the first
 * admin when there are no users at all. A generated password goes to a file only the console's
 * user can read (not to log storage) and must be replaced at the first sign-in.
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
      mustChangePassword: generated !== undefined,
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
  if (!generated) return { adminEmail: email, created: true, database };
  const passwordFile = path.resolve(env.CONSOLE_DATA_DIR, FIRST_ADMIN_FILE);
  await mkdir(path.dirname(passwordFile), { recursive: true, mode: 0o700 });
  await writeFile(
    passwordFile,
    `First admin of this Custodian Console\ne-mail:   ${email}\npassword: ${generated}\n\nThe console asks for a new password at the first sign-in and deletes this file then.\n`,
    { mode: 0o600 },
  );
  return { adminEmail: email, generatedPassword: generated, passwordFile, created: true, database };
}
