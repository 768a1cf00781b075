import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acknowledgeBreaks } from "@/server/audit/acknowledge";
import { clearChainAlarm, raiseChainAlarm } from "@/server/audit/alarm";
import { appendAudit } from "@/server/audit/append";
import { checkpointsWritten } from "@/server/audit/checkpoint-schedule";
import { forgetAuditKeysForTests } from "@/server/audit/keys";
import { verifyChain } from "@/server/audit/verify";
import type * as Session from "@/server/auth/session";
import { setDbForTests } from "@/server/db";
import { forgetEnvForTests } from "@/server/env";
import { getJobRun, startJobWorkers, stopJobWorkers } from "@/server/jobs";
import { FAST_TIMING, openJobsTestDb, waitFor, type JobsTestDb } from "@/testing/jobs/helpers";
import { startReceiver } from "@/testing/notifications/receiver";
import { switchRule } from "@/testing/notifications/switch-rule";
import { startNotifyPass } from "./job";
import { enqueue } from "./outbox";
import { writeDestination } from "./settings";

// Rules are switched through their act, as an admin does (its record is the switch).
vi.mock("@/server/auth/session", async (importOriginal) =>
  (await import("@/testing/kit/session-double")).sessionAsAdmin(await importOriginal<typeof Session>()),
);
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ requestId: "req-notify", ip: null }) }));

/**
 * The pass as the console runs it: a pg-boss job on the console's database, one at a time (a start
 * while one is queued or running joins it), with the real finders (here the audit chain's alarm).
 */

const savedKey = process.env.CONSOLE_VAULT_KEY;
let h: JobsTestDb;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  process.env.CONSOLE_VAULT_KEY = randomBytes(32).toString("base64");
  forgetEnvForTests();
  h = await openJobsTestDb("pglite");
  setDbForTests(h);
  await startJobWorkers({ timing: FAST_TIMING });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await stopJobWorkers();
  await clearChainAlarm();
  forgetAuditKeysForTests();
  setDbForTests(undefined);
  await h?.close();
  if (savedKey === undefined) delete process.env.CONSOLE_VAULT_KEY;
  else process.env.CONSOLE_VAULT_KEY = savedKey;
  forgetEnvForTests();
});

const passEnds = (runId: string) =>
  waitFor(`pass ${runId} to end`, async () => {
    const run = await getJobRun(runId);
    return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
  });

describe("the notification pass as a durable job", () => {
  it("runs once however many ask at once, and sends a standing finding once over several passes", async () => {
    await writeDestination(h.db, { url: receiver.url, format: "slack" }, "admin@example.com");
    await switchRule("audit-chain", { enabled: true });
    const actor = { id: "u1", email: "alice@example.com", role: "admin" };
    for (let i = 0; i < 3; i++) await appendAudit({ actor, action: "users.create", outcome: "ok" }, h.db);
    await checkpointsWritten();
    await h.db.execute(
      sql`update audit_log set action = 'users.delete' where seq = (select min(seq) from audit_log where action = 'users.create')`,
    );
    expect((await verifyChain(h.db)).ok).toBe(false);

    const asked = await Promise.all([startNotifyPass(), startNotifyPass(), startNotifyPass()]);
    expect(new Set(asked).size).toBe(1);
    expect(await passEnds(asked[0]!)).toMatchObject({ status: "succeeded" });
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body).text).toContain("[Firing] The audit chain was found broken");

    const next = await startNotifyPass();
    expect(next).not.toBe(asked[0]);
    expect(await passEnds(next)).toMatchObject({ status: "succeeded" });
    expect(receiver.received).toHaveLength(1);
  });

  it("a rule switched on while a pass runs is checked by that pass before it ends; a check asked meanwhile joins it", async () => {
    // The break of the test above acknowledged (no act is recorded before), and the rule off: nothing stands.
    await acknowledgeBreaks(h.db, { reason: "the test above", operator: "ops@example.com" });
    await switchRule("audit-chain", { enabled: false });
    const sentBefore = receiver.received.length;
    // A message already due holds the pass in its sends, after it read the rules.
    const at = new Date().toISOString();
    await enqueue(
      h.db,
      { kind: "test", rule: "test", state: "firing", what: "held", count: 0, link: "x", at },
      Date.now(),
      "test",
    );
    const hold = receiver.holdNext();
    const runId = await startNotifyPass();
    await hold.arrived;
    await switchRule("audit-chain", { enabled: true });
    // The chain found broken again meanwhile: the pass's look at the rule switched on must find it.
    await raiseChainAlarm({ problem: "record-forged", message: "a record changed outside the console" });
    expect(await startNotifyPass()).toBe(runId);
    hold.release();
    expect(await passEnds(runId)).toMatchObject({ status: "succeeded" });
    const bodies = receiver.received.slice(sentBefore).map((r) => JSON.parse(r.body).text as string);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toContain("[Firing] The audit chain was found broken");
  });
});
