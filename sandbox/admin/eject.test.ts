import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ejectableBackupSharesResponseSchema, enableEjectResponseSchema } from "@/lib/contracts";
import { startTestSandbox, type TestSandbox } from "../seed/test-sandbox";
import type { ClientRecord, WalletRecord } from "../types";
import { EJECT_TOO_SOON_MESSAGE, MANAGED_BACKUPS_OFF_MESSAGE } from "./eject";

let clock = Date.UTC(2026, 10, 1, 12, 0, 0);
let sb: TestSandbox;
let client: ClientRecord;
let wallet: WalletRecord;
let unbacked: WalletRecord;

beforeAll(async () => {
  sb = await startTestSandbox({}, { now: () => clock });
  client = sb.clients.all()[5] as ClientRecord;
  [wallet, unbacked] = client.wallets as [WalletRecord, WalletRecord];
  sb.backups.add(client.id, wallet.id);
});
afterAll(() => sb.close());

const enable = (body: unknown, clientId = client.id, box = sb) =>
  box.admin(`/api/v3/custodians/me/clients/${clientId}/enable-eject`, { method: "PATCH", body: JSON.stringify(body) });
const shares = (walletId = wallet.id, box = sb) =>
  box.admin(`/api/v3/custodians/me/clients/${client.id}/wallets/${walletId}/ejectable-backup-shares`);
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
const iso = (ms: number) => new Date(ms).toISOString();

describe("enable-eject", () => {
  it("opens a 5-minute window when ejectableUntil is omitted and sets it on the wallet", async () => {
    const res = await enable({ walletId: wallet.id });
    expect(res.status).toBe(200);
    const body = enableEjectResponseSchema.parse(await res.json());
    expect(body).toEqual({ ejectableUntil: iso(clock + 5 * 60_000) });
    const read = (await (await sb.admin(`/api/v3/custodians/me/clients/${client.id}`)).json()) as {
      wallets: { id: string; ejectableUntil: string | null }[];
    };
    expect(read.wallets.find((w) => w.id === wallet.id)?.ejectableUntil).toBe(body.ejectableUntil);
  });

  it("takes an ejectableUntil at least 1 minute ahead", async () => {
    const until = iso(clock + 60_000);
    expect(await (await enable({ walletId: wallet.id, ejectableUntil: until })).json()).toEqual({
      ejectableUntil: until,
    });
    const later = iso(clock + 3_600_000);
    expect(await (await enable({ walletId: wallet.id, ejectableUntil: later })).json()).toEqual({
      ejectableUntil: later,
    });
  });

  it.each([
    ["59 s ahead", () => iso(clock + 59_000)],
    ["now", () => iso(clock)],
    ["in the past", () => iso(clock - 3_600_000)],
  ])("400s ejectableUntil %s with the real service's message", async (_name, until) => {
    const res = await enable({ walletId: wallet.id, ejectableUntil: until() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: EJECT_TOO_SOON_MESSAGE });
  });

  it.each([
    [{}, /^walletId: is required/],
    [{ walletId: "" }, /^walletId: /],
    [{ walletId: "cnotmine" }, /^walletId: cnotmine is not a wallet of client/],
    [{ walletId: "w", ejectableUntil: "tomorrow" }, /^ejectableUntil: expected an ISO-8601 date-time/],
  ])("400s the body %j", async (body, message) => {
    const res = await enable(body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(message);
  });

  it("400s a wallet without a backup", async () => {
    const res = await enable({ walletId: unbacked.id });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/has no backup share to eject/);
  });

  it("404s an unknown client", async () => {
    expect((await enable({ walletId: wallet.id }, "cnobody")).status).toBe(404);
  });

  it("400s both endpoints when the custodian does not use managed backups", async () => {
    const off = await startTestSandbox({ SANDBOX_MANAGED_BACKUPS: "off" });
    try {
      const c = off.clients.all()[5] as ClientRecord;
      off.backups.add(c.id, c.wallets[0]?.id as string);
      const res = await enable({ walletId: c.wallets[0]?.id }, c.id, off);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(MANAGED_BACKUPS_OFF_MESSAGE);
      const read = await off.admin(
        `/api/v3/custodians/me/clients/${c.id}/wallets/${c.wallets[0]?.id}/ejectable-backup-shares`,
      );
      expect(read.status).toBe(400);
      expect(await errorOf(read)).toBe(MANAGED_BACKUPS_OFF_MESSAGE);
      const view = (await (await off.admin(`/api/v3/custodians/me/clients/${c.id}`)).json()) as {
        environment: { backupWithPortalEnabled: boolean };
      };
      expect(view.environment.backupWithPortalEnabled).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe("ejectable-backup-shares", () => {
  it("400s outside a window: never enabled, or expired", async () => {
    sb.clients.setEjectableUntil(client.id, wallet.id, null);
    const never = await shares();
    expect(never.status).toBe(400);
    expect(await errorOf(never)).toMatch(/is not ejectable: call PATCH/);

    await enable({ walletId: wallet.id });
    clock += 5 * 60_000;
    const expired = await shares();
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toMatch(/no longer ejectable: its window closed at/);
  });

  it("returns the shares inside the window, once", async () => {
    await enable({ walletId: wallet.id, ejectableUntil: iso(clock + 120_000) });
    clock += 60_000;
    const res = await shares();
    expect(res.status).toBe(200);
    const body = ejectableBackupSharesResponseSchema.parse(await res.json());
    expect(body.encryptedClientBackupShare).toBeNull();
    expect(JSON.parse(body.custodianBackupShare)).toMatchObject({ clientId: client.id });
    // The read closes the window (the client-side twin documents this side effect).
    expect(sb.clients.wallet(client.id, wallet.id)?.ejectableUntil).toBeNull();
    expect((await shares()).status).toBe(400);
  });

  it("404s a wallet of another client and 401s without the custodian key", async () => {
    const other = sb.clients.all()[6]?.wallets[0]?.id as string;
    const res = await shares(other);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toMatch(/^Wallet .* not found for client/);
    const anon = await sb.baseApp.request(
      `/api/v3/custodians/me/clients/${client.id}/wallets/${wallet.id}/ejectable-backup-shares`,
    );
    expect(anon.status).toBe(401);
  });
});
