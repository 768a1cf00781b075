import "server-only";
import { asc } from "drizzle-orm";
import type { StaffUserView } from "@/lib/users";
import { tables, type Db } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";

/** Every staff account as the users page and route show it: kept between writes to the table (server/db/kept-reads.ts). */
export function shownUsers(): Promise<StaffUserView[]> {
  return keptRead(["users"], "staff accounts", async (db) => ({ value: await listUsers(db) }));
}

async function listUsers(db: Db): Promise<StaffUserView[]> {
  const rows = await db.select().from(tables.users).orderBy(asc(tables.users.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    source: r.source,
    disabled: r.disabledAt !== null,
    lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
