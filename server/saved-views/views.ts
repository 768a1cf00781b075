import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { SavedView } from "@/lib/shared/saved-views";
import { getDb, tables } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import { notFound } from "@/server/errors";

const toView = (row: typeof tables.savedViews.$inferSelect): SavedView => ({
  id: row.id,
  scope: row.scope,
  name: row.name,
  query: row.query,
  updatedAt: row.updatedAt.toISOString(),
});

/** The person's saved views of one page, by name; kept between writes to the table (server/db/kept-reads.ts). */
export function listSavedViews(userId: string, scope: string): Promise<SavedView[]> {
  return keptRead(["saved_views"], `saved views ${JSON.stringify([userId, scope])}`, async (db) => {
    const rows = await db
      .select()
      .from(tables.savedViews)
      .where(and(eq(tables.savedViews.userId, userId), eq(tables.savedViews.scope, scope)))
      .orderBy(asc(tables.savedViews.name));
    return { value: rows.map(toView) };
  });
}

/** Saves (or, with the same name, replaces) one of the user's views. */
export async function saveView(
  userId: string,
  input: { scope: string; name: string; query: string },
): Promise<SavedView> {
  const db = await getDb();
  const [row] = await db
    .insert(tables.savedViews)
    .values({ userId, ...input })
    .onConflictDoUpdate({
      target: [tables.savedViews.userId, tables.savedViews.scope, tables.savedViews.name],
      set: { query: input.query, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error("saved view upsert returned no row");
  return toView(row);
}

/** Deletes one of the user's own views (another user's view reads as absent). */
export async function deleteView(userId: string, id: string): Promise<{ id: string }> {
  const db = await getDb();
  const [row] = await db
    .delete(tables.savedViews)
    .where(and(eq(tables.savedViews.id, id), eq(tables.savedViews.userId, userId)))
    .returning({ id: tables.savedViews.id });
  if (!row) throw notFound("That saved view");
  return row;
}
