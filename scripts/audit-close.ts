/**
 * `npm run audit:close -- --reason "<why>" [--operator <who>] --confirm`: before moving the console to
 * another database, closes this database's audit chain with its keys still here (server/audit/move.ts):
 * a last record, a checkpoint, and a signed closing statement in the checkpoint directory. The next
 * database's chain can then start beside it; without this, Verify reads a new chain beside the old
 * one's checkpoints as a log wiped together with its keys. Nothing is appended here afterwards.
 * Needs the same environment as the console (DATABASE_URL, CONSOLE_VAULT_KEY, CONSOLE_CHECKPOINT_DIR).
 */
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { closeChainForMove } from "@/server/audit/move";
import { getDbHandle } from "@/server/db";

const { values } = parseArgs({
  options: { reason: { type: "string" }, operator: { type: "string" }, confirm: { type: "boolean" } },
});
if (!values.confirm || !values.reason?.trim()) {
  process.stdout.write(
    'Nothing written. To close this database\'s audit chain for a move: npm run audit:close -- --reason "<ticket, where it moves>" --confirm\n',
  );
  process.exit(values.confirm ? 1 : 0);
}
const handle = await getDbHandle();
try {
  const statement = await closeChainForMove(handle.db, {
    reason: values.reason.trim(),
    operator: values.operator ?? `${userInfo().username} (command line)`,
  });
  process.stdout.write(
    `Closed chain ${statement.chainId} after ${statement.count} records (last #${statement.lastSeq}); the statement is in the checkpoint directory, signed by ${statement.signature.keyId}.\n`,
  );
} catch (error) {
  process.stderr.write(`Stopped: ${error instanceof Error ? error.message : "unknown error"}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
