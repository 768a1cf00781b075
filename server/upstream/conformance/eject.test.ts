/**
 * Conformance: key ejection. PATCH enable-eject (walletId required; ejectableUntil at least 1 minute
 * ahead, 5 minutes when omitted; managed backups and a backed-up wallet required) and GET
 * ejectable-backup-shares (only inside the window). Every case creates a client, so against a real
 * upstream they run only with CONFORMANCE_DESTRUCTIVE=1.
 */
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { numberToBytesBE } from "@noble/curves/utils.js";
import { bytesToHex, getAddress } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurveShares } from "@/lib/contracts";
import {
  badRequest,
  createWalletClient,
  DESTRUCTIVE,
  rejection,
  SANDBOX,
  startUpstream,
  type Upstream,
  type WalletClient,
} from "@/testing/conformance/harness";
import { UpstreamError } from "../errors";

let up: Upstream;
let owner: WalletClient;
let backup: CurveShares;
let secpWallet: string;
let edWallet: string;

/** The sandbox's clock when the harness moved it; the wall clock otherwise. */
let offset = 0;
const now = () => Date.now() + offset;
const inFuture = (ms: number) => new Date(now() + ms).toISOString();

beforeAll(async () => {
  up = await startUpstream({ movableClock: true });
  if (!DESTRUCTIVE) return;
  owner = await createWalletClient(up);
  backup = await owner.mpc.backup({ generateResponse: JSON.stringify(owner.shares) });
  const read = await up.admin.clients.retrieve(owner.id);
  secpWallet = read.wallets.find((w) => w.curve === "SECP256K1")?.id as string;
  edWallet = read.wallets.find((w) => w.curve === "ED25519")?.id as string;
});
afterAll(() => up?.close());

describe.skipIf(!DESTRUCTIVE)("PATCH /api/v3/custodians/me/clients/{clientId}/enable-eject", () => {
  it("opens a 5-minute window when ejectableUntil is omitted, and shows it in the client read", async () => {
    const before = now();
    const { ejectableUntil } = await up.admin.clients.enableEject(owner.id, { walletId: secpWallet });
    const until = Date.parse(ejectableUntil);
    expect(until - before).toBeGreaterThanOrEqual(5 * 60_000 - 1_000);
    expect(until - now()).toBeLessThanOrEqual(5 * 60_000 + 1_000);
    const wallet = (await up.admin.clients.retrieve(owner.id)).wallets.find((w) => w.id === secpWallet);
    expect(Date.parse(wallet?.ejectableUntil ?? "")).toBe(until);
  });

  it("takes an explicit ejectableUntil at least 1 minute ahead", async () => {
    const wanted = inFuture(10 * 60_000);
    const { ejectableUntil } = await up.admin.clients.enableEject(owner.id, {
      walletId: secpWallet,
      ejectableUntil: wanted,
    });
    expect(Date.parse(ejectableUntil)).toBe(Date.parse(wanted));
    const justAbove = inFuture(75_000);
    expect(
      Date.parse(
        (await up.admin.clients.enableEject(owner.id, { walletId: secpWallet, ejectableUntil: justAbove }))
          .ejectableUntil,
      ),
    ).toBe(Date.parse(justAbove));
  });

  it.each([
    ["30 seconds ahead", 30_000],
    ["now", 0],
    ["in the past", -60_000],
  ])("answers an ejectableUntil %s with 400", async (_label, ms) => {
    await badRequest(
      up.admin.clients.enableEject(
        owner.id,
        { walletId: secpWallet, ejectableUntil: inFuture(ms) },
        { validateInput: false },
      ),
      /at least 1 minute/,
    );
  });

  it("answers a missing walletId or a malformed ejectableUntil with 400", async () => {
    await badRequest(up.admin.clients.enableEject(owner.id, {} as never, { validateInput: false }), /walletId/);
    await badRequest(
      up.admin.clients.enableEject(
        owner.id,
        { walletId: secpWallet, ejectableUntil: "tomorrow" },
        { validateInput: false },
      ),
      /ejectableUntil/,
    );
  });

  it("answers a wallet that was never backed up with 400", async () => {
    const unbacked = await createWalletClient(up);
    const walletId = (await up.admin.clients.retrieve(unbacked.id)).wallets[0]?.id as string;
    await badRequest(up.admin.clients.enableEject(unbacked.id, { walletId }), /backup/);
  });

  it("refuses a wallet of another client", async () => {
    const other = await createWalletClient(up);
    const error = await rejection(up.admin.clients.enableEject(other.id, { walletId: secpWallet }), UpstreamError);
    expect([400, 404]).toContain(error.status);
  });
});

