import "server-only";
import { legacyRecordHash, recordHash, sealedFields, type HashedFields } from "./chain";
import type { AuditKeys } from "./keys";

/** A stored record as far as its seal goes. */
export type SealedRow = HashedFields & { seq: number; keyEpoch: number | null; prevHash: string; hash: string };

/**
 * The seal `row` should carry after `prevHash`, under the key of the epoch it names (the first
 * format under the first epoch's); undefined when that epoch's key is not in the vault.
 */
export function expectedSeal(keys: AuditKeys, prevHash: string, row: SealedRow): string | undefined {
  const fields = sealedFields(row);
  const epoch = keys.epochs.get(row.keyEpoch ?? 1);
  if (epoch && row.keyEpoch === null) return legacyRecordHash(epoch.chain, prevHash, fields);
  return epoch && row.keyEpoch !== null
    ? recordHash(epoch.chain, prevHash, fields, { seq: row.seq, keyEpoch: row.keyEpoch })
    : undefined;
}

/** Whether the row's own seal verifies (where it links is the walk's business). */
export const sealHolds = (keys: AuditKeys, row: SealedRow) => expectedSeal(keys, row.prevHash, row) === row.hash;
