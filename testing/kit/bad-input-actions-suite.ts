/**
 * Bad input to every server action, generated (fast-check). The actions are found by reading
 * server/actions/ (each exported function of each module), not from a list. Each one gets RUNS
 * hostile arguments: wrong types, 100k-character strings, NUL and lone surrogates, RTL text and
 * emoji, injection strings, path traversal, out-of-range numbers, missing fields, arrays where an
 * object belongs, Map/Set/BigInt/Date values, odd keys. Signed in as an admin, who holds every
 * permission, so every call gets as far as the input check.
 *
 * Each input starts with its caller's budgets fresh (server/audit/refusals.ts and the actions' own),
 * which have their own tests (server/kit/refusal-budget.test.ts, server/actions/*.test.ts).
 *
 * Properties: the call resolves (never throws); input the action's schema refuses gives ok:false
 * with VALIDATION and a clear message, no upstream call, and exactly the one refusal record (no
 * intent), which like the answer holds no string of the input (only field paths and messages, with
 * anything they quoted of the input cut out); input that passes gets an intent and its outcome, and if refused later, a clear message
 * other than INTERNAL. Every record must be storable; the first WRITE_THROUGH inputs of each action
 * go through the real sealed append into the real audit table of an in-memory PGlite, which must
 * then hold exactly the recorded records (why not all: testing/audit-recorder.ts).
 *
 * The seed is fixed and printed with any counterexample; another seed:
 *   BAD_INPUT_SEED=123 npx vitest run server/kit/bad-input-actions
 *
 * The body of that test, dealt over server/kit/bad-input-actions-{1..4}.test.ts so the suite's two workers
 * share its minutes (as one file it was 4.6 minutes one worker carried alone at the end of the run). Each
 * of those files mocks what the harness replaces (vi.mock is hoisted per file) and runs its part.
 */
import { asc, gt } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionResult } from "@/lib/shared/result";
import type { DbHandle } from "@/server/db/client";

