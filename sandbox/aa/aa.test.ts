/**
 * Account abstraction (ERC-4337 style) end to end in the sandbox: smart-account addresses, the MPC
 * service answering user-operation hashes, the bundler RPC methods, and sponsored gas in the ledger.
 */
import {
  type Address,
  type Hex,
  encodeFunctionData,
  formatEther,
  getAddress,
  hashMessage,
  parseAbi,
  parseEther,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gasUsageResponseSchema } from "@/lib/contracts";
import { type Json, SEPOLIA, type TestClient, type YieldHarness, startYieldHarness } from "@/testing/yield/sandbox";
import { genesisAddresses } from "../chain/genesis";
import type { ChainTransfer } from "../types";
import { ACCOUNT_FACTORY, ENTRY_POINT, PAYMASTER, accountInitCode, smartAccountAddress } from "./addresses";
import {
  type UserOperation,
  entryPointAbi,
  smartAccountAbi,
  toRpcUserOperation,
  userOperationHash,
} from "./user-operation";

const USDC = genesisAddresses().tokens[0] as { address: Address };
const factoryAbi = parseAbi(["function getAddress(address owner, uint256 salt) view returns (address)"]);
const recipient = () => privateKeyToAccount(generatePrivateKey()).address;

let h: YieldHarness;
let aa: TestClient;
beforeAll(async () => {
  h = await startYieldHarness();
  aa = await h.newClient({ accountAbstracted: true });
}, 60_000);
afterAll(() => h.close());

const call = async (to: Address, data: Hex) => h.rpc(SEPOLIA, "eth_call", [{ to, data }, "latest"]);
const usage = async () =>
  gasUsageResponseSchema.parse(
    (await h.admin("/api/v3/custodians/me/gas-sponsors/chains/eip155%3A11155111/usage")).body,
  );
const sign = (client: TestClient, params: Record<string, unknown>, method = "eth_sendTransaction") =>
  h.mpc(
    "/v1/sign",
    {
      method,
      params,
      share: client.share,
      chainId: "eip155:11155111",
      to: params.to ?? client.address,
      rpcUrl: "http://127.0.0.1:4010/rpc/v1/eip155/11155111",
    },
    client,
  );

describe("smart-account addresses", () => {
  it("gives an account-abstracted client its counterfactual smart account as eip155 address, funded by the faucet", async () => {
    const read = await h.admin(`/api/v3/custodians/me/clients/${aa.id}`);
    expect(read.body.isAccountAbstracted).toBe(true);
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    // The sandbox computes the address as the factory does on chain.
    expect(
      getAddress(
        await call(
          ACCOUNT_FACTORY,
          encodeFunctionData({ abi: factoryAbi, functionName: "getAddress", args: [owner, 0n] }),
        ).then((r: Hex) => `0x${r.slice(26)}`),
      ),
    ).toBe(await smartAccountAddress(owner));
    expect(aa.address).toBe(read.body.metadata.namespaces.eip155.address);
    // Not deployed yet, but holding the faucet's drip.
    expect(await h.rpc(SEPOLIA, "eth_getCode", [aa.address, "latest"])).toBe("0x");
    expect(BigInt(await h.rpc(SEPOLIA, "eth_getBalance", [aa.address, "latest"]))).toBe(parseEther("10"));
    const assets = await h.admin(`/api/v3/custodians/me/clients/${aa.id}/chains/sepolia/assets`);
    expect(assets.body.tokenBalances.find((t: Json) => t.symbol === "USDC")).toMatchObject({ balance: "10000" });
  });

  it("hashes user operations as the EntryPoint does", async () => {
    const op: UserOperation = {
      sender: aa.address,
      nonce: 3n,
      initCode: accountInitCode(recipient()),
      callData: "0x1234",
      callGasLimit: 100_000n,
      verificationGasLimit: 200_000n,
      preVerificationGas: 50_000n,
      maxFeePerGas: 3_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      paymasterAndData: PAYMASTER,
      signature: "0xabcd",
    };
    const onChain = await call(
      ENTRY_POINT,
      encodeFunctionData({ abi: entryPointAbi, functionName: "getUserOpHash", args: [op] }),
    );
    expect(userOperationHash(op, ENTRY_POINT, SEPOLIA)).toBe(onChain);
  });
});

