import { describe, expect, it } from "vitest";

/**
 * The reconciler against a provider that gives up on actions: the sandbox marks an action STALE once
 * it has gone SANDBOX_YIELD_STALE_MS without a reported hash or a confirmation, and then refuses
 * reports to it. A run whose reports never reached the provider is found with both facts (its
 * transaction is on the chain; its action is stale), a retry stops again saying why, and it is
 * abandoned with a reason.
 */
const { makeTestClient, developer } = await import("@/testing/yield/console");
const { runnerTestBed } = await import("@/testing/yield/runner");
const { getDb } = await import("@/server/db");
const { waitFor } = await import("@/testing/jobs/helpers");
const { previewAction } = await import("./preview");
const { startRun, retryRun, abandonRun } = await import("./control");
const { getRunView } = await import("./runs-store");
const { opportunities, history } = await import("./reads");
const { reconcileRuns, RECHECK_MS, pruneFinishedPasses } = await import("./reconcile");
const { tables } = await import("@/server/db");

const STALE_MS = 1500;
const bed = runnerTestBed({ SANDBOX_YIELD_STALE_MS: String(STALE_MS) });

const settled = (runId: string) =>
  waitFor(
    "the run to stop",
    async () => {
      const view = await getRunView(await getDb(), runId);
      return view.status !== "running" ? view : undefined;
    },
    60_000,
  );

describe("the reconciler and a stale provider action", () => {
  it("finds the unreported step on the chain and the action stale; a retry stops again saying why; abandoned with a reason", async () => {
    const db = await getDb();
    const client = await makeTestClient(db, false);
    const vault = (await opportunities(client.clientId, { network: "eip155:11155111", sort: "rate-desc" })).find(
      (o) => o.type === "lending" && o.token.symbol === "USDC",
    );
    const preview = await previewAction(developer, {
      intent: "enter",
      clientId: client.clientId,
      yieldId: vault?.id as string,
      arguments: { amount: "2" },
      stripGas: false,
    });
    await bed.rules([{ path: "/submit-hash", fault: "500" }]);
    await startRun(developer, preview.id);
    expect((await settled(preview.id)).steps[0]).toMatchObject({ phase: "failed", failedPart: "report" });

    // Once the action has gone the stale period without progress, a pass finds both. Each look is
    // one recheck period later for the reconciler (a run checked lately is left alone until then).
    let look = 0;
    const found = await waitFor(
      "the action to go stale",
      async () => {
        await reconcileRuns(new Date(Date.now() + ++look * (RECHECK_MS + 1000)));
        const view = await getRunView(db, preview.id);
        return view.reconciliation?.findings.some((f) => f.kind === "stale-action") ? view : undefined;
      },
      15_000,
    );
    expect(found.reconciliation?.findings.map((f) => f.kind)).toEqual(["unreported", "stale-action"]);
    expect(found.reconciliation?.findings[0]?.onChain?.status).toBe("success");
    expect(found.reconciliation?.findings[1]?.message).toMatch(/^The provider's action is STALE/);
    expect((await history(client.clientId)).items.find((a) => a.id === preview.actionId)?.status).toBe("STALE");

    // The provider takes reports again, but not for this action: the retry stops at report, saying so.
    await bed.rules([]);
    await retryRun(developer, preview.id);
    const again = await settled(preview.id);
    expect(again.status).toBe("failed");
    expect(again.error).toMatch(/STALE/);

    const abandoned = await abandonRun(developer, preview.id, "the provider gave up on the action");
    expect(abandoned.error).toBe(`Abandoned by ${developer.email}: the provider gave up on the action`);
    await reconcileRuns();
    expect((await getRunView(db, preview.id)).reconciliation).toBeNull();
    // A failed run is not looked at again within the recheck period.
    expect(RECHECK_MS).toBeGreaterThanOrEqual(60_000);
  }, 90_000);
});

describe("the reconciler's own passes", () => {
  it("keeps a day of passes that went well and every failed one; older good passes are deleted", async () => {
    const db = await getDb();
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    const pass = (status: "succeeded" | "failed", finished: Date, kind = "yield.reconcile") => ({
      kind,
      status,
      params: {},
      startedById: "system:reconciler",
      startedByEmail: "reconciler@console",
      finishedAt: finished,
    });
    const rows = await db
      .insert(tables.jobRuns)
      .values([
        pass("succeeded", hoursAgo(25)),
        pass("succeeded", hoursAgo(23)),
        pass("failed", hoursAgo(48)),
        pass("succeeded", hoursAgo(48), "alerts.export"),
      ])
      .returning({ id: tables.jobRuns.id });
    const [oldGood, recentGood, oldFailed, otherKind] = rows.map((r) => r.id);

    expect(await pruneFinishedPasses(new Date(now))).toBe(1);
    const left = new Set((await db.select({ id: tables.jobRuns.id }).from(tables.jobRuns)).map((r) => r.id));
    expect(left.has(oldGood as string)).toBe(false);
    expect([recentGood, oldFailed, otherKind].every((id) => left.has(id as string))).toBe(true);
  });
});
