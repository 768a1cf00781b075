/**
 * Conformance: gas-sponsorship usage per chain, and the two deprecated format endpoints (a raw
 * EIP_155_TX_V1 webhook body in, its transfers normalised out). Neither changes anything, so they run
 * against a real upstream without opt-in.
 */
import { formatEther, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOLANA_MAINNET } from "@/lib/chains";
import type { FormatAlertBody } from "@/lib/contracts";
import { badRequest, SANDBOX, startUpstream, type Upstream } from "@/testing/conformance/harness";

let up: Upstream;

beforeAll(async () => {
  up = await startUpstream({ env: { SANDBOX_SEED_CLIENTS: "5", SANDBOX_SEED_EVENTS: "100" } });
});
afterAll(() => up?.close());

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const rawColonFetch: typeof fetch = (input, init) => fetch(String(input).replace(/%3A/g, ":"), init);

describe("GET /api/v3/custodians/me/gas-sponsors/chains/{chainId}/usage", () => {
  const sponsored = [
    "eip155:1",
    "eip155:11155111",
    "eip155:8453",
    "eip155:84532",
    "eip155:137",
    "eip155:80002",
    "eip155:42161",
    "eip155:10",
  ];

  it.each(sponsored)("reports %s: monthly usage newest first, with totals that add up", async (chainId) => {
    const usage = await up.admin.gas.usage(chainId);
    expect(usage.chainId).toBe(chainId);
    expect(usage.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const order = usage.usageData.map((m) => m.year * 12 + MONTHS.indexOf(m.month));
    for (const m of usage.usageData) {
      expect(MONTHS).toContain(m.month);
      expect(m.txCount).toBeGreaterThanOrEqual(0);
      expect(m.usage).toMatch(/^\d+(\.\d+)?$/);
    }
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(usage.totalTxsSponsored).toBe(usage.usageData.reduce((n, m) => n + m.txCount, 0));
    expect(parseEther(usage.totalUsage)).toBe(usage.usageData.reduce((n, m) => n + parseEther(m.usage), 0n));
    if (SANDBOX) expect(usage.usageData.length).toBeGreaterThan(0);
  });

  it("takes the CAIP-2 id URL-encoded or not", async () => {
    const raw = up.adminWith({ fetch: rawColonFetch });
    expect(await raw.gas.usage("eip155:8453")).toEqual(await up.admin.gas.usage("eip155:8453"));
  });

  it.skipIf(!SANDBOX)(
    "reports an EVM chain without sponsorship as empty, and answers a non-EVM chain with 400 (sandbox)",
    async () => {
      expect(await up.admin.gas.usage("eip155:59144")).toMatchObject({
        chainId: "eip155:59144",
        usageData: [],
        totalUsage: "0",
        totalTxsSponsored: 0,
      });
      await badRequest(up.admin.gas.usage(SOLANA_MAINNET), /EIP-155/);
    },
  );

  it.each(["sepolia", "eip155", "eip155:"])("answers chainId %s (not CAIP-2) with 400", async (chainId) => {
    await badRequest(up.admin.gas.usage(chainId, { validateInput: false }), /chainId/);
  });
});

/** A raw EIP_155_TX_V1 webhook body as the service POSTs it (api-shapes §1.11). */
function transfer(hash: string, overrides: Record<string, unknown> = {}) {
  return {
    from: "0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266",
    to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amount: "1.5",
    chainId: "eip155:11155111",
    assetType: "NON_NATIVE_TOKEN",
    direction: "OUTBOUND",
    tokenSymbol: "USDC",
    metadata: {
      confirmed: true,
      rawAmount: "1500000",
      tokenName: "USD Coin",
      tokenAddress: "0x1C7D4B196CB0C7B01D743FBC6116A902379C7238",
      tokenDecimals: "6",
      transactionHash: hash,
      blockNumber: 7645517,
      sentAt: "2025-06-01T10:00:00.000Z",
      fee: { amount: "0.000021", decimals: 18, rawAmount: "21000000000000", tokenSymbol: "ETH" },
      nftTokenId: null,
      triggeredBy: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
      approvalSpender: null,
      userOperationHash: null,
    },
    ...overrides,
  };
}
const HASH_A = `0x${"a1".repeat(32)}`;
const HASH_B = `0x${"b2".repeat(32)}`;
const envelope = (...items: unknown[]) =>
  JSON.stringify({ data: items, metadata: { custodianId: "cst", environmentId: "env" }, type: "EIP_155_TX_V1" });

describe("POST /api/v3/custodians/me/alerts/wallets/format (deprecated)", () => {
  it("formats a raw wallet event into one transfer", async () => {
    const formatted = await up.admin.alerts.format({ chain: "eip155", rawAlert: envelope(transfer(HASH_A)) });
    expect(formatted).toMatchObject({
      chainId: "eip155:11155111",
      amount: "1.5",
      metadata: { transactionHash: HASH_A },
    });
    if (SANDBOX)
      expect(formatted).toMatchObject({
        from: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
        to: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
        chainName: "sepolia",
        metadata: {
          tokenDecimals: 6,
          blockNumber: "7645517",
          tokenAddress: "0x1c7d4b196cb0c7b01d743fbc6116a902379c7238",
        },
      });
  });

  it.skipIf(!SANDBOX)(
    "answers a body holding several transfers with 400: /alerts/format formats those (sandbox)",
    async () => {
      await badRequest(
        up.admin.alerts.format({ chain: "eip155", rawAlert: envelope(transfer(HASH_A), transfer(HASH_B)) }),
        /alerts\/format/,
      );
    },
  );
});

describe("POST /api/v3/custodians/me/alerts/format (deprecated)", () => {
  it("formats a raw event holding many transactions, in order, for a chain given by name or id", async () => {
    for (const chain of ["eip155", "sepolia", "eip155:11155111"] as const) {
      const formatted = await up.admin.alerts.formatMany({
        chain,
        rawAlert: envelope(transfer(HASH_A), transfer(HASH_B, { direction: "INBOUND" })),
      });
      expect(formatted.map((t) => t.metadata.transactionHash)).toEqual([HASH_A, HASH_B]);
      expect(formatted[1]?.direction).toBe("INBOUND");
    }
  });

  it.skipIf(!SANDBOX)("takes an array of transfers or a single transfer as rawAlert (sandbox)", async () => {
    expect(
      await up.admin.alerts.formatMany({
        chain: "eip155",
        rawAlert: JSON.stringify([transfer(HASH_A), transfer(HASH_B)]),
      }),
    ).toHaveLength(2);
    expect(
      await up.admin.alerts.formatMany({ chain: "eip155", rawAlert: JSON.stringify(transfer(HASH_B)) }),
    ).toHaveLength(1);
  });

  it.each([
    ["an unparseable rawAlert", { chain: "eip155", rawAlert: '{"data":[{' }, /rawAlert/],
    ["an empty rawAlert", { chain: "eip155", rawAlert: "" }, /rawAlert/],
    ["no rawAlert", { chain: "eip155" }, /rawAlert/],
    ["a chain outside the format list", { chain: "bitcoin", rawAlert: envelope(transfer(HASH_A)) }, /chain/],
    ["no chain", { rawAlert: envelope(transfer(HASH_A)) }, /chain/],
  ] as const)("answers %s with 400", async (_label, body, message) => {
    await badRequest(up.admin.alerts.formatMany(body as FormatAlertBody, { validateInput: false }), message);
    await badRequest(up.admin.alerts.format(body as FormatAlertBody, { validateInput: false }), message);
  });

  it.skipIf(!SANDBOX)(
    "answers transfers that are not EIP_155_TX_V1 transfers of the named chain with 400 (sandbox)",
    async () => {
      await badRequest(
        up.admin.alerts.formatMany({ chain: "base", rawAlert: envelope(transfer(HASH_A)) }),
        /not on eip155:8453/,
      );
      await badRequest(
        up.admin.alerts.formatMany({ chain: "solana", rawAlert: envelope(transfer(HASH_A)) }),
        /SOLANA_TX_V1/,
      );
      await badRequest(
        up.admin.alerts.formatMany({ chain: "eip155", rawAlert: JSON.stringify({ type: "SOLANA_TX_V1", data: [] }) }),
        /EIP_155_TX_V1/,
      );
      await badRequest(
        up.admin.alerts.formatMany({ chain: "eip155", rawAlert: envelope({ ...transfer(HASH_A), metadata: {} }) }),
        /transactionHash/,
      );
      await badRequest(up.admin.alerts.formatMany({ chain: "eip155", rawAlert: envelope() }), /no transfers/);
    },
  );

  it("keeps amounts exact", async () => {
    const [formatted] = await up.admin.alerts.formatMany({
      chain: "eip155",
      rawAlert: envelope(transfer(HASH_A, { amount: formatEther(123456789012345678n) })),
    });
    expect(formatted?.amount).toBe("0.123456789012345678");
  });
});
