import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { generateFixture } from "@/testing/contracts/fixtures";
import {
  assetsSendBodySchema,
  assetsSendResponseSchema,
  backupBodySchema,
  curveSharesSchema,
  generateResponseSchema,
  rawSignBodySchema,
  rawSignParamsSchema,
  recoverBodySchema,
  signBodySchema,
  signResponseSchema,
} from "./index";

const issuePaths = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
};

const share = generateFixture.SECP256K1.share;
const rpcUrl = "http://127.0.0.1:4010/rpc/v1/eip155/11155111";

describe("share maps (generate, backup, recover)", () => {
  it("accepts the per-curve map and keeps extra fields", () => {
    const parsed = generateResponseSchema.parse({ ...generateFixture, clientId: "c1" });
    expect(parsed.SECP256K1.id).toBe(generateFixture.SECP256K1.id);
    expect(parsed).toMatchObject({ clientId: "c1" });
  });

  it("reads the older lower-case keys as upper case", () => {
    const parsed = curveSharesSchema.parse({ secp256k1: generateFixture.SECP256K1, ed25519: generateFixture.ED25519 });
    expect(Object.keys(parsed).sort()).toEqual(["ED25519", "SECP256K1"]);
  });

  it("rejects a map missing a curve", () => {
    expect(issuePaths(generateResponseSchema, { SECP256K1: generateFixture.SECP256K1 })).toEqual(["ED25519"]);
    expect(issuePaths(generateResponseSchema, { ...generateFixture, ED25519: { id: "x" } })).toEqual(["ED25519.share"]);
  });

  it("takes the previous response as a JSON string or an object", () => {
    expect(
      backupBodySchema.parse({ generateResponse: JSON.stringify(generateFixture) }).generateResponse.ED25519.id,
    ).toBe(generateFixture.ED25519.id);
    expect(recoverBodySchema.parse({ backupResponse: generateFixture }).backupResponse.SECP256K1.share).toBe(share);
    expect(backupBodySchema.safeParse({ generateResponse: "not json" }).success).toBe(false);
    expect(backupBodySchema.safeParse({}).success).toBe(false);
    expect(recoverBodySchema.safeParse({ backupResponse: { SECP256K1: generateFixture.SECP256K1 } }).success).toBe(
      false,
    );
  });
});

describe("sign", () => {
  const body = {
    method: "eth_sendTransaction",
    params: { from: "0x6e81", to: "0x7798", value: "0x0", data: "0x" },
    share,
    chainId: "eip155:11155111",
    to: "0x7798",
    rpcUrl,
  };

  it("accepts object params (yield flow) and JSON-string params", () => {
    expect(signBodySchema.safeParse(body).success).toBe(true);
    expect(
      signBodySchema.safeParse({ ...body, method: "personal_sign", params: '["0x48656c6c6f","0x6e81"]' }).success,
    ).toBe(true);
  });

  it("requires the spec's fields", () => {
    expect(issuePaths(signBodySchema, {})).toEqual(["method", "params", "share", "chainId", "to", "rpcUrl"]);
    expect(issuePaths(signBodySchema, { ...body, chainId: "11155111", rpcUrl: "ftp://x" })).toEqual([
      "chainId",
      "rpcUrl",
    ]);
  });

  it("returns { data }", () => {
    expect(signResponseSchema.parse({ data: "0x4978a4ba" }).data).toBe("0x4978a4ba");
    expect(signResponseSchema.safeParse({}).success).toBe(false);
  });

  it("raw-signs a hex digest without 0x on a known curve", () => {
    const digest = "a".repeat(64);
    expect(rawSignBodySchema.safeParse({ params: digest, share }).success).toBe(true);
    expect(issuePaths(rawSignBodySchema, { params: `0x${digest}`, share })).toEqual(["params"]);
    expect(issuePaths(rawSignBodySchema, { params: "abc", share: "" })).toEqual(["params", "share"]);
    expect(rawSignParamsSchema.safeParse({ curve: "ED25519" }).success).toBe(true);
    expect(rawSignParamsSchema.safeParse({ curve: "secp256k1" }).success).toBe(false);
  });
});

describe("assets/send", () => {
  const body = {
    share,
    chain: "sepolia",
    to: "0xdfd8302f44727a6348f702ff7b594f127de3a902",
    token: "USDC",
    amount: "0.01",
    rpcUrl,
  };

  it("accepts aliases, ids and the nonce rule", () => {
    expect(assetsSendBodySchema.safeParse(body).success).toBe(true);
    expect(assetsSendBodySchema.safeParse({ ...body, chain: "eip155:11155111", nonce: "0x01" }).success).toBe(true);
    expect(assetsSendBodySchema.safeParse({ ...body, nonce: "0x1a2b" }).success).toBe(true);
  });

  it.each(["1", "0x1", "0x", "01", "0xzz"])("rejects nonce %j", (nonce) => {
    expect(issuePaths(assetsSendBodySchema, { ...body, nonce })).toEqual(["nonce"]);
  });

  it("requires rpcUrl except on Solana", () => {
    const { rpcUrl: _rpc, ...withoutRpc } = body;
    expect(issuePaths(assetsSendBodySchema, withoutRpc)).toEqual(["rpcUrl"]);
    expect(assetsSendBodySchema.safeParse({ ...withoutRpc, chain: "solana-devnet", token: "NATIVE" }).success).toBe(
      true,
    );
  });

  it("rejects an unknown chain and a non-positive amount", () => {
    expect(issuePaths(assetsSendBodySchema, { ...body, chain: "mars", amount: "0" })).toEqual(["chain", "amount"]);
  });

  it("accepts the EVM and Solana responses", () => {
    const evm = {
      transactionHash: "0x4978a4ba",
      metadata: { amount: "0.01", rawAmount: "10000", tokenAddress: "0x1c7d", tokenDecimals: 6 },
    };
    expect(assetsSendResponseSchema.parse(evm).metadata?.tokenDecimals).toBe(6);
    const sol = {
      transactionHash: "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW",
      metadata: { amount: "0.01", lastValidBlockHeight: "259030944", mintAddress: null },
    };
    expect(assetsSendResponseSchema.safeParse(sol).success).toBe(true);
    expect(assetsSendResponseSchema.safeParse({ metadata: {} }).success).toBe(false);
  });
});
