import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sql } from "drizzle-orm";
import { type Hex, hexToBytes, keccak256, recoverMessageAddress, toBytes, verifyMessage, verifyTypedData } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SendResult } from "@/lib/lab/results";
import type { ActionResult } from "@/lib/shared/result";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";

/**
 * The wallet lab's actions as the page calls them (authorize with the real permission matrix → zod
 * → upstream → audit), against the sandbox in this process with its local chains. Every signature is
 * checked here with viem and @noble/curves, not with the code under test; sends are checked on the
 * chain through its gateway.
 */

const who = vi.hoisted(() => ({ user: undefined as StaffUser | undefined }));
vi.mock("@/server/auth/session", async (importOriginal) =>
  (await import("@/testing/kit/session-double")).sessionAs(await importOriginal<typeof Session>(), who),
);
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ requestId: "req-lab", ip: null }) }));

const { startYieldHarness, developer } = await import("@/testing/yield/console");
const { setDbForTests, getDb, tables } = await import("@/server/db");
const { openJobsTestDb } = await import("@/testing/jobs/helpers");
const { registerTestClient, loadShares } = await import("@/server/lab/test-clients");
const { getAdminClient, MpcClient } = await import("@/server/upstream");
const { labTiming } = await import("@/server/lab/receipts");
const lab = await import("./lab");

const SEPOLIA = "eip155:11155111";
const RECIPIENT = "0x000000000000000000000000000000000000dEaD";
const support: StaffUser = { ...developer, id: "00000000-0000-4000-8000-00000000cafe", role: "support" };

type Harness = Awaited<ReturnType<typeof startYieldHarness>>;
let h: Harness;
let handle: Awaited<ReturnType<typeof openJobsTestDb>>;
/** Every share the vault held during the tests, to look for in the audit log. */
const seenShares = new Set<string>();

beforeAll(async () => {
  h = await startYieldHarness();
  handle = await openJobsTestDb("pglite");
  setDbForTests(handle);
  labTiming.pollMs = 50;
}, 120_000);
afterAll(async () => {
  setDbForTests(undefined);
  await handle?.close();
  await h?.close();
});
beforeEach(() => {
  who.user = developer;
});

function ok<T>(result: ActionResult<T>): T {
  if (!result.ok) throw new Error(`action refused: ${result.error.code} ${result.error.message}`);
  return result.data;
}

/** A test client as the console's create dialog makes one: key in the vault, no wallet yet. */
async function newTestClient(accountAbstracted: boolean): Promise<string> {
  const created = await getAdminClient().clients.create({ isAccountAbstracted: accountAbstracted });
  await registerTestClient(await getDb(), {
    clientId: created.id,
    isAccountAbstracted: created.isAccountAbstracted,
    clientApiKey: created.clientApiKey,
    by: { id: developer.id, email: developer.email },
  });
  return created.id;
}

async function rememberShares(clientId: string) {
  for (const kind of ["signing", "backup"] as const) {
    const shares = await loadShares(await getDb(), clientId, kind);
    if (shares) for (const curve of ["SECP256K1", "ED25519"] as const) seenShares.add(shares[curve].share);
  }
}

const record = (clientId: string) => getAdminClient().clients.retrieve(clientId);
const publicKeyOf = async (clientId: string, curve: "SECP256K1" | "ED25519") =>
  JSON.parse((await record(clientId)).wallets.find((w) => w.curve === curve)!.publicKey) as { X: string; Y?: string };
const count = async (address: string, tag: "latest" | "pending") =>
  Number(await h.rpc<string>(SEPOLIA, "eth_getTransactionCount", [address, tag]));

