import "server-only";
import type { Db } from "@/server/db";
import { appendAudit } from "./append";
import { writeCheckpoint } from "./checkpoint-schedule";
import { writeClosingStatement, type ClosingStatement } from "./closing";
import { storedAuditKeys } from "./keys";
import { verifyChain } from "./verify";

/** The record that ends a chain closed for a move (the chain's last). */
export const CHAIN_CLOSED_ACTION = "audit.chain-closed";

/**
 * Closes this database's chain before the console moves to another database (`npm run audit:close`),
 * while its keys are still here: a last record saying so, a checkpoint of it, and a closing
 * statement signed with the evidence key in the checkpoint directory. The next database's chain then
 * starts beside it; without the statement, a new chain beside this one's checkpoints is read as this
 * log wiped together with its keys. Only a chain that verifies is closed; nothing is appended after.
 */
export async function closeChainForMove(
  db: Db,
  options: { reason: string; operator: string },
): Promise<ClosingStatement> {
  const keys = await storedAuditKeys(db);
  if (!keys) throw new Error("this database has no audit chain to close");
  const before = await verifyChain(db);
  if (!before.ok) throw new Error(`the audit chain does not verify, so it is not closed: ${before.message}`);
  await appendAudit(
    {
      actor: { id: null, email: options.operator, role: "operator" },
      action: CHAIN_CLOSED_ACTION,
      target: "audit_log",
      outcome: "ok",
      input: { reason: options.reason },
    },
    db,
  );
  const last = await writeCheckpoint(db, "closed");
  if (!last) throw new Error("the closing checkpoint could not be written; the chain stays open");
  return writeClosingStatement(db, {
    chainId: keys.chainId,
    reason: "moved",
    lastSeq: last.lastSeq,
    count: last.count,
    lastAt: last.lastAt,
    note: options.reason.slice(0, 500),
    successorChainId: null,
  });
}
