/**
 * Key ejection (api-shapes §1.8, §1.9): enable-eject opens a window on one wallet; inside it the
 * custodian may read the wallet's backup shares once (a successful read closes the window, as the
 * client-side twin documents). Both need managed backups and a wallet whose backup was completed.
 *
 * Messages are plain sentences: the console shows them to staff as they are.
 */
import { Hono } from "hono";
import { z } from "zod";
import {
  EJECT_DEFAULT_WINDOW_MS,
  EJECT_MIN_LEAD_MS,
  idSchema,
  isoDateTimeSchema,
  type EjectableBackupSharesResponse,
  type EnableEjectResponse,
} from "@/lib/contracts";
import { badRequest, notFound, readJsonObject } from "../http/errors";
import type { SandboxHttpEnv } from "../http/types";
import { parseInput } from "../http/validate";
import type { ClientStore } from "../state/client-store";
import type { BackupShareSource, WalletRecord } from "../types";
import { requireClient } from "./clients";

/** The real service's message, typo included (api-shapes §1.8). */
export const EJECT_TOO_SOON_MESSAGE = "ejectableUntil must be a date must be at least 1 minute from now.";
export const MANAGED_BACKUPS_OFF_MESSAGE =
  "Ejection needs managed backups, and this custodian does not use them (the sandbox runs with SANDBOX_MANAGED_BACKUPS=off).";
export const NOT_BACKED_UP_MESSAGE = "This wallet has no backup share to eject: the client has not backed it up.";
export const BACKUP_INCOMPLETE_MESSAGE =
  "This wallet has no backup share to eject: the client started a backup but did not complete it.";
export const NOT_EJECTABLE_MESSAGE = "This wallet is not ejectable: enable ejection for it first.";

// The lead-time rule is checked in the handler, so it can answer with the real service's message.
const enableEjectBody = z.object({ walletId: idSchema, ejectableUntil: isoDateTimeSchema.optional() });

export interface EjectDeps {
  store: ClientStore;
  backups: BackupShareSource;
  managedBackups: boolean;
  now?: () => number;
}

export function ejectRoutes({ store, backups, managedBackups, now = Date.now }: EjectDeps) {
  const app = new Hono<SandboxHttpEnv>();

  const noBackup = (wallet: WalletRecord) =>
    badRequest(
      wallet.backupSharePairs.some((p) => p.status === "incomplete")
        ? BACKUP_INCOMPLETE_MESSAGE
        : NOT_BACKED_UP_MESSAGE,
    );

  app.patch("/api/v3/custodians/me/clients/:clientId/enable-eject", async (c) => {
    const client = requireClient(store, c.req.param("clientId"));
    const body = parseInput(enableEjectBody, await readJsonObject(c));
    const wallet = client.wallets.find((w) => w.id === body.walletId);
    if (!wallet) throw badRequest(`walletId: ${body.walletId} is not a wallet of client ${client.id}`);
    const t = now();
    const until = body.ejectableUntil === undefined ? t + EJECT_DEFAULT_WINDOW_MS : Date.parse(body.ejectableUntil);
    if (until - t < EJECT_MIN_LEAD_MS) throw badRequest(EJECT_TOO_SOON_MESSAGE);
    if (!managedBackups) throw badRequest(MANAGED_BACKUPS_OFF_MESSAGE);
    if (!backups.ejectableBackupShares(client.id, body.walletId)) throw noBackup(wallet);
    const ejectableUntil = new Date(until).toISOString();
    store.setEjectableUntil(client.id, body.walletId, ejectableUntil);
    return c.json({ ejectableUntil } satisfies EnableEjectResponse);
  });

  app.get("/api/v3/custodians/me/clients/:clientId/wallets/:walletId/ejectable-backup-shares", (c) => {
    const client = requireClient(store, c.req.param("clientId"));
    const walletId = c.req.param("walletId");
    const wallet = store.wallet(client.id, walletId);
    if (!wallet) throw notFound(`Wallet ${walletId} not found for client ${client.id}`);
    if (!managedBackups) throw badRequest(MANAGED_BACKUPS_OFF_MESSAGE);
    const until = wallet.ejectableUntil ? Date.parse(wallet.ejectableUntil) : undefined;
    if (until === undefined) throw badRequest(NOT_EJECTABLE_MESSAGE);
    if (until <= now())
      throw badRequest(
        `This wallet is no longer ejectable: its ejection window closed at ${wallet.ejectableUntil}. Enable ejection again.`,
      );
    const shares = backups.ejectableBackupShares(client.id, walletId);
    if (!shares) throw noBackup(wallet);
    store.setEjectableUntil(client.id, walletId, null);
    return c.json({
      encryptedClientBackupShare: shares.encryptedClientBackupShare,
      custodianBackupShare: shares.custodianBackupShare,
    } satisfies EjectableBackupSharesResponse);
  });

  return app;
}
