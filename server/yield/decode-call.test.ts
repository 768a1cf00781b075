import { encodeFunctionData, erc20Abi, erc4626Abi, getAddress, maxUint256, type Abi } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { artifact, loadArtifacts } from "@/sandbox/solidity/compile";
import { decodeCall } from "./decode-call";

/**
 * The preview's decoded calls, for calldata built here with viem from the ABIs themselves: viem's
 * ERC-20 and ERC-4626 ABIs, and the ABIs the sandbox's contracts were compiled to (not the decoder's
 * own list), so a selector or an argument order the decoder got wrong shows.
 */

const VAULT = getAddress("0x5fbdb2315678afecb367f032d93f642f64180aa3");
const CLIENT = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
const OTHER = getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");

let contracts: { vault: Abi; staking: Abi; liquidStaking: Abi; token: Abi };
beforeAll(async () => {
  const artifacts = await loadArtifacts();
  contracts = {
    vault: artifact(artifacts, "YieldVault").abi,
    staking: artifact(artifacts, "CooldownStaking").abi,
    liquidStaking: artifact(artifacts, "LiquidStakingToken").abi,
    token: artifact(artifacts, "TestToken").abi,
  };
});

describe("decodeCall", () => {
  it("shows nothing when there is no calldata", () => {
    expect(decodeCall(undefined)).toBeNull();
    expect(decodeCall(null)).toBeNull();
    expect(decodeCall("0x")).toBeNull();
  });

  describe("ERC-20", () => {
    it("decodes approve: the spender and the amount, in token units when the decimals are known", () => {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [VAULT, 10_000_000n] });
      expect(decodeCall(data, 6)).toEqual({
        method: "approve",
        args: [
          { name: "spender", value: VAULT },
          { name: "amount", value: "10000000 (10)" },
        ],
      });
      // Without decimals, the raw integer alone.
      expect(decodeCall(data)?.args[1]?.value).toBe("10000000");
    });

    it("does not show an unlimited approval as a token amount", () => {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [VAULT, maxUint256] });
      expect(decodeCall(data, 6)?.args[1]?.value).toBe(maxUint256.toString());
    });

    it("decodes transfer and transferFrom, from the compiled token's ABI as well", () => {
      const transfer = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [OTHER, 2_500_000n] });
      expect(decodeCall(transfer, 6)).toMatchObject({
        method: "transfer",
        args: [{ value: OTHER }, { value: "2500000 (2.5)" }],
      });
      const fromToken = encodeFunctionData({ abi: contracts.token, functionName: "transfer", args: [OTHER, 1n] });
      expect(fromToken).toBe(encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [OTHER, 1n] }));
      const transferFrom = encodeFunctionData({
        abi: contracts.token,
        functionName: "transferFrom",
        args: [CLIENT, OTHER, 10n ** 18n],
      });
      expect(decodeCall(transferFrom, 18)).toMatchObject({
        method: "transferFrom",
        args: [{ value: CLIENT }, { value: OTHER }, { value: "1000000000000000000 (1)" }],
      });
    });
  });

  describe("the sandbox's ERC-4626 vault", () => {
    it("decodes deposit and mint with their receiver", () => {
      const deposit = encodeFunctionData({
        abi: contracts.vault,
        functionName: "deposit",
        args: [25_500_000n, CLIENT],
      });
      expect(deposit).toBe(
        encodeFunctionData({ abi: erc4626Abi, functionName: "deposit", args: [25_500_000n, CLIENT] }),
      );
      expect(decodeCall(deposit, 6)).toEqual({
        method: "deposit",
        args: [
          { name: "assets", value: "25500000 (25.5)" },
          { name: "receiver", value: CLIENT },
        ],
      });
      // With the token's symbol, the token amount carries its unit.
      expect(decodeCall(deposit, 6, "USDC")?.args[0]).toEqual({ name: "assets", value: "25500000 (25.5 USDC)" });
      const mint = encodeFunctionData({ abi: contracts.vault, functionName: "mint", args: [7n, CLIENT] });
      // Shares are not the token: no symbol on them.
      expect(decodeCall(mint, 6, "USDC")?.args[0]).toEqual({ name: "shares", value: "7 (0.000007)" });
      expect(decodeCall(mint)).toEqual({
        method: "mint",
        args: [
          { name: "shares", value: "7" },
          { name: "receiver", value: CLIENT },
        ],
      });
    });

    it("decodes withdraw and redeem with receiver and owner, in that order", () => {
      const withdraw = encodeFunctionData({
        abi: contracts.vault,
        functionName: "withdraw",
        args: [3_000_000n, OTHER, CLIENT],
      });
      expect(decodeCall(withdraw, 6)).toEqual({
        method: "withdraw",
        args: [
          { name: "assets", value: "3000000 (3)" },
          { name: "receiver", value: OTHER },
          { name: "owner", value: CLIENT },
        ],
      });
      const redeem = encodeFunctionData({
        abi: contracts.vault,
        functionName: "redeem",
        args: [9_999_999n, CLIENT, CLIENT],
      });
      expect(decodeCall(redeem, 6)).toEqual({
        method: "redeem",
        args: [
          { name: "shares", value: "9999999 (9.999999)" },
          { name: "receiver", value: CLIENT },
          { name: "owner", value: CLIENT },
        ],
      });
    });
  });

  describe("the sandbox's staking contracts", () => {
    it("decodes the cooldown staking calls: stake and unstake with their amount, the rest without arguments", () => {
      const stake = encodeFunctionData({ abi: contracts.staking, functionName: "stake", args: [5n * 10n ** 18n] });
      expect(decodeCall(stake, 18)).toEqual({
        method: "stake",
        args: [{ name: "amount", value: "5000000000000000000 (5)" }],
      });
      const unstake = encodeFunctionData({ abi: contracts.staking, functionName: "unstake", args: [10n ** 17n] });
      expect(decodeCall(unstake, 18)).toEqual({
        method: "unstake",
        args: [{ name: "amount", value: "100000000000000000 (0.1)" }],
      });
      for (const functionName of ["withdraw", "claimRewards", "restakeRewards"] as const)
        expect(decodeCall(encodeFunctionData({ abi: contracts.staking, functionName }), 18), functionName).toEqual({
          method: functionName,
          args: [],
        });
    });

    it("decodes the liquid staking calls: stake without arguments, unstake and redeem with one amount", () => {
      expect(decodeCall(encodeFunctionData({ abi: contracts.liquidStaking, functionName: "stake" }), 18)).toEqual({
        method: "stake",
        args: [],
      });
      // unstake(uint256) has the cooldown staking's selector; only the value is checked here.
      const unstake = encodeFunctionData({ abi: contracts.liquidStaking, functionName: "unstake", args: [1_250n] });
      expect(decodeCall(unstake)).toMatchObject({ method: "unstake", args: [{ value: "1250" }] });
      const redeem = encodeFunctionData({
        abi: contracts.liquidStaking,
        functionName: "redeem",
        args: [2n * 10n ** 18n],
      });
      expect(decodeCall(redeem, 18)).toEqual({
        method: "redeem",
        args: [{ name: "shares", value: "2000000000000000000 (2)" }],
      });
    });
  });

  it("shows a call it does not know as its raw data", () => {
    // The test token's mint(address, uint256) is not among the yields' calls.
    const mint = encodeFunctionData({ abi: contracts.token, functionName: "mint", args: [CLIENT, 1n] });
    expect(decodeCall(mint, 6)).toEqual({ method: null, args: [{ name: "data", value: mint }] });
    expect(decodeCall("0xdeadbeef")).toEqual({ method: null, args: [{ name: "data", value: "0xdeadbeef" }] });
  });
});
