/**
 * The AA signing path: for an account-abstracted client, eth_sendTransaction and assets/send become a
 * user operation of the client's smart account (ERC-4337), signed by the client's MPC key (the
 * account's owner) and handed to the sandbox bundler. The answer is the user-operation hash, as the
 * real service returns for such clients; the transaction hash comes from eth_getUserOperationReceipt.
 */
import { type Address, type Hex, encodeFunctionData, getAddress, toHex } from "viem";
import {
  type Bundler,
  BundlerRejection,
  ENTRY_POINT,
  PAYMASTER,
  accountInitCode,
  smartAccountAddress,
  type UserOperation,
  userOperationHash,
} from "../aa";
import { entryPointAbi, smartAccountAbi } from "../aa/user-operation";
import { estimateGas, suggestFees, type Requester } from "../chain/fees";
import { KeyedLock } from "../chain/lock";
import type { ChainRegistry } from "../types";
import { MpcError } from "./errors";
import { type TxRequest, evmAccount } from "./evm-tx";

export interface UserOperationDeps {
  chains: ChainRegistry;
  bundler: Bundler;
}

/** Validation gas: the account's signature check, plus deploying it on its first operation. */
const VERIFICATION_GAS = 150_000n;
const VERIFICATION_GAS_WITH_DEPLOYMENT = 1_000_000n;
/** Gas charged for the bundle's share of the transaction (intrinsic gas and call data), a fixed estimate. */
const PRE_VERIFICATION_GAS = 50_000n;
/** execute()'s own cost on top of the inner call, and room for the 63/64 rule. */
const EXECUTE_OVERHEAD_GAS = 30_000n;

const locks = new KeyedLock();
const nodeMessage = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0];

/**
 * Builds, signs and submits the user operation that makes the client's smart account send `tx`.
 * Operations of one account are built and submitted one at a time, so each gets the next nonce.
 */
export async function sendUserOperation(
  deps: UserOperationDeps,
  reference: number,
  secret: Uint8Array,
  tx: TxRequest,
): Promise<Hex> {
  const owner = evmAccount(secret);
  const sender = await smartAccountAddress(owner.address);
  if (tx.chainId !== undefined && tx.chainId !== reference)
    throw new MpcError(
      "TX_BUILD_FAILED",
      `The transaction's chainId ${tx.chainId} is not the chain it is sent on (${reference})`,
    );
  if (tx.from && tx.from !== sender)
    throw new MpcError("TX_BUILD_FAILED", `from ${tx.from} is not the client's smart account ${sender}`);
  if (!tx.to)
    throw new MpcError("TX_BUILD_FAILED", "A user operation calls a contract or pays an address: to is required");
  const request: Requester = (method, params) => deps.chains.request(reference, method, params);
  return locks.run(`${reference}:${sender}`, async () => {
    const deployed = ((await request("eth_getCode", [sender, "pending"])) as Hex) !== "0x";
    const nonce = BigInt(
      (await request("eth_call", [
        {
          to: ENTRY_POINT,
          data: encodeFunctionData({ abi: entryPointAbi, functionName: "getNonce", args: [sender, 0n] }),
        },
        "pending",
      ])) as Hex,
    );
    if (tx.nonce !== undefined && BigInt(tx.nonce) !== nonce)
      throw new MpcError(
        "RPC_OP_FAILED",
        BigInt(tx.nonce) < nonce
          ? `Nonce ${toHex(tx.nonce)} is already used for the smart account ${sender} on eip155:${reference}; the next is ${toHex(nonce)}`
          : `The sandbox bundler takes a smart account's user operations in nonce order; the next for ${sender} is ${toHex(nonce)}`,
      );
    const to = getAddress(tx.to as Address);
    let callGasLimit = tx.gas;
    if (callGasLimit === undefined) {
      try {
        callGasLimit =
          (await estimateGas(request, { from: sender, to, data: tx.data, value: tx.value })) + EXECUTE_OVERHEAD_GAS;
      } catch (e) {
        throw new MpcError("RPC_OP_FAILED", `Failed to estimate gas: ${nodeMessage(e)}`);
      }
    }
    const suggested = await suggestFees(request);
    const maxFeePerGas = tx.maxFeePerGas ?? tx.gasPrice ?? suggested.maxFeePerGas;
    const tip = tx.maxPriorityFeePerGas ?? tx.gasPrice ?? suggested.maxPriorityFeePerGas;
    const op: UserOperation = {
      sender,
      nonce,
      initCode: deployed ? "0x" : accountInitCode(owner.address),
      callData: encodeFunctionData({
        abi: smartAccountAbi,
        functionName: "execute",
        args: [to, tx.value, tx.data ?? "0x"],
      }),
      callGasLimit,
      verificationGasLimit: deployed ? VERIFICATION_GAS : VERIFICATION_GAS_WITH_DEPLOYMENT,
      preVerificationGas: PRE_VERIFICATION_GAS,
      maxFeePerGas,
      maxPriorityFeePerGas: tip < maxFeePerGas ? tip : maxFeePerGas,
      paymasterAndData: PAYMASTER,
      signature: "0x",
    };
    op.signature = await owner.signMessage({ message: { raw: userOperationHash(op, ENTRY_POINT, reference) } });
    try {
      return await deps.bundler.submit(reference, op);
    } catch (e) {
      if (e instanceof BundlerRejection) throw new MpcError("RPC_OP_FAILED", e.message);
      throw e;
    }
  });
}