describe("signing for an account-abstracted client", () => {
  it("answers eth_sendTransaction with a user operation hash; the RPC route gives its receipt and the bundle's transaction", async () => {
    const before = await usage();
    const to = recipient();
    const res = await sign(aa, { from: aa.address, to, value: "0x2386f26fc10000" });
    expect(res.status).toBe(200);
    const userOpHash = res.body.data as Hex;
    expect(userOpHash).toMatch(/^0x[0-9a-f]{64}$/);
    // It is not a transaction hash.
    expect(await h.rpc(SEPOLIA, "eth_getTransactionByHash", [userOpHash])).toBeNull();

    const receipt = await h.rpc(SEPOLIA, "eth_getUserOperationReceipt", [userOpHash]);
    expect(receipt).toMatchObject({
      userOpHash,
      entryPoint: ENTRY_POINT,
      sender: aa.address,
      nonce: "0x0",
      paymaster: PAYMASTER,
      success: true,
    });
    const txHash = receipt.receipt.transactionHash as Hex;
    const txReceipt = await h.rpc(SEPOLIA, "eth_getTransactionReceipt", [txHash]);
    expect(txReceipt).toMatchObject({ status: "0x1", to: ENTRY_POINT.toLowerCase() });
    // The first operation deployed the account; the value moved from it.
    expect(await h.rpc(SEPOLIA, "eth_getCode", [aa.address, "latest"])).not.toBe("0x");
    expect(BigInt(await h.rpc(SEPOLIA, "eth_getBalance", [to, "latest"]))).toBe(parseEther("0.01"));
    // Gas came from the paymaster: the account paid only the value.
    expect(BigInt(await h.rpc(SEPOLIA, "eth_getBalance", [aa.address, "latest"]))).toBe(parseEther("9.99"));

    // The sponsorship is on the books of eip155:11155111.
    const after = await usage();
    expect(after.address).toBe(PAYMASTER);
    expect(after.totalTxsSponsored).toBe(before.totalTxsSponsored + 1);
    expect(Number(after.totalUsage) - Number(before.totalUsage)).toBeCloseTo(
      Number(formatEther(BigInt(receipt.actualGasCost))),
      12,
    );

    const byHash = await h.rpc(SEPOLIA, "eth_getUserOperationByHash", [userOpHash]);
    expect(byHash).toMatchObject({
      entryPoint: ENTRY_POINT,
      transactionHash: txHash,
      userOperation: { sender: aa.address, nonce: "0x0", paymasterAndData: PAYMASTER.toLowerCase() },
    });
  });

  it("answers assets/send with a user operation hash, and takes the nonce as the user operation's", async () => {
    const to = recipient();
    const base = {
      share: aa.share,
      chain: "sepolia",
      to,
      token: "USDC",
      amount: "12.5",
      rpcUrl: "http://127.0.0.1:4010/rpc/v1/eip155/11155111",
    };
    const nonce = BigInt(
      await call(
        ENTRY_POINT,
        encodeFunctionData({ abi: entryPointAbi, functionName: "getNonce", args: [aa.address, 0n] }),
      ),
    );
    const res = await h.mpc("/v1/assets/send", { ...base, nonce: `0x${nonce.toString(16).padStart(2, "0")}` }, aa);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ metadata: { amount: "12.5", rawAmount: "12500000", tokenAddress: USDC.address } });
    const receipt = await h.rpc(SEPOLIA, "eth_getUserOperationReceipt", [res.body.transactionHash]);
    expect(receipt.success).toBe(true);
    expect(receipt.logs.map((l: Json) => l.address.toLowerCase())).toEqual([USDC.address.toLowerCase()]);
    expect(BigInt(await call(USDC.address, `0x70a08231${to.slice(2).toLowerCase().padStart(64, "0")}`))).toBe(
      parseUnits("12.5", 6),
    );
    // The same nonce again is refused (the spec's nonce rule, applied to user operations).
    const again = await h.mpc("/v1/assets/send", { ...base, nonce: `0x${nonce.toString(16).padStart(2, "0")}` }, aa);
    expect(again.body).toMatchObject({
      id: "RPC_OP_FAILED",
      message: expect.stringMatching(/already used for the smart account/),
    });
  });

  it("refuses eth_signTransaction, a from other than the smart account, and a call that would revert", async () => {
    expect((await sign(aa, { to: recipient(), value: "0x1" }, "eth_signTransaction")).body).toMatchObject({
      id: "METHOD_UNSUPPORTED",
    });
    expect((await sign(aa, { from: recipient(), to: recipient(), value: "0x1" })).body).toMatchObject({
      id: "TX_BUILD_FAILED",
      message: expect.stringMatching(/is not the client's smart account/),
    });
    const transferTooMuch = encodeFunctionData({
      abi: parseAbi(["function transfer(address,uint256)"]),
      functionName: "transfer",
      args: [recipient(), parseUnits("1000000", 6)],
    });
    expect((await sign(aa, { to: USDC.address, data: transferTooMuch })).body).toMatchObject({
      id: "RPC_OP_FAILED",
      message: expect.stringMatching(/estimate gas: execution reverted/),
    });
  });

  it("signs messages with the owner key, which the smart account accepts (EIP-1271)", async () => {
    const res = await h.mpc(
      "/v1/sign",
      {
        method: "personal_sign",
        params: JSON.stringify(["0x68656c6c6f", aa.address]),
        share: aa.share,
        chainId: "eip155:11155111",
        to: aa.address,
        rpcUrl: "http://127.0.0.1:4010/rpc/v1/eip155/11155111",
      },
      aa,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const check = encodeFunctionData({
      abi: parseAbi(["function isValidSignature(bytes32,bytes) view returns (bytes4)"]),
      functionName: "isValidSignature",
      args: [hashMessage({ raw: "0x68656c6c6f" }), res.body.data],
    });
    expect((await call(aa.address, check)).slice(0, 10)).toBe("0x1626ba7e");
  });
});

