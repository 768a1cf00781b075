import "server-only";
import { createHash } from "node:crypto";
import type { EjectableBackupSharesResponse } from "@/lib/contracts";
import type { ShareDigests } from "@/lib/ejects/evidence";

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/**
 * The SHA-256 of each share as the upstream handed it over (lib/ejects/evidence.ts SHARE_DIGEST_OF):
 * taken when the shares pass through the console, since they are never kept to be hashed later.
 */
export function shareDigests(shares: EjectableBackupSharesResponse): ShareDigests {
  const client = shares.encryptedClientBackupShare;
  return [
    { field: "encryptedClientBackupShare", sha256: client === null ? null : sha256(client) },
    { field: "custodianBackupShare", sha256: sha256(shares.custodianBackupShare) },
  ];
}
