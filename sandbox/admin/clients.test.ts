import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSchema, createClientResponseSchema, listClientsResponseSchema } from "@/lib/contracts";
import { startTestSandbox, type TestSandbox } from "@/testing/sandbox";
import { CUID_PATTERN } from "../state/ids";

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ SANDBOX_SEED_CLIENTS: "250" });
});
afterAll(() => sb.close());

const json = async <T = Record<string, unknown>>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const createClient = (body?: unknown) =>
  sb.admin("/api/v3/custodians/me/clients", {
    method: "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("create client", () => {
  it("returns id, clientApiKey, clientSessionToken and isAccountAbstracted with 200", async () => {
    const res = await createClient({ isAccountAbstracted: true });
    expect(res.status).toBe(200);
    const body = createClientResponseSchema.parse(await res.json());
    expect(Object.keys(body).sort()).toEqual(["clientApiKey", "clientSessionToken", "id", "isAccountAbstracted"]);
    expect(body.id).toMatch(CUID_PATTERN);
    expect(body.isAccountAbstracted).toBe(true);
    expect(body.clientApiKey).not.toBe(body.clientSessionToken);
    // Both credentials resolve to the client (the MPC service authenticates through this).
    expect(sb.clients.resolveClientBearer(body.clientApiKey)?.id).toBe(body.id);
    expect(sb.clients.resolveClientBearer(body.clientSessionToken)?.id).toBe(body.id);
  });

  it("defaults isAccountAbstracted to false for an empty or missing body", async () => {
    expect((await json(createClient({}))).isAccountAbstracted).toBe(false);
    expect((await json(createClient())).isAccountAbstracted).toBe(false);
  });

  it("400s a non-boolean isAccountAbstracted and a body that is not JSON", async () => {
    const bad = await createClient({ isAccountAbstracted: "yes" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toMatch(/^isAccountAbstracted:/);
    const garbage = await sb.admin("/api/v3/custodians/me/clients", { method: "POST", body: "{nope" });
    expect(garbage.status).toBe(400);
    expect(await json(garbage)).toEqual({ error: "Request body is not valid JSON" });
  });

  it("401s without the custodian key", async () => {
    const res = await sb.baseApp.request("/api/v3/custodians/me/clients", { method: "POST" });
    expect(res.status).toBe(401);
    expect((await json(res)).error).toMatch(/custodian API key/);
  });
});

describe("sessions and web OTP", () => {
  it("issues a new session token as {id, clientSessionToken, isAccountAbstracted}", async () => {
    const created = await json<{ id: string; clientSessionToken: string }>(createClient());
    const res = await sb.admin(`/api/v3/custodians/me/clients/${created.id}/sessions`, { method: "POST" });
    expect(res.status).toBe(200);
    const body = await json<{ id: string; clientSessionToken: string; isAccountAbstracted: boolean }>(res);
    expect(body).toEqual({ id: created.id, clientSessionToken: expect.any(String), isAccountAbstracted: false });
    expect(body.clientSessionToken).not.toBe(created.clientSessionToken);
    expect(sb.clients.resolveClientBearer(body.clientSessionToken)?.id).toBe(created.id);
  });

  it("issues web OTPs on GET and POST of the v1 path", async () => {
    const { id } = await json<{ id: string }>(createClient());
    for (const method of ["GET", "POST"]) {
      const res = await sb.admin(`/api/v1/custodians/clients/${id}/web-otp`, { method });
      expect(res.status).toBe(200);
      const body = await json<{ id: string; otp: string }>(res);
      expect(body.id).toBe(id);
      expect(body.otp.length).toBeGreaterThanOrEqual(16);
      expect(sb.clients.redeemWebOtp(body.otp)?.id).toBe(id);
      expect(sb.clients.redeemWebOtp(body.otp)).toBeUndefined();
    }
  });

  it("404s sessions and OTPs of an unknown client", async () => {
    for (const [method, path] of [
      ["POST", "/api/v3/custodians/me/clients/cnope/sessions"],
      ["GET", "/api/v1/custodians/clients/cnope/web-otp"],
    ]) {
      const res = await sb.admin(path as string, { method });
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({ error: "Client cnope not found" });
    }
  });

  it("puts the v1 path under the custodian key too", async () => {
    const res = await sb.baseApp.request("/api/v1/custodians/clients/x/web-otp", {
      headers: { authorization: "Bearer wrong-key" },
    });
    expect(res.status).toBe(401);
  });
});

describe("read one client", () => {
  it("returns the full record for a seeded client", async () => {
    const seeded = sb.clients.all()[0];
    const res = await sb.admin(`/api/v3/custodians/me/clients/${seeded?.id}`);
    expect(res.status).toBe(200);
    const client = clientSchema.parse(await res.json());
    expect(client.environment).toEqual({
      id: sb.profile.environment.id,
      name: "Development",
      backupWithPortalEnabled: true,
    });
    expect(client.custodian).toEqual(sb.profile.custodian);
    expect(client.metadata.namespaces.eip155?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(client.metadata.namespaces.bip122?.bitcoin?.p2wpkh?.mainnet).toMatch(/^bc1q/);
    expect(client.wallets.map((w) => w.curve).sort()).toEqual(["ED25519", "SECP256K1"]);
    expect(client.wallets[0]).toHaveProperty("ejectableUntil", null);
  });

  it("returns a new client with no wallets yet", async () => {
    const { id } = await json<{ id: string }>(createClient());
    const client = await json(sb.admin(`/api/v3/custodians/me/clients/${id}`));
    expect(client).toMatchObject({
      id,
      ejectedAt: null,
      isAccountAbstracted: false,
      metadata: { namespaces: {} },
      wallets: [],
    });
  });

  it("404s an unknown id with {error}", async () => {
    const res = await sb.admin("/api/v3/custodians/me/clients/cmissing0000000000000000");
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: "Client cmissing0000000000000000 not found" });
  });
});

describe("list clients", () => {
  const list = async (query = "") => {
    const res = await sb.admin(`/api/v3/custodians/me/clients${query}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("defaults take to 100 and reports the total", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const parsed = listClientsResponseSchema.parse(body);
    expect(parsed.results).toHaveLength(100);
    expect(parsed.metadata).toEqual({ cursor: parsed.results[99]?.id, take: 100, total: sb.clients.size });
  });

  it.each(["0", "101", "-1", "1.5", "abc", ""])("400s take=%s naming the parameter", async (take) => {
    const { status, body } = await list(`?take=${take}`);
    expect(status).toBe(400);
    expect(body.error).toMatch(/^take: /);
  });

  it("400s an unknown cursor", async () => {
    const { status, body } = await list("?cursor=cunknown");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "cursor: no client has id cunknown" });
  });

  it("walks every client once, in createdAt then id order, while clients are created between pages", async () => {
    const seen: string[] = [];
    const createdDuring: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { body } = await list(`?take=37${cursor ? `&cursor=${cursor}` : ""}`);
      const page = listClientsResponseSchema.parse(body);
      seen.push(...page.results.map((c) => c.id));
      cursor = page.metadata.cursor;
      expect(page.metadata.take).toBe(37);
      if (cursor) expect(cursor).toBe(page.results.at(-1)?.id);
      // Two clients appear while the walk is under way.
      if (pages++ < 4) for (let k = 0; k < 2; k++) createdDuring.push((await json<{ id: string }>(createClient())).id);
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(sb.clients.size);
    for (const id of createdDuring) expect(seen).toContain(id);
    const records = seen.map((id) => sb.clients.get(id));
    for (let k = 1; k < records.length; k++) {
      const [a, b] = [records[k - 1], records[k]];
      expect(a && b && (a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id))).toBe(true);
    }
  });

  it("puts clients created in the same millisecond after each other and after everyone else", async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, async () => (await json<{ id: string }>(createClient())).id),
    );
    const tail = sb.clients
      .all()
      .slice(-20)
      .map((c) => c.id);
    expect(tail).toEqual(ids);
  });

  it("ends with cursor null", async () => {
    const all = sb.clients.all();
    const { body } = await list(`?cursor=${all.at(-3)?.id}`);
    expect(body.metadata).toEqual({ cursor: null, take: 100, total: all.length });
    expect((body.results as unknown[]).length).toBe(2);
  });
});
