/**
 * `npm run vault:rotate`: re-wraps every vault record under CONSOLE_VAULT_KEY; then retires the
 * evidence-signing key and makes a new one (it was wrapped under the key being replaced, so it may
 * have been exposed with it; the retired key's public half stays published, with a statement its
 * successor signs of what it signed); then starts the audit chain's next key epoch (fresh keys for
 * the records' and the head's seals, on record in the chain, and a checkpoint). Run it with the new
 * key in CONSOLE_VAULT_KEY and the old one in CONSOLE_VAULT_PREVIOUS_KEYS (docs/operating.md,
 * "Rotating the vault key"); `--keep-signing-key` skips the second step. It prints counts, key ids
 * and epochs only, never a value or a key.
 */
import { userInfo } from "node:os";
import { rotateAuditKeys } from "@/server/audit/rotation";
import { getDbHandle } from "@/server/db";
import { rotateEvidenceKey } from "@/server/evidence/rotate";
import { rotateVault } from "@/server/vault";

const keepSigningKey = process.argv.includes("--keep-signing-key");
const handle = await getDbHandle();
try {
  const report = await rotateVault(handle.db);
  process.stdout.write(
    `Vault key ${report.kekId}: ${report.rewrapped} record(s) re-wrapped, ${report.alreadyCurrent} already under it.\n` +
      "Records no longer need CONSOLE_VAULT_PREVIOUS_KEYS; keep the old key only until every console instance runs with the new one.\n",
  );
  if (!keepSigningKey) {
    const signing = await rotateEvidenceKey(handle.db);
    process.stdout.write(
      `Evidence signing key: ${signing.current} now signs${signing.retired ? `; ${signing.retired} is retired and stays published, with the list of the ${signing.listed} document(s) it signed, which alone it still verifies` : ""}.\n`,
    );
  }
  const epochs = await rotateAuditKeys(handle.db, `${userInfo().username} (vault:rotate)`);
  process.stdout.write(
    epochs
      ? `Audit chain: key epoch ${epochs.toEpoch} began (epoch ${epochs.fromEpoch}'s keys seal nothing more); a checkpoint anchors the change.\n`
      : "Audit chain: not begun yet; its first record will be sealed with keys under the new vault key.\n",
  );
} catch (error) {
  process.stderr.write(`Rotation stopped: ${error instanceof Error ? error.message : "unknown error"}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
