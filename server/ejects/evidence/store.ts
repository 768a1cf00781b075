import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { ejectEvidenceBodySchema } from "@/lib/ejects/evidence";
import type { EjectRequestView } from "@/lib/ejects/views";
import { evidenceSignatureSchema } from "@/lib/evidence/schema";
import { tables, type Db } from "@/server/db";
import { signDocument } from "@/server/evidence/sign";
import { loadRequest } from "../view";
import { draftEvidencePack } from "./build";

// Serializes the writers of one request's pack (two jobs, a job and the sweep) across instances.
const PACK_LOCK = 7_245_037;

export type PackWrite =
  | { state: "written"; signedAt: string }
  | { state: "exists"; signedAt: string }
  | { state: "not-completed" }
  | { state: "waiting" };

/**
 * Writes the signed evidence pack of a completed ejection, once. The draft (audit log, upstream read)
 * is made outside any transaction, so no lock is held across a network call; then, under a lock per
 * request, a pack already written wins and nothing is signed again; otherwise the draft is signed and
 * stored. The primary key on the request id is the last word: one pack per request, whatever runs twice.
 */
export async function writeEvidencePack(db: Db, requestId: string, now = new Date()): Promise<PackWrite> {
  const existing = await evidenceSignedAt(db, requestId);
  if (existing) return { state: "exists", signedAt: existing };
  const draft = await draftEvidencePack(db, await loadRequest(db, requestId), now);
  if (draft.state !== "ready") return { state: draft.state };
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${PACK_LOCK}::int, hashtext(${requestId}))`);
    const written = await evidenceSignedAt(tx, requestId);
    if (written) return { state: "exists" as const, signedAt: written };
    const signed = await signDocument(tx, draft.body);
    const signedAt = new Date();
    const inserted = await tx
      .insert(tables.ejectEvidence)
      .values({
        requestId,
        clientId: draft.body.clientId,
        pack: signed,
        keyId: signed.signature.keyId,
        signedAt,
      })
      .onConflictDoNothing()
      .returning({ requestId: tables.ejectEvidence.requestId });
    // Under the lock this cannot happen; if another writer did slip in, its pack stands and this one goes.
    if (inserted.length === 0)
      return { state: "exists" as const, signedAt: (await evidenceSignedAt(tx, requestId)) ?? signedAt.toISOString() };
    return { state: "written" as const, signedAt: signedAt.toISOString() };
  });
}

async function evidenceSignedAt(db: Db, requestId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ signedAt: tables.ejectEvidence.signedAt })
    .from(tables.ejectEvidence)
    .where(eq(tables.ejectEvidence.requestId, requestId));
  return row?.signedAt.toISOString();
}

const storedPackSchema = ejectEvidenceBodySchema.extend({ signature: evidenceSignatureSchema });

export type StoredPack =
  | { state: "ready"; pack: Record<string, unknown> }
  /** The shares were handed out and the pack is owed: it is being written. */
  | { state: "pending" }
  | { state: "none" };

/**
 * A request's pack exactly as it was signed (checked against the schema, served as stored: the bytes
 * its signature covers are the stored document's, whatever a parse would drop).
 */
export async function readEvidencePack(db: Db, requestId: string): Promise<StoredPack> {
  const [row] = await db.select().from(tables.ejectEvidence).where(eq(tables.ejectEvidence.requestId, requestId));
  if (row) {
    if (!storedPackSchema.safeParse(row.pack).success)
      throw new Error(`the stored evidence pack of eject request ${requestId} is not a pack`);
    return { state: "ready", pack: row.pack as Record<string, unknown> };
  }
  const [request] = await db
    .select({ fetchedAt: tables.ejectRequests.sharesFetchedAt })
    .from(tables.ejectRequests)
    .where(eq(tables.ejectRequests.id, requestId));
  return request?.fetchedAt ? { state: "pending" } : { state: "none" };
}

/** Each request with when its evidence pack was signed (null: none yet), in one query for the list. */
export async function withEvidence(db: Db, views: EjectRequestView[]): Promise<EjectRequestView[]> {
  const fetched = views.filter((v) => v.sharesFetchedAt !== null).map((v) => v.id);
  if (fetched.length === 0) return views;
  const rows = await db
    .select({ requestId: tables.ejectEvidence.requestId, signedAt: tables.ejectEvidence.signedAt })
    .from(tables.ejectEvidence)
    .where(inArray(tables.ejectEvidence.requestId, fetched));
  const signed = new Map(rows.map((r) => [r.requestId, r.signedAt.toISOString()]));
  return views.map((v) => ({ ...v, evidenceSignedAt: signed.get(v.id) ?? null }));
}
