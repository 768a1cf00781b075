import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toStaffUser, type StaffUser } from "@/server/auth/users";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { errorFromResponse } from "@/server/upstream/errors";
import { openTestDb } from "@/testing/db";

const upstream = {
  retrieve: vi.fn(),
  enableEject: vi.fn(),
  ejectableBackupShares: vi.fn(),
};
vi.mock("@/server/upstream", () => ({ getAdminClient: () => ({ clients: upstream }) }));

const {
  awaitingApproval,
  createEjectRequest,
  decideEjectRequest,
  ejectSummaries,
  executeEjectRequest,
  fetchEjectShares,
  listEjectRequests,
  withdrawEjectRequest,
} = await import("./index");
const { approvalsInbox, approvalsWaiting, myEjectRequests } = await import("./approvals-view");

const client = {
  id: "cclient000000000000000001",
  ejectedAt: null,
  environment: { id: "cenv00000000000000000001", name: "Production", backupWithPortalEnabled: true },
  wallets: [
    { id: "cwallet000000000000000001", curve: "SECP256K1", backupSharePairs: [{ status: "completed" }] },
    { id: "cwallet000000000000000002", curve: "ED25519", backupSharePairs: [] },
    { id: "cwallet000000000000000003", curve: "SECP256K1", backupSharePairs: [{ status: "incomplete" }] },
  ],
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
  const staff: Record<string, StaffUser> = {};
  const addUser = async (
    name: string,
    role: "admin" | "support" | "compliance",
    createdBy?: string,
    createdAt?: Date,
  ) => {
    const [row] = await handle.db
      .insert(tables.users)
      .values({ email: `${name}@example.com`, role, createdBy: createdBy ?? null, ...(createdAt ? { createdAt } : {}) })
      .returning();
    staff[name] = toStaffUser(row!);
    return staff[name]!;
  };
  const fetch = (
    requestId: string,
    user: StaffUser,
    over: Partial<{ clientId: string; confirmClientId: string }> = {},
    now?: Date,
  ) => fetchEjectShares({ requestId, clientId: client.id, confirmClientId: client.id, ...over }, user, now);
  const approved = async () => {
    const request = await createEjectRequest(input, staff.alice!);
    await decideEjectRequest(request.id, "approved", "checked ticket", staff.bob!);
    return request;
  };

  beforeAll(async () => {
    handle = await openTestDb("pglite");
    setDbForTests(handle);
    const long = new Date(Date.now() - 86_400_000);
    const alice = await addUser("alice", "admin", undefined, long);
    await addUser("bob", "compliance", undefined, long);
    await addUser("carol", "compliance", alice.id, long);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });
  beforeEach(async () => {
    // One open request per wallet: each case starts without any.
    await handle.db.delete(tables.ejectRequests);
    upstream.retrieve.mockReset().mockResolvedValue(client);
    upstream.enableEject.mockReset().mockImplementation(async (_id: string, body: { ejectableUntil: string }) => ({
      ejectableUntil: body.ejectableUntil,
    }));
    upstream.ejectableBackupShares
      .mockReset()
      .mockResolvedValue({ encryptedClientBackupShare: null, custodianBackupShare: '{"share":"secret"}' });
  });

  it("refuses a wallet that is not the client's", async () => {
    await expect(
      createEjectRequest({ ...input, walletId: "cotherwallet0000000000001" }, staff.alice!),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("needs a second person, who is neither the requester nor an account of theirs", async () => {
    const request = await createEjectRequest(input, staff.alice!);
    await expect(decideEjectRequest(request.id, "approved", undefined, staff.alice!)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // carol's account was created by alice: not a second person.
    await expect(decideEjectRequest(request.id, "approved", undefined, staff.carol!)).rejects.toMatchObject({
      code: "FORBIDDEN",
      userMessage: expect.stringContaining("created by the requester"),
    });
    // dave's account appeared after the request (by anyone's hand): not a second person either.
    const dave = await addUser("dave", "admin");
    await expect(decideEjectRequest(request.id, "approved", undefined, dave)).rejects.toMatchObject({
      code: "FORBIDDEN",
      userMessage: expect.stringContaining("created after this request"),
    });
    await expect(executeEjectRequest(request.id, staff.alice!)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await decideEjectRequest(request.id, "approved", "checked ticket", staff.bob!)).toMatchObject({
      status: "approved",
      decidedByEmail: "bob@example.com",
    });
    await expect(decideEjectRequest(request.id, "rejected", "late", staff.bob!)).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("lets only the requester open the window and download, once, inside the window", async () => {
    const request = await approved();
    await expect(executeEjectRequest(request.id, staff.bob!)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(upstream.enableEject).not.toHaveBeenCalled();
    const executed = await executeEjectRequest(request.id, staff.alice!);
    expect(executed.status).toBe("executed");
    const until = new Date(executed.ejectableUntil!).getTime();
    expect(until - Date.now()).toBeGreaterThan(100_000);
    expect(upstream.enableEject).toHaveBeenCalledWith(client.id, {
      walletId: input.walletId,
      ejectableUntil: expect.any(String),
    });
    await expect(executeEjectRequest(request.id, staff.alice!)).rejects.toMatchObject({ code: "CONFLICT" });

    // A request id under another client's URL is refused before anything is spent.
    await expect(
      fetch(request.id, staff.alice!, {
        clientId: "cotherclient0000000000001",
        confirmClientId: "cotherclient0000000000001",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(fetch(request.id, staff.alice!, { confirmClientId: "wrong" })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(fetch(request.id, staff.bob!)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(upstream.ejectableBackupShares).not.toHaveBeenCalled();

    const { shares } = await fetch(request.id, staff.alice!);
    expect(shares.custodianBackupShare).toContain("secret");
    const [row] = await handle.db.select().from(tables.ejectRequests).where(eq(tables.ejectRequests.id, request.id));
    expect(JSON.stringify(row)).not.toContain("secret");
    expect(row?.sharesFetchedByEmail).toBe("alice@example.com");

    // The console refuses a second fetch itself, and any fetch after the window, without asking the upstream.
    upstream.ejectableBackupShares.mockClear();
    await expect(fetch(request.id, staff.alice!)).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("once"),
    });
    await expect(fetch(request.id, staff.alice!, {}, new Date(until + 1000))).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("window has closed"),
    });
    expect(upstream.ejectableBackupShares).not.toHaveBeenCalled();
  });

  it("gives the download back when the upstream could not hand the shares out", async () => {
    const request = await approved();
    await executeEjectRequest(request.id, staff.alice!);
    upstream.ejectableBackupShares.mockRejectedValueOnce(errorFromResponse(503, "busy", { service: "admin" }));
    await expect(fetch(request.id, staff.alice!)).rejects.toBeTruthy();
    expect((await fetch(request.id, staff.alice!)).shares.custodianBackupShare).toContain("secret");
  });

  it("lets pending requests lapse after the approval period", async () => {
    const request = await createEjectRequest(input, staff.alice!);
    await handle.db
      .update(tables.ejectRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tables.ejectRequests.id, request.id));
    await expect(decideEjectRequest(request.id, "approved", undefined, staff.bob!)).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("expired"),
    });
    expect((await listEjectRequests(client.id)).find((r) => r.id === request.id)?.status).toBe("expired");
  });

  it("reads a lapsed request as expired, out of the approver's inbox, without writing on the read", async () => {
    const request = await createEjectRequest(input, staff.alice!);
    expect((await awaitingApproval(staff.bob!)).map((r) => r.id)).toContain(request.id);
    await handle.db
      .update(tables.ejectRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tables.ejectRequests.id, request.id));
    expect((await awaitingApproval(staff.bob!)).map((r) => r.id)).not.toContain(request.id);
    expect((await listEjectRequests(client.id)).find((r) => r.id === request.id)?.status).toBe("expired");
    // The pages read it as expired; the table is marked when a write next needs it (a new request).
    const [stored] = await handle.db
      .select({ status: tables.ejectRequests.status })
      .from(tables.ejectRequests)
      .where(eq(tables.ejectRequests.id, request.id));
    expect(stored?.status).toBe("pending");
  });

  it("lets an approval lapse when the window is not opened in time (default one hour)", async () => {
    const request = await createEjectRequest(input, staff.alice!);
    const decidedAt = new Date();
    const decided = await decideEjectRequest(request.id, "approved", "ok", staff.bob!, decidedAt);
    expect(new Date(decided.expiresAt).getTime() - decidedAt.getTime()).toBe(60 * 60_000);
    await expect(
      executeEjectRequest(request.id, staff.alice!, new Date(decidedAt.getTime() + 61 * 60_000)),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("lapsed"),
    });
    expect(upstream.enableEject).not.toHaveBeenCalled();
    await handle.db
      .update(tables.ejectRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tables.ejectRequests.id, request.id));
    expect((await listEjectRequests(client.id)).find((r) => r.id === request.id)?.status).toBe("expired");
  });

  /** What staff must never read: API paths, methods, placeholders, field names of the wire. */
  const noWireText = (message: string) => {
    for (const wire of ["POST", "PATCH", "GET ", "{", "/v1", "/api/", "mpc_url", "ejectableUntil", "Simulated"])
      expect(message).not.toContain(wire);
  };
  const refusalOf = async (promise: Promise<unknown>) => {
    const error = (await promise.then(
      () => expect.unreachable("the step was not refused"),
      (e: unknown) => e,
    )) as { code: string; userMessage: string };
    noWireText(error.userMessage);
    return error;
  };

  it("explains an upstream refusal to open the window in staff words, and keeps the approval usable", async () => {
    const request = await approved();
    upstream.enableEject.mockRejectedValueOnce(
      errorFromResponse(
        400,
        { message: "no backup share to eject: back it up with POST {mpc_url}/v1/backup first" },
        { service: "admin", method: "PATCH", path: "/api/v3/custodians/me/clients/{clientId}/enable-eject" },
      ),
    );
    expect(await refusalOf(executeEjectRequest(request.id, staff.alice!))).toMatchObject({
      code: "VALIDATION",
      userMessage: expect.stringMatching(/no backup shares for this wallet: the client has not backed it up/),
    });
    expect((await listEjectRequests(client.id)).find((r) => r.id === request.id)?.status).toBe("approved");

    upstream.enableEject.mockRejectedValueOnce(
      errorFromResponse(400, { error: "Custodian does not use managed backups" }, { service: "admin" }),
    );
    expect(await refusalOf(executeEjectRequest(request.id, staff.alice!))).toMatchObject({
      userMessage: expect.stringContaining("This custodian does not use managed backups"),
    });
    upstream.enableEject.mockRejectedValueOnce(
      errorFromResponse(400, { message: "ejectableUntil must be a date must be at least 1 minute from now." }, {}),
    );
    expect(await refusalOf(executeEjectRequest(request.id, staff.alice!))).toMatchObject({
      userMessage: expect.stringContaining("at least one minute from now"),
    });
  });

  it("gives a refusal it does not know, or a failure of the upstream, one plain sentence and no upstream text", async () => {
    const request = await approved();
    upstream.enableEject.mockRejectedValueOnce(
      errorFromResponse(400, { message: "Quota exceeded for POST /api/v3/x (code 77)" }, { service: "admin" }),
    );
    const unknown = await refusalOf(executeEjectRequest(request.id, staff.alice!));
    // UPSTREAM: the action logs the full error under the request id the page shows.
    expect(unknown).toMatchObject({ code: "UPSTREAM", userMessage: expect.stringContaining("does not recognise") });
    expect(unknown.userMessage).not.toContain("Quota");
    upstream.enableEject.mockRejectedValueOnce(
      errorFromResponse(500, { error: "Simulated internal server error" }, { service: "admin", method: "PATCH" }),
    );
    expect(await refusalOf(executeEjectRequest(request.id, staff.alice!))).toMatchObject({
      code: "UPSTREAM",
      userMessage: expect.stringContaining("The wallet service failed while opening the eject window"),
    });
    expect((await listEjectRequests(client.id)).find((r) => r.id === request.id)?.status).toBe("approved");
  });

  it("explains an upstream refusal to hand out the shares in staff words", async () => {
    const request = await approved();
    await executeEjectRequest(request.id, staff.alice!);
    upstream.ejectableBackupShares.mockRejectedValueOnce(
      errorFromResponse(400, { message: "This wallet is not ejectable: enable ejection for it first." }, {}),
    );
    expect(await refusalOf(fetch(request.id, staff.alice!))).toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("does not have an eject window open for this wallet"),
    });
    upstream.ejectableBackupShares.mockRejectedValueOnce(
      errorFromResponse(
        400,
        { message: "This wallet has no backup share to eject: the client started a backup but did not complete it." },
        {},
      ),
    );
    expect(await refusalOf(fetch(request.id, staff.alice!))).toMatchObject({
      userMessage: expect.stringContaining("started a backup of this wallet but did not complete it"),
    });
  });

  it("refuses a request when the custodian does not use managed backups, before anyone approves", async () => {
    upstream.retrieve.mockResolvedValue({
      ...client,
      environment: { ...client.environment, backupWithPortalEnabled: false },
    });
    await expect(createEjectRequest(input, staff.alice!)).rejects.toMatchObject({
      code: "VALIDATION",
      userMessage: expect.stringContaining("does not use managed backups"),
    });
    expect(await listEjectRequests(client.id)).toEqual([]);
    // Not said at all: the upstream decides when the window is opened.
    const { backupWithPortalEnabled: _, ...unsaid } = client.environment;
    upstream.retrieve.mockResolvedValue({ ...client, environment: unsaid });
    await expect(createEjectRequest(input, staff.alice!)).resolves.toMatchObject({ status: "pending" });
  });

  it("refuses a new request for a wallet whose shares the console already handed out", async () => {
    const request = await approved();
    await executeEjectRequest(request.id, staff.alice!);
    await fetch(request.id, staff.alice!);
    // The upstream's record does not say ejected (the mock still returns ejectedAt null).
    await expect(createEjectRequest(input, staff.alice!)).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("backup shares were already handed out"),
    });
    // Another wallet of the same client is still its own matter.
    upstream.retrieve.mockResolvedValue({
      ...client,
      wallets: [client.wallets[0]!, { ...client.wallets[1]!, backupSharePairs: [{ status: "completed" }] }],
    });
    await expect(createEjectRequest({ ...input, walletId: client.wallets[1]!.id }, staff.bob!)).resolves.toMatchObject({
      status: "pending",
    });
  });

  it("refuses, before anyone approves, a wallet without a completed backup", async () => {
    await expect(
      createEjectRequest({ ...input, walletId: "cwallet000000000000000002" }, staff.alice!),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      userMessage: expect.stringContaining("never backed it up"),
    });
    await expect(
      createEjectRequest({ ...input, walletId: "cwallet000000000000000003" }, staff.alice!),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      userMessage: expect.stringContaining("did not complete it"),
    });
  });

  it("keeps one open request per wallet; the requester (only) withdraws it", async () => {
    const first = await createEjectRequest(input, staff.alice!);
    await expect(createEjectRequest(input, staff.alice!)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(withdrawEjectRequest(first.id, staff.bob!)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await withdrawEjectRequest(first.id, staff.alice!)).toMatchObject({ status: "withdrawn" });
    await expect(decideEjectRequest(first.id, "approved", "late", staff.bob!)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(withdrawEjectRequest(first.id, staff.alice!)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("offers in the inbox exactly the requests the approval would accept", async () => {
    const request = await createEjectRequest(input, staff.alice!);
    const ids = async (user: StaffUser) => (await awaitingApproval(user)).map((r) => r.id);
    expect(await ids(staff.bob!)).toContain(request.id);
    expect(await ids(staff.alice!)).not.toContain(request.id);
    expect(await ids(staff.carol!)).not.toContain(request.id); // created by alice
    // The same when the account's facts are read afresh rather than taken from the signed-in user.
    expect(await ids({ ...staff.carol!, joined: undefined })).not.toContain(request.id);
    expect(await ids({ ...staff.bob!, joined: undefined })).toContain(request.id);
    const late = await addUser("erin", "compliance");
    expect(await ids(late)).not.toContain(request.id); // account newer than the request
    // The sidebar's badge counts in the database what the inbox lists, for each of them.
    const people = [staff.alice!, staff.bob!, staff.carol!, { ...staff.carol!, joined: undefined }, late];
    const badge = async (user: StaffUser) => (await approvalsWaiting(user)).waiting;
    for (const user of people) expect(await badge(user)).toBe((await ids(user)).length);
    expect(await badge(staff.bob!)).toBeGreaterThan(0);
    await withdrawEjectRequest(request.id, staff.alice!);
    expect(await ids(staff.bob!)).not.toContain(request.id);
    expect(await badge(staff.bob!)).toBe((await ids(staff.bob!)).length);
  });

  it("shows a request as expired on the lists and out of the badge once it lapses, with nothing written", async () => {
    const summary = async () => (await ejectSummaries([client] as never))[client.id];
    const pending = await createEjectRequest(input, staff.alice!);
    expect(await summary()).toEqual({ state: "pending", requestId: pending.id });
    expect((await listEjectRequests(client.id)).find((r) => r.id === pending.id)?.status).toBe("pending");
    expect((await approvalsWaiting(staff.bob!)).waiting).toBe(1);
    const [row] = await handle.db.select().from(tables.ejectRequests).where(eq(tables.ejectRequests.id, pending.id));
    vi.useFakeTimers({ toFake: ["Date"], now: row!.expiresAt.getTime() });
    try {
      // At its expiry it still counts; a millisecond later it does not (both read as kept on PGlite).
      expect(await summary()).toEqual({ state: "pending", requestId: pending.id });
      expect((await approvalsWaiting(staff.bob!)).waiting).toBe(1);
      expect((await listEjectRequests(client.id)).find((r) => r.id === pending.id)?.status).toBe("pending");
      expect((await approvalsInbox(staff.bob!)).waiting.map((r) => r.id)).toContain(pending.id);
      expect((await myEjectRequests(staff.alice!)).requests.find((r) => r.id === pending.id)?.status).toBe("pending");
      vi.setSystemTime(row!.expiresAt.getTime() + 1);
      expect(await summary()).toEqual({ state: "none" });
      expect((await approvalsWaiting(staff.bob!)).waiting).toBe(0);
      expect((await listEjectRequests(client.id)).find((r) => r.id === pending.id)?.status).toBe("expired");
      expect((await approvalsInbox(staff.bob!)).waiting.map((r) => r.id)).not.toContain(pending.id);
      expect((await myEjectRequests(staff.alice!)).requests.find((r) => r.id === pending.id)?.status).toBe("expired");
    } finally {
      vi.useRealTimers();
    }
  });

  it("sums each client up for the list: pending, approved, open, ejected", async () => {
    const other = { ...client, id: "cclient000000000000000002" };
    upstream.retrieve.mockImplementation(async (id: string) => (id === other.id ? other : client));
    const summary = async () => ejectSummaries([client, other] as never);
    const pending = await createEjectRequest(input, staff.alice!);
    expect((await summary())[client.id]).toEqual({ state: "pending", requestId: pending.id });
    expect((await summary())[other.id]).toEqual({ state: "none" });
    await decideEjectRequest(pending.id, "approved", "ok go", staff.bob!);
    expect((await summary())[client.id]).toEqual({ state: "approved", requestId: pending.id });
    const until = new Date(Date.now() + 120_000).toISOString();
    const open = { ...client, wallets: [{ ...client.wallets[0]!, ejectableUntil: until }] };
    expect((await ejectSummaries([open] as never))[client.id]).toEqual({ state: "open", until });
    await executeEjectRequest(pending.id, staff.alice!);
    await fetch(pending.id, staff.alice!);
    expect((await summary())[client.id]).toMatchObject({ state: "ejected" });
  });
});
