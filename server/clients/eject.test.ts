import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDb } from "@/server/db/testing";
import type { DbHandle } from "@/server/db/client";
import { setDbForTests, tables } from "@/server/db";
import { errorFromResponse } from "@/server/upstream/errors";
import type { StaffUser } from "@/server/auth/users";

const upstream = {
  retrieve: vi.fn(),
  enableEject: vi.fn(),
  ejectableBackupShares: vi.fn(),
};
vi.mock("@/server/upstream", () => ({ getAdminClient: () => ({ clients: upstream }) }));

const { createEjectRequest, decideEjectRequest, executeEjectRequest, fetchEjectShares, listEjectRequests } =
  await import("./eject");

const alice: StaffUser = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "alice@example.com",
  name: null,
  role: "support",
};
const bob: StaffUser = {
  id: "22222222-2222-4222-8222-222222222222",
  email: "bob@example.com",
  name: null,
  role: "compliance",
};
const client = {
  id: "cclient000000000000000001",
  ejectedAt: null,
  wallets: [{ id: "cwallet000000000000000001", curve: "SECP256K1" }],
};
const input = {
  clientId: client.id,
  walletId: client.wallets[0]!.id,
  reason: "User leaves the platform",
  ticket: "SUP-1",
  windowMinutes: 2,
};

describe("eject dual control", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb("pglite");
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });
  beforeEach(() => {
    upstream.retrieve.mockReset().mockResolvedValue(client);
    upstream.enableEject
      .mockReset()
      .mockImplementation(async (_id: string, body: { ejectableUntil: string }) => ({
        ejectableUntil: body.ejectableUntil,
      }));
    upstream.ejectableBackupShares
      .mockReset()
      .mockResolvedValue({ encryptedClientBackupShare: null, custodianBackupShare: '{"share":"secret"}' });
  });

  it("refuses a wallet that is not the client's", async () => {
    await expect(createEjectRequest({ ...input, walletId: "cotherwallet0000000000001" }, alice)).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("refuses self-approval, then lets someone else approve, execute and fetch once inside the window", async () => {
    const request = await createEjectRequest(input, alice);
    expect(request.status).toBe("pending");
    await expect(decideEjectRequest(request.id, "approved", undefined, alice)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(executeEjectRequest(request.id, alice)).rejects.toMatchObject({ code: "CONFLICT" });
    const approved = await decideEjectRequest(request.id, "approved", "checked ticket", bob);
    expect(approved).toMatchObject({ status: "approved", decidedByEmail: "bob@example.com" });
    await expect(decideEjectRequest(request.id, "rejected", "late", bob)).rejects.toMatchObject({ code: "CONFLICT" });

    const executed = await executeEjectRequest(request.id, alice);
    expect(executed.status).toBe("executed");
    const until = new Date(executed.ejectableUntil!).getTime();
    expect(until - Date.now()).toBeGreaterThan(100_000);
    expect(upstream.enableEject).toHaveBeenCalledWith(client.id, {
      walletId: input.walletId,
      ejectableUntil: expect.any(String),
    });

    await expect(fetchEjectShares(request.id, "wrong", alice)).rejects.toMatchObject({ code: "VALIDATION" });
    const { shares } = await fetchEjectShares(request.id, client.id, alice);
    expect(shares.custodianBackupShare).toContain("secret");
    // The console stores who fetched and when, never the shares.
    const [row] = await handle.db.select().from(tables.ejectRequests).where(eq(tables.ejectRequests.id, request.id));
    expect(JSON.stringify(row)).not.toContain("secret");
    expect(row?.sharesFetchedByEmail).toBe("alice@example.com");

    // After the window the console refuses by itself, without asking the upstream.
    upstream.ejectableBackupShares.mockClear();
    await expect(fetchEjectShares(request.id, client.id, alice, new Date(until + 1000))).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("window has closed"),
    });
    expect(upstream.ejectableBackupShares).not.toHaveBeenCalled();
  });

  it("lets pending requests lapse after the approval period", async () => {
    const request = await createEjectRequest(input, alice);
    await handle.db
      .update(tables.ejectRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tables.ejectRequests.id, request.id));
    await expect(decideEjectRequest(request.id, "approved", undefined, bob)).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("expired"),
    });
    expect((await listEjectRequests(client.id)).find((r) => r.id === request.id)?.status).toBe("expired");
  });

  it("explains an upstream refusal to open the window in words", async () => {
    const request = await createEjectRequest(input, alice);
    await decideEjectRequest(request.id, "approved", undefined, bob);
    upstream.enableEject.mockRejectedValueOnce(
      errorFromResponse(400, { error: "Custodian does not use managed backups" }, { service: "admin" }),
    );
    await expect(executeEjectRequest(request.id, alice)).rejects.toMatchObject({
      code: "VALIDATION",
      userMessage: expect.stringContaining("Custodian does not use managed backups"),
    });
  });
});