describe("the wallet lab for an EOA test client", () => {
  let clientId: string;
  let address: string;

  beforeAll(async () => {
    clientId = await newTestClient(false);
  });

  it("generates both curves, keeps the signing shares in the vault, and shows the new wallets", async () => {
    const state = ok(await lab.generateLabWallet({ clientId }));
    expect(state.wallets.map((w) => w.curve).sort()).toEqual(["ED25519", "SECP256K1"]);
    const read = await record(clientId);
    address = read.metadata.namespaces.eip155!.address;
    expect(state.addresses.find((a) => a.label === "EVM")?.address).toBe(address);
    const signing = await loadShares(await getDb(), clientId, "signing");
    expect(state.sharePairIds).toEqual({ SECP256K1: signing!.SECP256K1.id, ED25519: signing!.ED25519.id });
    expect(JSON.stringify(state)).not.toContain(signing!.SECP256K1.share);
    await rememberShares(clientId);

    // A second generate would strand the first key's funds: refused, the way to new shares is recovery.
    const again = await lab.generateLabWallet({ clientId });
    expect(again.ok || again.error.code).toBe("CONFLICT");
  });

  it("backs up, recovers new shares, and proves they sign for the same addresses", async () => {
    const before = await loadShares(await getDb(), clientId, "signing");
    const recoverFirst = await lab.recoverLabWallet({ clientId });
    expect(recoverFirst.ok || recoverFirst.error.message).toMatch(/back it up first/);

    ok(await lab.backupLabWallet({ clientId }));
    expect(await loadShares(await getDb(), clientId, "backup")).toBeDefined();
    const recovered = ok(await lab.recoverLabWallet({ clientId }));
    const after = await loadShares(await getDb(), clientId, "signing");
    await rememberShares(clientId);
    expect(after!.SECP256K1.share).not.toBe(before!.SECP256K1.share);
    expect(recovered.sameWallets).toBe(true);
    expect(recovered.proofError).toBeUndefined();
    expect(recovered.checks.map((c) => [c.label, c.ok])).toEqual([
      ["EVM key address", true],
      ["Ed25519 public key", true],
    ]);
    expect(recovered.checks[0]?.expected).toBe(address);
    // The new shares sign for the old address (checked here, independently of the lab).
    const signed = ok(
      await lab.signLabMessage({ method: "personal_sign", clientId, chainId: SEPOLIA, message: "after recovery" }),
    );
    expect(await recoverMessageAddress({ message: "after recovery", signature: signed.signature as Hex })).toBe(
      address,
    );
  });

  it("signs a message and typed data; the signer is the client's address (viem, independently)", async () => {
    const message = "Custodian Console lab: hello ✓";
    const signed = ok(await lab.signLabMessage({ method: "personal_sign", clientId, chainId: SEPOLIA, message }));
    expect(signed.matches).toBe(true);
    expect(signed.expected).toEqual({ address, role: "account" });
    expect(await verifyMessage({ address: address as Hex, message, signature: signed.signature as Hex })).toBe(true);
    expect(await recoverMessageAddress({ message, signature: signed.signature as Hex })).toBe(address);

    const { exampleTypedData } = await import("@/lib/lab/typed-data");
    const typedData = exampleTypedData(SEPOLIA);
    const typed = ok(
      await lab.signLabMessage({ method: "eth_signTypedData_v4", clientId, chainId: SEPOLIA, typedData }),
    );
    expect(typed.matches).toBe(true);
    expect(
      await verifyTypedData({ ...JSON.parse(typedData), address: address as Hex, signature: typed.signature as Hex }),
    ).toBe(true);

    // Typed data bound to another chain is refused in the form's words, before the service is asked.
    const wrong = await lab.signLabMessage({
      method: "eth_signTypedData_v4",
      clientId,
      chainId: SEPOLIA,
      typedData: exampleTypedData("eip155:84532"),
    });
    expect(wrong.ok || wrong.error.fields?.typedData).toMatch(/domain.chainId is 84532/);
  });

  it("raw signs a digest per curve; the signatures verify with @noble/curves", async () => {
    const digest = keccak256(toBytes("lab raw digest")).slice(2);
    const secp = ok(await lab.rawSignLabDigest({ clientId, curve: "SECP256K1", digest }));
    expect(secp.check.ok).toBe(true);
    const { X, Y } = await publicKeyOf(clientId, "SECP256K1");
    const point = secp256k1.Point.fromAffine({ x: BigInt(X), y: BigInt(Y!) });
    const sig = hexToBytes(secp.signature as Hex);
    expect(
      secp256k1.verify(sig.subarray(0, 64), hexToBytes(`0x${digest}`), point.toBytes(true), { prehash: false }),
    ).toBe(true);

    const ed = ok(await lab.rawSignLabDigest({ clientId, curve: "ED25519", digest: digest.toUpperCase() }));
    expect(ed.check.ok).toBe(true);
    const edKey = (await publicKeyOf(clientId, "ED25519")).X;
    expect(ed25519.verify(hexToBytes(ed.signature as Hex), hexToBytes(`0x${digest}`), hexToBytes(`0x${edKey}`))).toBe(
      true,
    );
  });

  it("refuses a digest that is not 64 hex characters without 0x, before any call", async () => {
    const rawSign = vi.spyOn(MpcClient.prototype, "rawSign");
    const digest = keccak256(toBytes("x")).slice(2);
    const cases: [string, RegExp][] = [
      [`0x${digest}`, /Leave out the 0x prefix/],
      [digest.slice(2), /exactly 64 hex characters.*has 62/],
      [`${digest.slice(1)}g`, /Only hex digits/],
      ["", /Enter the digest/],
    ];
    for (const [value, message] of cases) {
      const result = await lab.rawSignLabDigest({ clientId, curve: "SECP256K1", digest: value });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe("VALIDATION");
        expect(result.error.fields?.digest).toMatch(message);
      }
    }
    expect(rawSign).not.toHaveBeenCalled();
    rawSign.mockRestore();
  });

  it("sends two at once with distinct consecutive nonces, both mined", async () => {
    const latestBefore = await count(address, "latest");
    const result = ok(
      await lab.sendLabAssets({
        clientId,
        chainId: SEPOLIA,
        to: RECIPIENT,
        token: "NATIVE",
        amount: "0.01",
        nonce: "",
        parallel: 2,
      }),
    );
    expect(result.items.map((i) => [i.status, i.nonceSource])).toEqual([
      ["confirmed", "reserved"],
      ["confirmed", "reserved"],
    ]);
    const nonces = result.items.map((i) => Number(i.nonce)).sort((a, b) => a - b);
    expect(nonces).toEqual([latestBefore, latestBefore + 1]);
    expect(await count(address, "latest")).toBe(latestBefore + 2);
    for (const item of result.items) {
      const receipt = await h.rpc<{ status: string }>(SEPOLIA, "eth_getTransactionReceipt", [item.transactionHash]);
      expect(receipt.status).toBe("0x1");
      const tx = await h.rpc<{ nonce: string; from: string }>(SEPOLIA, "eth_getTransactionByHash", [
        item.transactionHash,
      ]);
      expect([Number(tx.nonce), tx.from.toLowerCase()]).toEqual([Number(item.nonce), address.toLowerCase()]);
    }

    // USDC too, by symbol.
    const usdc = ok(
      await lab.sendLabAssets({ clientId, chainId: SEPOLIA, to: RECIPIENT, token: "USDC", amount: "1.5", parallel: 1 }),
    );
    expect(usdc.items[0]).toMatchObject({
      status: "confirmed",
      nonce: `0x${(latestBefore + 2).toString(16).padStart(2, "0")}`,
    });
  });

  it("explains a collision on a nonce already used instead of failing", async () => {
    const used = await count(address, "latest");
    expect(used).toBeGreaterThan(0);
    const result = ok(
      await lab.sendLabAssets({
        clientId,
        chainId: SEPOLIA,
        to: RECIPIENT,
        token: "NATIVE",
        amount: "0.01",
        nonce: "0x00",
        parallel: 1,
      }),
    );
    expect(result.items).toHaveLength(1);
    const [item] = result.items;
    expect(item).toMatchObject({ status: "collision", nonce: "0x00", nonceSource: "explicit" });
    expect(item?.message).toMatch(/Nonce 0x00 is already used or pending/);
    expect(item?.message).toMatch(new RegExp(`next free nonce is 0x${used.toString(16).padStart(2, "0")}`));
    expect(await count(address, "latest")).toBe(used);

    // The form's rules hold on the server: an explicit nonce in the wrong form never reaches the service.
    const bad = await lab.sendLabAssets({
      clientId,
      chainId: SEPOLIA,
      to: RECIPIENT,
      token: "NATIVE",
      amount: "1",
      nonce: "5",
      parallel: 1,
    });
    expect(bad.ok || bad.error.fields?.nonce).toMatch(/0x prefix/);
  });
  it("tells the client's timeline what the lab did, without a secret", async () => {
    const { clientTimeline } = await import("@/server/clients/timeline");
    const page = await clientTimeline(await getDb(), clientId, { kinds: ["lab"], limit: 50 });
    const summaries = page.entries.map((e) => e.summary);
    expect(summaries).toContain("Wallets generated (SECP256K1 and ED25519); signing shares kept in the vault");
    expect(summaries).toContain("Signing shares recovered from the backup; the new shares sign for the same addresses");
    expect(summaries).toContain(`Sent 0.01 ETH to ${RECIPIENT} on Sepolia, 2 at once (confirmed, confirmed)`);
    expect(summaries).toContain(`Sent 0.01 ETH to ${RECIPIENT} on Sepolia (collision)`);
    expect(summaries.filter((s) => s.startsWith("Message signed on Sepolia; signer verified"))).toHaveLength(2);
  });
});