describe("wallet events of user operations", () => {
  it("reports the native value a smart account sends and tags token transfers with their userOperationHash", async () => {
    const seen: ChainTransfer[] = [];
    const stop = h.sb.chains.onTransfer((t) => seen.push(t));
    try {
      const to = recipient();
      const native = (await sign(aa, { to, value: "0x2386f26fc10000" })).body.data as Hex;
      const token = (
        await h.mpc(
          "/v1/assets/send",
          {
            share: aa.share,
            chain: "sepolia",
            to,
            token: "USDC",
            amount: "1",
            rpcUrl: "http://127.0.0.1:4010/rpc/v1/eip155/11155111",
          },
          aa,
        )
      ).body.transactionHash as Hex;
      await h.sb.chains.settle();
      const bundleOf = async (hash: Hex) =>
        (await h.rpc(SEPOLIA, "eth_getUserOperationReceipt", [hash])).receipt.transactionHash;
      expect(seen.filter((t) => t.to === to)).toEqual([
        {
          chainId: "eip155:11155111",
          blockNumber: expect.any(Number),
          transactionHash: await bundleOf(native),
          from: aa.address,
          to,
          rawAmount: parseEther("0.01"),
          userOperationHash: native,
        },
        expect.objectContaining({
          transactionHash: await bundleOf(token),
          from: aa.address,
          to,
          rawAmount: parseUnits("1", 6),
          userOperationHash: token,
          token: expect.objectContaining({ symbol: "USDC" }),
        }),
      ]);
    } finally {
      stop();
    }
  });
});

