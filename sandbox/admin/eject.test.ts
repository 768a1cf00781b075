import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ejectableBackupSharesResponseSchema, enableEjectResponseSchema } from "@/lib/contracts";
import { startTestSandbox, type TestSandbox } from "@/testing/sandbox";
import { seededClientPositions, type SeededBackupState } from "../seed/backup-plan";
import type { ClientRecord, WalletRecord } from "../types";
import {
  BACKUP_INCOMPLETE_MESSAGE,
  EJECT_TOO_SOON_MESSAGE,
  MANAGED_BACKUPS_OFF_MESSAGE,
  NOT_BACKED_UP_MESSAGE,
  NOT_EJECTABLE_MESSAGE,
} from "./eject";

let clock = Date.UTC(2026, 10, 1, 12, 0, 0);
let sb: TestSandbox;
/** A seeded client whose backup is completed, and its SECP256K1 wallet. */
let client: ClientRecord;
let wallet: WalletRecord;

/** The first seeded client (of the test sandbox's 30) whose backup is in `state`. */
const seededWith = (state: SeededBackupState, box = sb) =>
  box.clients.all()[seededClientPositions(state, { count: 30 })[0] as number] as ClientRecord;

beforeAll(async () => {
  sb = await startTestSandbox({}, { now: () => clock });
  client = seededWith("completed");
  wallet = client.wallets[0] as WalletRecord;
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

  it.each([
    ["none", NOT_BACKED_UP_MESSAGE],
    ["incomplete", BACKUP_INCOMPLETE_MESSAGE],
  ] as const)("400s a wallet whose backup is %s, saying why in a sentence", async (state, message) => {
    const other = seededWith(state);
    for (const w of other.wallets) {
      const res = await enable({ walletId: w.id }, other.id);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
  });

  it("404s an unknown client", async () => {
    expect((await enable({ walletId: wallet.id }, "cnobody")).status).toBe(404);
  });

  it("400s both endpoints when the custodian does not use managed backups", async () => {
    const off = await startTestSandbox({ SANDBOX_MANAGED_BACKUPS: "off" });
    try {
      const c = seededWith("completed", off);
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
    expect(await errorOf(never)).toBe(NOT_EJECTABLE_MESSAGE);

    await enable({ walletId: wallet.id });
    clock += 5 * 60_000;
    const expired = await shares();
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toBe(
      `This wallet is no longer ejectable: its ejection window closed at ${iso(clock)}. Enable ejection again.`,
    );
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
