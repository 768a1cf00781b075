import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listAlertEventsResponseSchema } from "@/lib/contracts";
import { startTestSandbox } from "@/testing/sandbox";
import type { WalletRecord } from "../types";

const dataDir = mkdtempSync(path.join(tmpdir(), "sandbox-state-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("state across restarts", () => {
  it("keeps clients, credentials (hashed only), eject windows and live events", async () => {
    const first = await startTestSandbox({}, { dataDir });
    const created = (await (
      await first.admin("/api/v3/custodians/me/clients", { method: "POST", body: '{"isAccountAbstracted":true}' })
    ).json()) as {
      id: string;
      clientApiKey: string;
      clientSessionToken: string;
    };
    first.clients.recordWallets(
      created.id,
      [
        {
          id: "cwallet000000000000000000",
          curve: "SECP256K1",
          publicKey: '{"X":"1","Y":"2"}',
          signingSharePair: { id: "cpair", createdAt: new Date().toISOString(), status: "completed" },
        },
      ],
      { eip155: { address: "0x00000000000000000000000000000000000000aA", curve: "SECP256K1" } },
    );
    first.clients.recordBackup(created.id, "SECP256K1", {
      id: "cbackup",
      createdAt: new Date().toISOString(),
      status: "completed",
      backupMethod: "PASSWORD",
    });
    first.backups.add(created.id, "cwallet000000000000000000");
    const enabled = (await (
      await first.admin(`/api/v3/custodians/me/clients/${created.id}/enable-eject`, {
        method: "PATCH",
        body: '{"walletId":"cwallet000000000000000000"}',
      })
    ).json()) as { ejectableUntil: string };
    const seededClient = first.clients.all()[0];
    const session = (await (
      await first.admin(`/api/v3/custodians/me/clients/${seededClient?.id}/sessions`, { method: "POST" })
    ).json()) as { clientSessionToken: string };
    first.chains.emit({
      chainId: "eip155:11155111",
      blockNumber: 5,
      transactionHash: `0x${"77".repeat(32)}`,
      from: "0x00000000000000000000000000000000000000aA",
      to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      rawAmount: 1n,
    });
    await first.alerts.whenIdle();
    const failedSeeded = first.alerts.store.idOf(
      first.alerts.store.byWebhook[1]?.view().find((i) => first.alerts.store.status[i] === 2) as number,
    );
    await first.admin(`/api/v3/custodians/me/alerts/webhooks/${first.alerts.webhooks[1]?.id}/events/failed/replay`, {
      method: "POST",
      body: JSON.stringify({ eventIds: [failedSeeded] }),
    });
    await first.close();

    const file = readFileSync(path.join(dataDir, "admin-state.json"), "utf8");
    for (const secret of [created.clientApiKey, created.clientSessionToken, session.clientSessionToken])
      expect(file).not.toContain(secret);

    const second = await startTestSandbox({}, { dataDir });
    try {
      const again = second.clients.get(created.id);
      expect(again?.isAccountAbstracted).toBe(true);
      expect(again?.wallets[0]).toMatchObject({
        id: "cwallet000000000000000000",
        ejectableUntil: enabled.ejectableUntil,
        backupSharePairs: [expect.objectContaining({ id: "cbackup" })],
      } satisfies Partial<WalletRecord> & object);
      expect(second.clients.resolveClientBearer(created.clientApiKey)?.id).toBe(created.id);
      expect(second.clients.resolveClientBearer(session.clientSessionToken)?.id).toBe(seededClient?.id);
      expect(second.clients.clientIdByEvmAddress("0x00000000000000000000000000000000000000aa")).toBe(created.id);
      // The list order is unchanged: the new client still comes last.
      expect(second.clients.all().at(-1)?.id).toBe(created.id);

      const page = listAlertEventsResponseSchema.parse(
        await (
          await second.admin(
            `/api/v3/custodians/me/alerts/webhooks/${second.alerts.webhooks[0]?.id}/events?eventTypes=EIP_155_TX_V1&transactionHash=0x${"77".repeat(32)}`,
          )
        ).json(),
      );
      expect(page.data).toHaveLength(1);
      expect(page.data[0]?.deliveryStatus).toBe("success");
      const replayed = second.alerts.store.indexOf(failedSeeded) as number;
      expect(second.alerts.store.retries[replayed]).toBeGreaterThan(0);
      expect(second.alerts.store.errorMessage(replayed)).toBe("Request failed with status code 500");
      expect(second.alerts.store.updated[replayed]).toBeGreaterThan(Date.parse("2026-11-01"));
    } finally {
      await second.close();
    }
  });
});
