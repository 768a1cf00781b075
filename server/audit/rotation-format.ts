import "server-only";

/** The record that ends a key epoch: the next record is the first of epoch `toEpoch` (server/audit/rotation.ts). */
export const KEYS_ROTATED_ACTION = "audit.keys-rotated";
