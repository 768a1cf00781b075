import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIMELINE_KINDS, type TimelineKind } from "@/lib/clients/timeline";
import { appendAudit } from "@/server/audit/append";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { clientTimeline, shownTimeline } from "./timeline";

const actor = { id: "u1", email: "sam@example.com", role: "support" };
const CLIENT = "cclient000000000000000001";
const OTHER = "cclient000000000000000002";
const TX = `0x${"ab".repeat(32)}`;

describe.each<TestDbKind>(["pglite", "postgres"])("a client's timeline on %s", (kind) => {
  let handle: DbHandle;
  let requestId: string;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    const [request] = await handle.db
      .insert(tables.ejectRequests)
      .values({
        clientId: CLIENT,
        walletId: "w1",
        reason: "leaving",
        ticket: "T-1",
        windowMinutes: 2,
        requestedById: "11111111-1111-4111-8111-111111111111",
        requestedByEmail: "sam@example.com",
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    requestId = request!.id;
    const write = (action: string, target: string, input: unknown, outcome: "intent" | "ok" | "error" = "ok") =>
      appendAudit(
        {
          actor,
          action,
          target,
          input,
          outcome,
          errorCode: outcome === "error" ? "VALIDATION" : null,
          errorMessage: outcome === "error" ? "bad amount" : null,
        },
        handle.db,
      );
    await write("clients.create", CLIENT, { result: { clientId: CLIENT, isAccountAbstracted: true } });
    await write(
      "credentials.session-token",
      CLIENT,
      { input: { clientId: CLIENT, reason: "SUP-1 locked out" } },
      "intent",
    );
    await write("credentials.session-token", CLIENT, {
      input: { clientId: CLIENT, reason: "SUP-1 locked out" },
      result: { issued: "client session token" },
    });
    await write("credentials.web-otp", OTHER, { input: { clientId: OTHER, reason: "someone else" } });
    await write(
      "transfers.build",
      CLIENT,
      { input: { clientId: CLIENT, chain: "sepolia", to: "0xabc", token: "USDC", amount: "1.5" } },
      "error",
    );
    await write("eject.request", `${CLIENT}/w1`, { input: { walletId: "w1", ticket: "T-1", reason: "leaving" } });
    await write("eject.approve", requestId, { input: { requestId, note: "checked" } });
    await write("clients.find-address", "0xabc", { input: { address: "0xabc" } });
    // The yield runner's records, as a job writes them: the facts are the input itself, the client is the target.
    const run = { runId: "yr-1", yieldId: "ethereum-lido-staking" };
    await write("yield.run", CLIENT, { ...run, intent: "enter" });
    await write("yield.sign", CLIENT, { ...run, stepIndex: 0, title: "Stake ETH", actionType: "STAKE" });
    await write("yield.report", CLIENT, { ...run, stepIndex: 0, title: "Stake ETH", transactionHash: TX });
    await write("yield.confirm", CLIENT, { ...run, stepIndex: 0, title: "Stake ETH", transactionHash: TX });
    await appendAudit(
      {
        actor,
        action: "yield.sign",
        target: CLIENT,
        input: { ...run, stepIndex: 1, title: "Claim", error: "user rejected the request" },
        outcome: "error",
        errorCode: "UPSTREAM",
        errorMessage: "Signing failed",
      },
      handle.db,
    );
    await write("yield.run", OTHER, { runId: "yr-2", yieldId: "base-usdc-aave", intent: "exit" });
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle?.close();
  });

  it("tells the client's story newest first, from the outcome records only, without another client's", async () => {
    const page = await clientTimeline(handle.db, CLIENT, {
      kinds: ["created", "credentials", "transfers", "eject"],
      limit: 25,
    });
    expect(page.entries.map((e) => [e.action, e.outcome])).toEqual([
      ["eject.approve", "ok"],
      ["eject.request", "ok"],
      ["transfers.build", "error"],
      ["credentials.session-token", "ok"],
      ["clients.create", "ok"],
    ]);
    expect(page.entries.map((e) => e.summary)).toEqual([
      "Eject approved — “checked”",
      "Eject requested for wallet w1 (ticket T-1) — “leaving”",
      "Unsigned transfer built: 1.5 USDC to 0xabc on Sepolia — refused: bad amount",
      "Session token issued — “SUP-1 locked out”",
      "Client created with account abstraction",
    ]);
  });

  it("serves the timeline as the log holds it, a record appended since included", async () => {
    setDbForTests(handle);
    const query = { kinds: [], limit: 25 };
    const before = await shownTimeline(CLIENT, query);
    expect(before).toEqual(await clientTimeline(handle.db, CLIENT, query));
    const { id } = await appendAudit(
      { actor, action: "credentials.web-otp", target: CLIENT, input: { input: { clientId: CLIENT } }, outcome: "ok" },
      handle.db,
    );
    const after = await shownTimeline(CLIENT, query);
    expect(after).toEqual(await clientTimeline(handle.db, CLIENT, query));
    expect(after.entries[0]?.recordId).toBe(id);
    expect(after.entries).toHaveLength(Math.min(25, before.entries.length + 1));
  });

  it("filters by kind and pages by record number", async () => {
    const eject = await clientTimeline(handle.db, CLIENT, { kinds: ["eject"], limit: 25 });
    expect(eject.entries.map((e) => e.kind)).toEqual(["eject", "eject"]);
    const first = await clientTimeline(handle.db, CLIENT, { kinds: [], limit: 2 });
    expect(first.entries).toHaveLength(2);
    const second = await clientTimeline(handle.db, CLIENT, { kinds: [], cursor: first.nextCursor!, limit: 25 });
    expect([...first.entries, ...second.entries].map((e) => e.seq)).toEqual(
      (await clientTimeline(handle.db, CLIENT, { kinds: [], limit: 25 })).entries.map((e) => e.seq),
    );
    expect(second.nextCursor).toBeNull();
  });

  it("lists a yield run's records with the run, the step and the transaction, and its failures", async () => {
    const page = await clientTimeline(handle.db, CLIENT, { kinds: ["yield"], limit: 25 });
    expect(page.entries.map((e) => [e.kindLabel, e.action, e.outcome])).toEqual([
      ["Yield", "yield.sign", "error"],
      ["Yield", "yield.confirm", "ok"],
      ["Yield", "yield.report", "ok"],
      ["Yield", "yield.sign", "ok"],
      ["Yield", "yield.run", "ok"],
    ]);
    expect(page.entries.map((e) => e.summary)).toEqual([
      "Signed step 2 “Claim” of yield run yr-1 — failed: user rejected the request — refused: Signing failed",
      `Confirmed on chain: step 1 “Stake ETH” of yield run yr-1, transaction ${TX}`,
      `Reported step 1 “Stake ETH” of yield run yr-1 to the yield provider, transaction ${TX}`,
      "Signed step 1 “Stake ETH” (Stake) of yield run yr-1",
      "Yield run yr-1: Enter ethereum-lido-staking",
    ]);
    const other = await clientTimeline(handle.db, OTHER, { kinds: ["yield"], limit: 25 });
    expect(other.entries.map((e) => e.summary)).toEqual(["Yield run yr-2: Exit base-usdc-aave"]);
  });

  it("finds a new kind's records the way the kind declares, without a change to the query", async () => {
    // Records that name the client in a way no kind used before: "note:<client>" or one of its eject requests.
    await appendAudit(
      { actor, action: "test.note", target: `note:${CLIENT}`, input: { input: { text: "first" } }, outcome: "ok" },
      handle.db,
    );
    await appendAudit(
      { actor, action: "test.note", target: requestId, input: { input: { text: "on the request" } }, outcome: "ok" },
      handle.db,
    );
    await appendAudit(
      { actor, action: "test.note", target: `note:${OTHER}`, input: { input: { text: "not ours" } }, outcome: "ok" },
      handle.db,
    );
    const notes: TimelineKind = {
      id: "test-notes",
      label: "Notes",
      records: (clientId, match) =>
        match.anyOf(match.targetIs(`note:${clientId}`), match.targetIsIdOf("ejectRequests", "clientId", clientId)),
      actions: { "test.note": { summary: (f) => `Note: ${String(f.input.text)}` } },
    };
    TIMELINE_KINDS.push(notes);
    try {
      const page = await clientTimeline(handle.db, CLIENT, { kinds: ["test-notes"], limit: 25 });
      expect(page.entries.map((e) => e.summary)).toEqual(["Note: on the request", "Note: first"]);
    } finally {
      TIMELINE_KINDS.splice(TIMELINE_KINDS.indexOf(notes), 1);
    }
  });
});
