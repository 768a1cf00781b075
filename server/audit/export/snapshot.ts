import "server-only";
import type { AuditFilters, AuditRecord } from "@/lib/audit";
import { tables, type Db } from "@/server/db";
import { csvRows } from "@/server/exports/csv";
import { AUDIT_CSV_COLUMNS, auditCsvBatch } from "../csv";
import { countAudit, iterateAudit } from "../query";
import { checkPreparedChain, prepareChainCheck, reportVerdict, type ChainVerdict } from "../verify";

const BATCH = 1000;

export interface SnapshotExport {
  verdict: ChainVerdict;
  head: { lastSeq: number; lastHash: string; count: number } | undefined;
  rows: number;
  newest: AuditRecord | undefined;
  oldest: AuditRecord | undefined;
}

export interface SnapshotOptions {
  filters: AuditFilters;
  throughSeq: number;
  /** Each piece of the file, in order: the header, then a batch of rows at a time. */
  write: (text: string) => Promise<void>;
  progress: (rows: number, total: number) => void;
  signal: AbortSignal;
  /** Test hook: runs after the chain was verified and before any row is read. */
  afterVerify?: () => Promise<void>;
}

/**
 * Verifies the chain and writes the filtered records from one REPEATABLE READ snapshot, so the
 * verdict a manifest signs is about exactly the rows in the file: a writer who changes a record
 * between the two (or appends, or cuts) changes neither what was verified nor what was written.
 */
export async function exportFromSnapshot(db: Db, options: SnapshotOptions): Promise<SnapshotExport> {
  const { filters, throughSeq, write, progress, signal } = options;
  // Nothing inside the snapshot reads or writes through `db`: on PGlite (one statement at a time) a
  // statement awaited outside the open transaction waits for it forever.
  const prepared = await prepareChainCheck(db);
  const result = await db.transaction(
    async (txn) => {
      const tx = txn as unknown as Db;
      const verdict = await checkPreparedChain(tx, prepared);
      const [head] = await tx.select().from(tables.auditHead).limit(1);
      await options.afterVerify?.();
      const total = await countAudit(tx, filters, throughSeq);
      signal.throwIfAborted();
      await write(csvRows([AUDIT_CSV_COLUMNS]));
      let rows = 0;
      let newest: AuditRecord | undefined;
      let oldest: AuditRecord | undefined;
      let batch: AuditRecord[] = [];
      const flush = async () => {
        await write(auditCsvBatch(batch));
        rows += batch.length;
        batch = [];
        signal.throwIfAborted();
        progress(rows, total);
      };
      for await (const record of iterateAudit(tx, filters, BATCH, throughSeq)) {
        newest ??= record;
        oldest = record;
        batch.push(record);
        if (batch.length >= BATCH) await flush();
      }
      if (batch.length > 0) await flush();
      return { verdict, head, rows, newest, oldest };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  await reportVerdict(result.verdict);
  return result;
}