describe("the wallet lab for an account-abstracted test client", () => {
  let clientId: string;

  beforeAll(async () => {
    clientId = await newTestClient(true);
    ok(await lab.generateLabWallet({ clientId }));
    await rememberShares(clientId);
  });

  it("says the message signer is the owner key, derived from the public key", async () => {
    const read = await record(clientId);
    const signed = ok(await lab.signLabMessage({ method: "personal_sign", clientId, chainId: SEPOLIA, message: "aa" }));
    expect(signed.expected.role).toBe("owner-key");
    expect(signed.expected.note).toMatch(/owns the smart account/);
    expect(signed.expected.address.toLowerCase()).not.toBe(read.metadata.namespaces.eip155!.address.toLowerCase());
    const { X, Y } = await publicKeyOf(clientId, "SECP256K1");
    const { publicKeyToAddress } = await import("viem/accounts");
    const owner = publicKeyToAddress(`0x${secp256k1.Point.fromAffine({ x: BigInt(X), y: BigInt(Y!) }).toHex(false)}`);
    expect(await recoverMessageAddress({ message: "aa", signature: signed.signature as Hex })).toBe(owner);
    expect(signed.matches).toBe(true);
  });

  it("sends as user operations without a pinned nonce; both are mined", async () => {
    const result: SendResult = ok(
      await lab.sendLabAssets({
        clientId,
        chainId: SEPOLIA,
        to: RECIPIENT,
        token: "NATIVE",
        amount: "0.01",
        parallel: 2,
      }),
    );
    expect(result.accountAbstracted).toBe(true);
    expect(result.items.map((i) => [i.status, i.nonceSource])).toEqual([
      ["confirmed", "user-operation"],
      ["confirmed", "user-operation"],
    ]);
    expect(new Set(result.items.map((i) => i.nonce)).size).toBe(2);
    for (const item of result.items) {
      const op = await h.rpc<{ success: boolean; receipt: { transactionHash: string } }>(
        SEPOLIA,
        "eth_getUserOperationReceipt",
        [item.userOperationHash],
      );
      expect(op.success).toBe(true);
      expect(op.receipt.transactionHash).toBe(item.transactionHash);
      const receipt = await h.rpc<{ status: string }>(SEPOLIA, "eth_getTransactionReceipt", [item.transactionHash]);
      expect(receipt.status).toBe("0x1");
    }
    // The console's nonce tracker was not used for the smart account.
    const rows = await (await getDb()).select().from(tables.clientNonces);
    expect(rows.filter((r) => r.clientId === clientId)).toEqual([]);
  });
});

