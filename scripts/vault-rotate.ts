/**
 * `npm run vault:rotate`: re-wraps every vault record under CONSOLE_VAULT_KEY. Run it with the new
 * key in CONSOLE_VAULT_KEY and the old one in CONSOLE_VAULT_PREVIOUS_KEYS (README, "Rotating the
 * vault key"). It prints counts and key ids only, never a value or a key.
 */
import { getDbHandle } from "@/server/db";
import { rotateVault } from "@/server/vault";

const handle = await getDbHandle();
try {
  const report = await rotateVault(handle.db);
  process.stdout.write(
    `Vault key ${report.kekId}: ${report.rewrapped} record(s) re-wrapped, ${report.alreadyCurrent} already under it.\n` +
      "Records no longer need CONSOLE_VAULT_PREVIOUS_KEYS; keep the old key only until every console instance runs with the new one.\n",
  );
} catch (error) {
  process.stderr.write(`Rotation stopped: ${error instanceof Error ? error.message : "unknown error"}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