/** Runs part `part` (from 1) of `parts` of the suite; the calling file has mocked what the harness replaces. */
export async function badInputActions(part: number, parts: number): Promise<void> {
  const { tables } = await import("@/server/db");
  const {
    admin,
    brief,
    closeHarnessDb,
    cpuMs,
    expectClearError,
    openHarnessDb,
    recorders,
    requestContextValue,
    RUNS,
    SEED,
  } = await import("@/testing/kit/bad-input-harness");
  const { findActions } = await import("@/testing/kit/entry-points");
  const { fieldsOf } = await import("@/testing/kit/zod-fields");
  const { actionInput } = await import("@/testing/kit/hostile-input");
  const { echoedInput } = await import("@/testing/kit/echoes");
  const { appendAudit } = await import("@/server/audit/append");
  const { REQUIRABLE_ACTIONS } = await import("@/lib/cases/requirable");
  const { REQUIRE_ACTION, requirementsOnRecord } = await import("@/server/cases/requirements-on-record");

  const WRITE_THROUGH = 10;
  const actions = await findActions();
  const upstreamCalls = recorders.upstream.calls;
  const audit = recorders.audit;

  let handle: DbHandle;
  let lastSeq = 0;

  /** The records of the real audit table written since the last look. */
  async function newStoredRecords() {
    const rows = await handle.db
      .select()
      .from(tables.auditLog)
      .where(gt(tables.auditLog.seq, lastSeq))
      .orderBy(asc(tables.auditLog.seq));
    lastSeq = rows.at(-1)?.seq ?? lastSeq;
    return rows;
  }

  // PGlite's start (WASM, initdb, migrations) is seconds on a quiet machine, more than a minute on a busy one.
  beforeAll(async () => {
    handle = await openHarnessDb();
    await newStoredRecords();
  }, 180_000);
  afterAll(() => closeHarnessDb(handle));

  describe(`bad input to every server action, part ${part} of ${parts}`, () => {
    if (part === 1)
      it("finds more than 30 actions by reading server/actions/, each made by defineAction", () => {
        expect(actions.length).toBeGreaterThan(30);
        expect(actions.filter((a) => !a.declaration).map((a) => a.label)).toEqual([]);
      });

    // The actions are dealt over the parts in a fixed order, so each part's file runs in its own worker.
    const mine = [...actions].sort((a, b) => a.label.localeCompare(b.label)).filter((_, i) => i % parts === part - 1);
    for (const found of mine) {
      it(`${found.label}: ${RUNS} hostile inputs resolve; refused ones get a clear VALIDATION message, one refusal record, no upstream call`, async () => {
        const declaration = found.declaration;
        if (!declaration) throw new Error(`${found.label} was not made by defineAction`);
        let run = 0;
        let passed = 0;
        const cpu = await cpuMs(() =>
          fc.assert(
            fc.asyncProperty(actionInput(fieldsOf(declaration.input)), async (input) => {
              // Each input starts with the budgets fresh (refusal records, replayed events and the runs
              // that follow them, password tries), and no case required (cases.require may have required
              // one for a later action): what one input did must not refuse the next.
              await handle.db.delete(tables.rateLimits);
              await handle.db.delete(tables.jobRuns);
              // A requirement is its sealed record (server/cases/requirements-on-record.ts): lifted by another.
              audit.writeThrough = true;
              for (const [action, { required }] of await requirementsOnRecord(handle.db, REQUIRABLE_ACTIONS))
                if (required)
                  await appendAudit(
                    {
                      actor: { id: admin.id, email: admin.email, role: admin.role },
                      action: REQUIRE_ACTION,
                      target: action,
                      outcome: "ok",
                      input: { input: { action, required: false } },
                    },
                    handle.db,
                  );
              await newStoredRecords();
              upstreamCalls.length = 0;
              audit.entries.length = 0;
              audit.failures.length = 0;
              audit.writeThrough = run++ < WRITE_THROUGH;

              const result = (await found.call(input)) as ActionResult<unknown>;

              const valid = declaration.input.safeParse(input).success;
              if (valid) passed += 1;
              // What happened, beside what must have happened; compared plainly, explained by expect.
              const seen = {
                ok: result.ok,
                code: result.ok ? undefined : result.error.code,
                upstreamCalls: upstreamCalls.length,
                records: audit.entries.map((e) => [e.action, e.outcome, e.errorCode ?? null]),
                firstRecord: audit.entries.map((e) => [e.actor.id, e.requestId, e.intentId ?? null])[0],
                outcomeLinked: !!audit.entries[1]?.intentId,
                unstorable: audit.failures.map((f) => f.problem),
                // A refusal keeps which fields failed and why, nothing else.
                refusalKeeps: valid ? null : Object.keys((audit.entries[0]?.input ?? {}) as object),
                echoed: valid
                  ? []
                  : echoedInput(input, declaration.input, [
                      result.ok ? null : [result.error.message, result.error.fields],
                      audit.entries.map((e) => [(e.input as { refused?: unknown } | null)?.refused, e.errorMessage]),
                    ]),
              };
              const due = valid
                ? {
                    // Past the schema: an intent before the act, then its outcome, linked.
                    ...seen,
                    records: [
                      [declaration.action, "intent", null],
                      [declaration.action, result.ok ? "ok" : "error", result.ok ? null : result.error.code],
                    ],
                    firstRecord: [admin.id, requestContextValue.requestId, null],
                    outcomeLinked: true,
                    unstorable: [],
                  }
                : {
                    // Refused by the schema: a VALIDATION error, nothing sent, the one refusal record.
                    ok: false,
                    code: "VALIDATION",
                    upstreamCalls: 0,
                    records: [[declaration.action, "error", "VALIDATION"]],
                    firstRecord: [admin.id, requestContextValue.requestId, null],
                    outcomeLinked: false,
                    unstorable: [],
                    refusalKeeps: ["refused"],
                    echoed: [],
                  };
              if (JSON.stringify(seen) !== JSON.stringify(due)) expect(seen, `input ${brief(input)}`).toEqual(due);
              if (!result.ok) expectClearError(result.error);
              if (audit.writeThrough) {
                // The sample that went through the real append: the table holds just what was recorded.
                const stored = (await newStoredRecords()).map((r) => [r.action, r.outcome, r.errorCode]);
                expect(stored).toEqual(seen.records);
              }
            }),
            { numRuns: RUNS, seed: SEED },
          ),
        );
        console.info(`${found.label}: ${RUNS} inputs (${passed} passed the schema) in ${cpu} ms of CPU`);
        // A bound above the suite's (vitest.config.ts), never a shorter one: the checkpoint action's 500
        // inputs (each that passes signs and writes a checkpoint) take 22 s of CPU on a quiet machine and
        // took over 90 s with the journeys running beside them, and a test cut off keeps writing records
        // into the next one's count.
      }, 300_000);
    }
  });
}