describe.skipIf(!DESTRUCTIVE)("GET .../clients/{clientId}/wallets/{walletId}/ejectable-backup-shares", () => {
  it("returns the custodian backup share (and a null client share never uploaded) inside the window", async () => {
    await up.admin.clients.enableEject(owner.id, { walletId: secpWallet });
    const shares = await up.admin.clients.ejectableBackupShares(owner.id, secpWallet);
    expect(shares.encryptedClientBackupShare).toBeNull();
    const custodian = JSON.parse(shares.custodianBackupShare) as {
      backupSharePairId: string;
      clientId: string;
      share: string;
    };
    expect(custodian).toMatchObject({ backupSharePairId: backup.SECP256K1.id, clientId: owner.id });

    if (SANDBOX) {
      // With the client's backup share it rebuilds the wallet's key: the ejected key controls the address.
      const client = JSON.parse(Buffer.from(backup.SECP256K1.share, "base64").toString("utf8")) as { share: string };
      const key = (BigInt(client.share) + BigInt(custodian.share)) % secp256k1.Point.Fn.ORDER;
      expect(privateKeyToAddress(bytesToHex(numberToBytesBE(key, 32)))).toBe(getAddress(owner.address));
      // A read closes the window, as the client-side twin documents: one enable gives one read.
      await badRequest(up.admin.clients.ejectableBackupShares(owner.id, secpWallet), /not ejectable/);
    }
  });

  it("ejects the ED25519 wallet the same way", async () => {
    await up.admin.clients.enableEject(owner.id, { walletId: edWallet });
    const shares = await up.admin.clients.ejectableBackupShares(owner.id, edWallet);
    expect(JSON.parse(shares.custodianBackupShare)).toMatchObject({
      backupSharePairId: backup.ED25519.id,
      clientId: owner.id,
    });
  });

  it("answers a wallet whose ejection was never enabled with 400", async () => {
    const fresh = await createWalletClient(up);
    await fresh.mpc.backup({ generateResponse: fresh.shares });
    const walletId = (await up.admin.clients.retrieve(fresh.id)).wallets[0]?.id as string;
    await badRequest(up.admin.clients.ejectableBackupShares(fresh.id, walletId), /not ejectable/);
  });

  it("refuses an unknown wallet", async () => {
    const error = await rejection(
      up.admin.clients.ejectableBackupShares(owner.id, "cnowalletwiththisid000000"),
      UpstreamError,
    );
    expect([400, 404]).toContain(error.status);
  });

  it.skipIf(!SANDBOX)("answers 400 once the window has passed (sandbox clock moved 6 minutes)", async () => {
    await up.admin.clients.enableEject(owner.id, { walletId: secpWallet });
    up.advance(6 * 60_000);
    offset += 6 * 60_000;
    await badRequest(up.admin.clients.ejectableBackupShares(owner.id, secpWallet), /no longer ejectable/);
    // Enabling again opens a new window.
    await up.admin.clients.enableEject(owner.id, { walletId: secpWallet, ejectableUntil: inFuture(2 * 60_000) });
    expect(
      (await up.admin.clients.ejectableBackupShares(owner.id, secpWallet)).custodianBackupShare.length,
    ).toBeGreaterThan(0);
  });
});

describe.skipIf(!SANDBOX)("without managed backups (SANDBOX_MANAGED_BACKUPS=off)", () => {
  let off: Upstream;
  let client: WalletClient;
  let walletId: string;

  beforeAll(async () => {
    off = await startUpstream({
      env: { SANDBOX_MANAGED_BACKUPS: "off", SANDBOX_SEED_CLIENTS: "2", SANDBOX_SEED_EVENTS: "10" },
    });
    client = await createWalletClient(off);
    await client.mpc.backup({ generateResponse: JSON.stringify(client.shares) });
    walletId = (await off.admin.clients.retrieve(client.id)).wallets[0]?.id as string;
  });
  afterAll(() => off?.close());

  it("answers enable-eject and ejectable-backup-shares with 400", async () => {
    expect((await off.admin.clients.retrieve(client.id)).environment.backupWithPortalEnabled).toBe(false);
    await badRequest(off.admin.clients.enableEject(client.id, { walletId }), /managed backups/i);
    await badRequest(off.admin.clients.ejectableBackupShares(client.id, walletId), /managed backups/i);
  });
});
