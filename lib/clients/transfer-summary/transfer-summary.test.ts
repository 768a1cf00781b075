import { describe, expect, it } from "vitest";
import type {
  BitcoinBuildTransactionResponse,
  EvmBuildTransactionResponse,
  SolanaBuildTransactionResponse,
} from "../../contracts";
import { summarizeBitcoin, summarizeEvm, summarizeSolana, type TransferSummary } from "./";

const FROM = "0x52908400098527886E0F7030069857D2E4169EE7";
const TO = "0x1111111111111111111111111111111111111111";
const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const row = (s: TransferSummary, label: string) => s.rows.find((r) => r.label === label);

// transfer(0x1111…1111, 1500000): selector a9059cbb, then two 32-byte words.
const CALLDATA = `0xa9059cbb${"0".repeat(24)}${"11".repeat(20)}${(1_500_000).toString(16).padStart(64, "0")}`;

describe("EVM", () => {
  const erc20: EvmBuildTransactionResponse = {
    transaction: { from: FROM, to: TOKEN, data: CALLDATA },
    metadata: {
      tokenDecimals: 6,
      rawAmount: "1500000",
      tokenSymbol: "USDC",
      tokenAddress: TOKEN,
      formattedAmount: "1.5",
    },
  };
  const request = { to: TO, token: "USDC", tokenLabel: "USDC", amount: "1.5" };

  it("reads an ERC-20 transfer's recipient and amount from the calldata, the contract separately", () => {
    const s = summarizeEvm(erc20, request, { nativeSymbol: "ETH" });
    expect(s.rows.map((r) => [r.label, r.value])).toEqual([
      ["From", FROM],
      ["To (recipient)", TO],
      ["Token contract", TOKEN],
      ["Token", "USDC"],
      ["Amount", "1.5 USDC"],
      ["Amount (base units)", "1500000"],
      ["Calldata", CALLDATA],
      ["Decoded", `transfer(${TO}, 1500000) = 1.5 USDC`],
    ]);
    expect(s.mismatches).toEqual([]);
  });

  it("reads a native transfer's hex value in wei", () => {
    const s = summarizeEvm(
      {
        transaction: { from: FROM, to: TO, value: "0x2386f26fc10000" },
        metadata: { tokenDecimals: 18, rawAmount: "10000000000000000", tokenAddress: null },
      },
      { to: TO, token: "ETH", tokenLabel: "ETH", amount: "0.01" },
      { nativeSymbol: "ETH", fromLabel: "From (smart account)" },
    );
    expect(row(s, "From (smart account)")?.value).toBe(FROM);
    expect(row(s, "Token")?.value).toBe("ETH (native)");
    expect(row(s, "Amount")?.value).toBe("0.01 ETH");
    expect(row(s, "Value (wei)")?.value).toBe("10000000000000000 (0x2386f26fc10000)");
    expect(row(s, "Calldata")).toBeUndefined();
    expect(s.mismatches).toEqual([]);
  });

  it("flags a transaction that pays someone else or another amount", () => {
    const s = summarizeEvm(erc20, { ...request, to: FROM, amount: "2" }, { nativeSymbol: "ETH" });
    expect(s.mismatches).toEqual([
      `The transaction pays ${TO}, not the recipient entered (${FROM}).`,
      "The transaction moves 1.5, not the amount entered (2).",
    ]);
  });

  it("says which values came from the request when the metadata lacks them", () => {
    const s = summarizeEvm(
      { transaction: { from: FROM, to: TOKEN, data: CALLDATA }, metadata: { tokenDecimals: 6, rawAmount: "1500000" } },
      request,
      { nativeSymbol: "ETH" },
    );
    expect(row(s, "Token")).toEqual({ label: "Token", value: "USDC", source: "request" });
    // The amount is still the transaction's own: base units and decimals are in the response.
    expect(row(s, "Amount")).toEqual({ label: "Amount", value: "1.5 USDC" });
  });
});

describe("Solana", () => {
  const mint = "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU";
  const from = "6dg7pxBqHi1WvTP8KTe91HEJACEGFzJowFUGkHmCh3PE";
  const to = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
  const message = {
    accountKeys: [from, to],
    header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
    instructions: [{ programIdIndex: 1, accounts: [0, 1], data: "3Bxs4h24hBtQy9rw" }],
    recentBlockhash: "EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k",
  };

  it("shows from, to, token and amount of the client variant", () => {
    const response: SolanaBuildTransactionResponse = {
      transaction: "AQAB",
      metadata: {
        amount: "2.5",
        mintAddress: mint,
        tokenMintAddress: mint,
        fromAddress: from,
        toAddress: to,
        tokenDecimals: 6,
        rawAmount: "2500000",
        lastValidBlockHeight: "259030944",
        unsignedTransaction: { signatures: null, message },
      },
    };
    const s = summarizeSolana(
      response,
      { to, token: mint, tokenLabel: "USDC", amount: "2.5" },
      { nativeSymbol: "SOL" },
    );
    expect(s.rows.map((r) => [r.label, r.value, r.source])).toEqual([
      ["From", from, undefined],
      ["To (recipient)", to, undefined],
      ["Token mint", mint, undefined],
      ["Token", "USDC", "request"],
      ["Amount", "2.5 USDC", undefined],
      ["Amount (base units)", "2500000", undefined],
      ["Valid until block", "259030944", undefined],
      ["Instructions", "1", undefined],
    ]);
    expect(s.mismatches).toEqual([]);
  });

  it("falls back to the fee payer and the request for the custodian variant, and says so", () => {
    const response: SolanaBuildTransactionResponse = {
      transaction: "AQAB",
      metadata: { amount: "0.1", mintAddress: null, unsignedTransaction: { signatures: null, message } },
    };
    const s = summarizeSolana(
      response,
      { to, token: "SOL", tokenLabel: "SOL", amount: "0.1" },
      { nativeSymbol: "SOL" },
    );
    expect(row(s, "From")).toMatchObject({ value: from, source: "unsigned message" });
    expect(row(s, "To (recipient)")).toMatchObject({ value: to, source: "request" });
    expect(row(s, "Token")).toEqual({ label: "Token", value: "SOL (native)" });
    expect(row(s, "Amount")?.value).toBe("0.1 SOL");
  });
});

describe("Bitcoin", () => {
  const response: BitcoinBuildTransactionResponse = {
    transaction: { signatureHashes: ["aa", "bb"], rawTxHex: "0200", publicKey: "{}" },
    metadata: {
      chainId: "bip122:000000000933ea01ad0ee984209779ba-p2wpkh",
      amount: "0.00001",
      fromAddress: "tb1qfrom",
      toAddress: "tb1qto",
      rawAmount: "1000",
      feeInSatoshis: "420",
      changeInSatoshis: "4584",
      tokenDecimals: 8,
      tokenSymbol: "BTC",
    },
  };

  it("shows from, to, token and amount, and the fee and change in satoshis", () => {
    const s = summarizeBitcoin(response, { to: "TB1QTO", token: "BTC", tokenLabel: "BTC", amount: "0.000010" });
    expect(s.rows.slice(0, 4).map((r) => [r.label, r.value])).toEqual([
      ["From", "tb1qfrom"],
      ["To (recipient)", "tb1qto"],
      ["Token", "BTC (native)"],
      ["Amount", "0.00001 BTC"],
    ]);
    expect(row(s, "Fee (satoshis)")?.value).toBe("420");
    expect(row(s, "Hashes to sign")?.value).toBe("2");
    expect(s.mismatches).toEqual([]);
  });
});