describe("who and what the lab refuses", () => {
  it("refuses a client that is not a test client of this console", async () => {
    const other = await getAdminClient().clients.create({ isAccountAbstracted: false });
    const result = await lab.generateLabWallet({ clientId: other.id });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe("FORBIDDEN");
      expect(result.error.message).toMatch(/not created as a test client/);
    }
    expect((await record(other.id)).wallets).toEqual([]);
  });

  it("refuses a support user, whatever the client", async () => {
    const clientId = await newTestClient(false);
    who.user = support;
    for (const result of [
      await lab.generateLabWallet({ clientId }),
      await lab.sendLabAssets({ clientId, chainId: SEPOLIA, to: RECIPIENT, token: "NATIVE", amount: "1", parallel: 1 }),
      await lab.rawSignLabDigest({ clientId, curve: "ED25519", digest: "ab".repeat(32) }),
    ])
      expect(result.ok || result.error.code).toBe("FORBIDDEN");
    who.user = developer;
    expect((await record(clientId)).wallets).toEqual([]);
  });

  it("keeps every share out of the audit log", async () => {
    expect(seenShares.size).toBeGreaterThanOrEqual(8);
    const rows = await (
      await getDb()
    ).execute<{ text: string }>(
      sql`select coalesce(input::text, '') || ' ' || coalesce(error_message, '') as text from audit_log where action like 'lab.%'`,
    );
    const texts = (rows as unknown as { rows: { text: string }[] }).rows.map((r) => r.text);
    expect(texts.length).toBeGreaterThan(10);
    for (const share of seenShares) for (const text of texts) expect(text).not.toContain(share);
    expect(texts.join("\n")).not.toMatch(/eyJ[A-Za-z0-9+/=]{40,}/);
  });
});