describe("bundler RPC methods", () => {
  it("lists the EntryPoint and answers null for an unknown operation, an error for a malformed hash", async () => {
    expect(await h.rpc(SEPOLIA, "eth_supportedEntryPoints")).toEqual([ENTRY_POINT]);
    expect(await h.rpc(SEPOLIA, "eth_getUserOperationReceipt", [`0x${"ab".repeat(32)}`])).toBeNull();
    expect(await h.rpc(SEPOLIA, "eth_getUserOperationByHash", [`0x${"ab".repeat(32)}`])).toBeNull();
    expect((await h.rpcReply(SEPOLIA, "eth_getUserOperationReceipt", ["0x12"])).error).toMatchObject({ code: -32602 });
    expect((await h.rpcReply(31337, "eth_getUserOperationReceipt", [`0x${"ab".repeat(32)}`])).error).toMatchObject({
      code: -32602,
    });
  });

  it("takes an externally built user operation with eth_sendUserOperation, and rejects a bad signature in simulation", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const sender = await smartAccountAddress(owner.address);
    const op: UserOperation = {
      sender,
      nonce: 0n,
      initCode: accountInitCode(owner.address),
      callData: encodeFunctionData({ abi: smartAccountAbi, functionName: "execute", args: [recipient(), 0n, "0x"] }),
      callGasLimit: 100_000n,
      verificationGasLimit: 1_000_000n,
      preVerificationGas: 50_000n,
      maxFeePerGas: 5_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      paymasterAndData: PAYMASTER,
      signature: "0x",
    };
    const hash = userOperationHash(op, ENTRY_POINT, SEPOLIA);
    const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({ message: { raw: hash } });
    const rejected = await h.rpcReply(SEPOLIA, "eth_sendUserOperation", [
      toRpcUserOperation({ ...op, signature: forged }),
      ENTRY_POINT,
    ]);
    expect(rejected.error).toMatchObject({ code: -32500, message: expect.stringMatching(/AA24 signature error/) });
    expect(
      (await h.rpcReply(SEPOLIA, "eth_sendUserOperation", [toRpcUserOperation(op), recipient()])).error,
    ).toMatchObject({ code: -32602 });
    expect((await h.rpcReply(SEPOLIA, "eth_sendUserOperation", [{ sender }, ENTRY_POINT])).error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/nonce/),
    });

    const signature = await owner.signMessage({ message: { raw: hash } });
    expect(await h.rpc(SEPOLIA, "eth_sendUserOperation", [toRpcUserOperation({ ...op, signature }), ENTRY_POINT])).toBe(
      hash,
    );
    expect(await h.rpc(SEPOLIA, "eth_getUserOperationReceipt", [hash])).toMatchObject({ success: true, sender });
  });
});

describe("yield for an account-abstracted client", () => {
  it("enters with user operations and reports the bundles' transaction hashes", async () => {
    const client = await h.newClient({ accountAbstracted: true });
    const before = await usage();
    const action = (
      await h.y(
        "/actions/enter",
        {
          body: {
            address: client.address,
            yieldId: "ethereum-sepolia-usdc-sandbox-lending",
            arguments: { amount: "75" },
          },
        },
        client,
      )
    ).body.data.rawResponse;
    const unsigned = JSON.parse(action.transactions[0].unsignedTransaction);
    expect(unsigned.from).toBe(client.address);
    expect(unsigned.nonce).toBeUndefined();
    // A user-operation hash is not what submit-hash takes.
    const signed = await sign(client, unsigned);
    const wrong = await h.y(
      `/transactions/${action.transactions[0].id}/submit-hash`,
      { method: "PUT", body: { hash: signed.body.data } },
      client,
    );
    expect(wrong.body.error).toMatch(/^hash: no transaction/);
    const bundle = (await h.rpc(SEPOLIA, "eth_getUserOperationReceipt", [signed.body.data])).receipt.transactionHash;
    expect(
      (
        await h.y(
          `/transactions/${action.transactions[0].id}/submit-hash`,
          { method: "PUT", body: { hash: bundle } },
          client,
        )
      ).status,
    ).toBe(200);
    // Another client's bundle is not this action's.
    const supply = action.transactions[1];
    const otherBundle = await h.signAndSend(aa, JSON.stringify({ to: recipient(), value: "0x1" }));
    expect(
      (await h.y(`/transactions/${supply.id}/submit-hash`, { method: "PUT", body: { hash: otherBundle } }, client)).body
        .error,
    ).toMatch(/^hash: the bundle has no user operation of the smart account/);
    await h.run(client, { transactions: [supply] });
    const items = (
      await h.y(
        "/yields/balances",
        { body: { queries: [{ address: client.address, network: "eip155:11155111" }] } },
        client,
      )
    ).body.data.rawResponse.items;
    expect(items[0].balances[0]).toMatchObject({ type: "active", amount: "75", address: client.address });
    const history = (await h.y(`/actions?address=${client.address}`, {}, client)).body.data.rawResponse.items;
    expect(history[0]).toMatchObject({
      status: "SUCCESS",
      transactions: [{ status: "CONFIRMED" }, { status: "CONFIRMED" }],
    });
    // Three sponsored operations: the two steps, and the send to check a foreign bundle.
    expect((await usage()).totalTxsSponsored).toBe(before.totalTxsSponsored + 3);
  });
});
