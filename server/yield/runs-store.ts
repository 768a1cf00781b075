import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { unsignedEvmTransactionFromJsonSchema, type YieldAction } from "@/lib/contracts";
import type { YieldIntent, YieldRunStatus, YieldRunView, YieldStepView } from "@/lib/yield/runs";
import { tables, type Db } from "@/server/db";
import { notFound } from "@/server/errors";
import { decodeCall } from "./decode-call";

export type YieldRunRow = typeof tables.yieldRuns.$inferSelect;
export type YieldStepRow = typeof tables.yieldRunSteps.$inferSelect;

export interface NewRun {
  clientId: string;
  isAccountAbstracted: boolean;
  address: string;
  chainId: string;
  yieldId: string;
  intent: YieldIntent;
  request: { amount?: string; arguments?: Record<string, unknown>; action?: string; balanceType?: string };
  stripGas: boolean;
  /** The token's decimals and symbol, to show amounts in token units. */
  decimals?: number;
  symbol?: string;
  by: { id: string; email: string };
}

/** Stores a previewed action and its transactions, in stepIndex order; nothing is signed yet. */
export async function createPreviewRun(db: Db, run: NewRun, action: YieldAction): Promise<YieldRunRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tables.yieldRuns)
      .values({
        clientId: run.clientId,
        isAccountAbstracted: run.isAccountAbstracted,
        address: run.address,
        chainId: run.chainId,
        yieldId: run.yieldId,
        intent: run.intent,
        actionType: action.type ?? run.request.action ?? null,
        actionId: action.id ?? null,
        request: {
          ...run.request,
          ...(run.decimals !== undefined ? { decimals: run.decimals } : {}),
          ...(run.symbol !== undefined ? { symbol: run.symbol } : {}),
        },
        stripGas: run.stripGas,
        createdById: run.by.id,
        createdByEmail: run.by.email,
      })
      .returning();
    if (!row) throw new Error("yield run insert returned no row");
    const steps = [...action.transactions].sort((a, b) => a.stepIndex - b.stepIndex);
    if (steps.length > 0)
      await tx.insert(tables.yieldRunSteps).values(
        steps.map((t) => {
          const unsigned =
            t.unsignedTransaction === null || t.unsignedTransaction === undefined
              ? null
              : typeof t.unsignedTransaction === "string"
                ? t.unsignedTransaction
                : JSON.stringify(t.unsignedTransaction);
          const signable = t.status === "CREATED" && unsigned !== null;
          return {
            runId: row.id,
            stepIndex: t.stepIndex,
            transactionId: t.transactionId,
            title: t.title ?? null,
            type: t.type ?? null,
            upstreamStatus: t.status,
            unsignedTransaction: unsigned,
            phase: signable ? ("waiting" as const) : ("skipped" as const),
          };
        }),
      );
    return row;
  });
}

export async function getRunRow(db: Db, runId: string): Promise<YieldRunRow> {
  const [row] = await db.select().from(tables.yieldRuns).where(eq(tables.yieldRuns.id, runId)).limit(1);
  if (!row) throw notFound("That yield run");
  return row;
}

export async function getSteps(db: Db, runId: string): Promise<YieldStepRow[]> {
  return db
    .select()
    .from(tables.yieldRunSteps)
    .where(eq(tables.yieldRunSteps.runId, runId))
    .orderBy(asc(tables.yieldRunSteps.stepIndex));
}

/** Moves a run between statuses only from the ones given: a concurrent change wins, this one reports false. */
export async function setRunStatus(
  db: Db,
  runId: string,
  from: YieldRunStatus[],
  to: YieldRunStatus,
  extra: Partial<Pick<YieldRunRow, "jobRunId" | "error">> = {},
): Promise<boolean> {
  const finished = to === "succeeded" || to === "abandoned" || to === "failed";
  const rows = await db
    .update(tables.yieldRuns)
    .set({ status: to, ...extra, updatedAt: sql`now()`, finishedAt: finished ? sql`now()` : null })
    .where(and(eq(tables.yieldRuns.id, runId), inArray(tables.yieldRuns.status, from)))
    .returning({ id: tables.yieldRuns.id });
  return rows.length > 0;
}

function stepView(step: YieldStepRow, decimals: number | undefined, symbol: string | undefined): YieldStepView {
  const parsed = step.unsignedTransaction
    ? unsignedEvmTransactionFromJsonSchema.safeParse(step.unsignedTransaction)
    : undefined;
  const tx = parsed?.success ? parsed.data : undefined;
  return {
    stepIndex: step.stepIndex,
    transactionId: step.transactionId,
    title: step.title,
    type: step.type,
    upstreamStatus: step.upstreamStatus,
    to: tx?.to ?? null,
    value: tx?.value === undefined ? null : BigInt(tx.value).toString(),
    call: decodeCall(tx?.data, decimals, symbol),
    phase: step.phase,
    nonce: step.nonce,
    userOperationHash: step.userOperationHash,
    transactionHash: step.transactionHash,
    failedPart: step.failedPart,
    error: step.error,
    signStartedAt: step.signStartedAt?.toISOString() ?? null,
    signedAt: step.signedAt?.toISOString() ?? null,
    reportStartedAt: step.reportStartedAt?.toISOString() ?? null,
    reportedAt: step.reportedAt?.toISOString() ?? null,
    confirmedAt: step.confirmedAt?.toISOString() ?? null,
  };
}

export function runView(row: YieldRunRow, steps: YieldStepRow[]): YieldRunView {
  const request = row.request as { amount?: string; decimals?: number; symbol?: string };
  return {
    id: row.id,
    clientId: row.clientId,
    isAccountAbstracted: row.isAccountAbstracted,
    address: row.address,
    chainId: row.chainId,
    yieldId: row.yieldId,
    intent: row.intent,
    actionType: row.actionType,
    actionId: row.actionId,
    amount: request.amount ?? null,
    symbol: request.symbol ?? null,
    stripGas: row.stripGas,
    status: row.status,
    error: row.error,
    jobRunId: row.jobRunId,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    steps: steps.map((s) => stepView(s, request.decimals, request.symbol)),
    reconciliation: row.reconciliation ?? null,
  };
}

export async function getRunView(db: Db, runId: string): Promise<YieldRunView> {
  const row = await getRunRow(db, runId);
  return runView(row, await getSteps(db, runId));
}

/** The networks (CAIP-2) of a client's runs, the most recently used first. */
export async function listRunChains(db: Db, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ chainId: tables.yieldRuns.chainId, last: sql<string>`max(${tables.yieldRuns.createdAt})` })
    .from(tables.yieldRuns)
    .where(eq(tables.yieldRuns.clientId, clientId))
    .groupBy(tables.yieldRuns.chainId)
    .orderBy(desc(sql`max(${tables.yieldRuns.createdAt})`));
  return rows.map((r) => r.chainId);
}

/** A client's runs, newest first (without their steps' details beyond the phases). */
export async function listRuns(db: Db, clientId: string, limit = 50): Promise<YieldRunView[]> {
  const rows = await db
    .select()
    .from(tables.yieldRuns)
    .where(eq(tables.yieldRuns.clientId, clientId))
    .orderBy(desc(tables.yieldRuns.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const steps = await db
    .select()
    .from(tables.yieldRunSteps)
    .where(
      inArray(
        tables.yieldRunSteps.runId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(tables.yieldRunSteps.stepIndex));
  return rows.map((r) =>
    runView(
      r,
      steps.filter((s) => s.runId === r.id),
    ),
  );
}
