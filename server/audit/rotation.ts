import "server-only";
import { sql } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { vaultPut } from "@/server/vault";
import { entryFields, writeSealed } from "./append";
import { CHAIN_LOCK } from "./chain";
import { writeCheckpoint } from "./checkpoint-schedule";
import { assertNoAlarm } from "./guard";
import { epochAddress, newEpochKeys, storedAuditKeys } from "./keys";
import { KEYS_ROTATED_ACTION } from "./rotation-format";
import { verifyChain } from "./verify";

/**
 * Starts the chain's next key epoch (`npm run vault:rotate` calls it once the vault is re-wrapped
 * under the new vault key): fresh random keys for the records' seal and the head's, stored in the
 * vault under the new vault key; a record sealed under the old epoch saying the next one begins;
 * the head sealed under the new; and a checkpoint at once, so the directory outside the database
 * pins the change. Someone who later learns the old vault key (and so the old epoch's keys) can
 * forge nothing written from here on: a record of the old epoch after this one is refused, and
 * removing the new epoch's records shows against the checkpoint and the vault's newest epoch.
 * Only a chain that verifies is rotated.
 */
export async function rotateAuditKeys(
  db: Db,
  operator: string,
): Promise<{ fromEpoch: number; toEpoch: number } | null> {
  // A chain not begun yet has no keys to retire: its first append creates them under the new vault key.
  if (!(await storedAuditKeys(db))) return null;
  await assertNoAlarm();
  const verdict = await verifyChain(db);
  if (!verdict.ok) throw new Error(`the audit chain does not verify, so its keys are not rotated: ${verdict.message}`);
  const rotated = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const keys = await storedAuditKeys(tx as unknown as Db, { fresh: true });
    const [head] = await tx.select().from(tables.auditHead).limit(1);
    if (!keys || !head) throw new Error("the audit chain has not started: there are no keys to rotate");
    const fromEpoch = keys.current.epoch;
    const toEpoch = fromEpoch + 1;
    await vaultPut(tx as unknown as Db, epochAddress(toEpoch), newEpochKeys());
    const withNext = await storedAuditKeys(tx as unknown as Db, { fresh: true });
    if (withNext?.current.epoch !== toEpoch) throw new Error("the new audit key epoch could not be stored");
    const fields = entryFields({
      actor: { id: null, email: operator, role: "operator" },
      action: KEYS_ROTATED_ACTION,
      target: "audit_log",
      outcome: "ok",
      input: { fromEpoch, toEpoch },
    });
    // The rotation's own record is the old epoch's last; the head is sealed under the new one.
    await writeSealed(tx as unknown as Db, withNext, head, fields, fromEpoch);
    return { fromEpoch, toEpoch };
  });
  // Every handle of this process reads the new epoch (other processes see it on their next append).
  await storedAuditKeys(db, { fresh: true });
  await writeCheckpoint(db, "key-rotation");
  return rotated;
}
