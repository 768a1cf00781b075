import { describe, expect, it } from "vitest";
import { digestSchema, nonceHex, sendInputSchema, signMessageInputSchema } from "./forms";
import { exampleTypedData } from "./typed-data";

const clientId = "clab000000000000000000001";
const firstError = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success
    ? undefined
    : Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0] ?? ""), i.message]));

describe("the wallet lab's forms", () => {
  it("takes a digest of exactly 64 hex characters without 0x, and says what is wrong otherwise", () => {
    const digest = "ab".repeat(32);
    expect(digestSchema.parse(` ${digest.toUpperCase()} `)).toBe(digest.toUpperCase());
    const message = (v: string) => digestSchema.safeParse(v).error?.issues[0]?.message;
    expect(message(`0x${digest}`)).toMatch(/Leave out the 0x prefix/);
    expect(message(digest.slice(2))).toBe("A digest is exactly 64 hex characters (32 bytes); this one has 62");
    expect(message(`${digest.slice(1)}z`)).toMatch(/Only hex digits/);
    expect(message("")).toMatch(/Enter the digest/);
  });

  it("checks a send per chain family: recipient, token address, decimals, nonce form and parallel", () => {
    const base = {
      clientId,
      chainId: "eip155:11155111",
      to: "0x000000000000000000000000000000000000dEaD",
      token: "NATIVE",
      amount: "0.01",
      parallel: "2",
    };
    expect(sendInputSchema.parse(base)).toMatchObject({ parallel: 2, nonce: "", tokenAddress: "" });
    expect(firstError(sendInputSchema.safeParse({ ...base, to: "0xdead" }))?.to).toMatch(/EVM address/);
    expect(firstError(sendInputSchema.safeParse({ ...base, token: "USDC", amount: "1.1234567" }))?.amount).toBe(
      "USDC has 6 decimals; the amount has 7",
    );
    expect(
      firstError(sendInputSchema.safeParse({ ...base, token: "contract", tokenAddress: "USDC" }))?.tokenAddress,
    ).toMatch(/ERC-20 contract address/);
    expect(firstError(sendInputSchema.safeParse({ ...base, amount: "0" }))?.amount).toMatch(/more than zero/);
    expect(firstError(sendInputSchema.safeParse({ ...base, parallel: "6" }))?.parallel).toMatch(/At most 5/);
    expect(firstError(sendInputSchema.safeParse({ ...base, parallel: "1", nonce: "0x5" }))?.nonce).toMatch(
      /two digits/,
    );
    expect(firstError(sendInputSchema.safeParse({ ...base, parallel: "1", nonce: "5" }))?.nonce).toMatch(/0x prefix/);
    expect(firstError(sendInputSchema.safeParse({ ...base, nonce: "0x05" }))?.parallel).toMatch(/explicit nonce/);
    expect(sendInputSchema.parse({ ...base, parallel: "1", nonce: "0x05" }).nonce).toBe("0x05");
    // Solana: base58 recipient, no nonce, no USDT mint on devnet.
    const solana = {
      ...base,
      chainId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
      to: "11111111111111111111111111111112",
    };
    expect(sendInputSchema.safeParse(solana).success).toBe(true);
    expect(firstError(sendInputSchema.safeParse({ ...solana, to: base.to }))?.to).toMatch(/Solana address/);
    expect(firstError(sendInputSchema.safeParse({ ...solana, token: "USDT" }))?.token).toMatch(/no mint/);
    expect(firstError(sendInputSchema.safeParse({ ...solana, parallel: "1", nonce: "0x01" }))?.nonce).toMatch(/EVM/);
    // Only the lab's chains.
    expect(firstError(sendInputSchema.safeParse({ ...base, chainId: "eip155:1" }))?.chainId).toMatch(/Choose a chain/);
  });

  it("writes nonces in the spec's form", () => {
    expect([nonceHex(0), nonceHex(5), nonceHex(255), nonceHex(4096n)]).toEqual(["0x00", "0x05", "0xff", "0x1000"]);
  });

  it("checks typed data by hashing it, bound to the chosen chain", () => {
    const base = { method: "eth_signTypedData_v4", clientId, chainId: "eip155:84532" } as const;
    expect(signMessageInputSchema.safeParse({ ...base, typedData: exampleTypedData("eip155:84532") }).success).toBe(
      true,
    );
    const errors = (typedData: string) =>
      firstError(signMessageInputSchema.safeParse({ ...base, typedData }))?.typedData;
    expect(errors("{")).toMatch(/not valid JSON/);
    expect(errors(exampleTypedData("eip155:11155111"))).toMatch(/domain.chainId is 11155111/);
    const broken = JSON.parse(exampleTypedData("eip155:84532"));
    broken.message.from.wallet = "not an address";
    expect(errors(JSON.stringify(broken))).toMatch(/cannot be hashed under EIP-712/);
    expect(
      firstError(
        signMessageInputSchema.safeParse({ method: "personal_sign", clientId, chainId: "eip155:84532", message: "" }),
      )?.message,
    ).toMatch(/Enter the message/);
  });
});
