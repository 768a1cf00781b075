/**
 * The chain layer's side of the contracts every chain deploys at start after the faucet and the four test
 * tokens: what such a contract is, where it lands and how it is deployed. Which contracts they are is
 * decided above the chain layer (sandbox/genesis-extensions.ts: the yield contracts, then account
 * abstraction), and handed to the registry as a plan. They take the deployer's nonces from 5 on in the
 * plan's order, so the first five addresses never move and each address is known without starting a
 * chain (the same on every chain and every start). Constructor arguments may differ per chain (a pool's
 * rate, a token's symbol): a CREATE address depends only on the deployer and its nonce.
 */
import { type Address, type Hex, encodeDeployData, getContractAddress, toHex } from "viem";
import { artifact, type Artifacts } from "../solidity/compile";
import type { TestToken } from "../types";
import { deployer } from "./accounts";
import { suggestFees, type Requester } from "./fees";
import { TEST_TOKEN_SPECS } from "./test-tokens";

export interface ExtensionContext {
  chainId: number;
  tokens: readonly TestToken[];
  addressOf(key: string): Address;
}

export interface ExtensionContract {
  key: string;
  /** Contract name in the compiled artifacts. */
  artifact: string;
  args(ctx: ExtensionContext): readonly unknown[];
  /** Native coin (wei) sent with the deployment. */
  value?: bigint;
}

/** Accounts the sandbox itself runs besides the deployer and the faucet operator (gas money set at genesis). */
export interface GenesisBalance {
  address: Address;
  wei: bigint;
}

/** The faucet is nonce 0 and the tokens 1–4. */
export const FIRST_EXTENSION_NONCE = 1 + TEST_TOKEN_SPECS.length;

/** Where each contract of a plan lands, by key, in deployment order (append new contracts at the end). */
export function planAddresses(contracts: readonly ExtensionContract[]): Map<string, Address> {
  const addresses = new Map<string, Address>(
    contracts.map((c, i) => [
      c.key,
      getContractAddress({ from: deployer.address, nonce: BigInt(FIRST_EXTENSION_NONCE + i) }),
    ]),
  );
  if (addresses.size !== contracts.length) throw new Error("Two genesis extension contracts share a key");
  return addresses;
}

/** Reserves the faucet keeps stocked after a chain starts (local-chain.ts): native wei and test-token amounts. */
export interface Reserve {
  address: Address;
  nativeWei: bigint;
  tokens: Record<TestToken["symbol"], bigint>;
}

/** What every chain deploys at start beyond the faucet and tokens, and the accounts and reserves it funds. */
export interface ExtensionPlan {
  contracts: readonly ExtensionContract[];
  genesisBalances: readonly GenesisBalance[];
  reserves: readonly Reserve[];
}

/**
 * Deploys every extension contract on a fresh provider (after the tokens, before journal replay), all
 * in one block so a chain's block numbers move by one at most against a journal written before a new
 * contract was added, and sets the genesis balances.
 */
export async function deployExtensions(
  request: Requester,
  chainId: number,
  artifacts: Artifacts,
  tokens: readonly TestToken[],
  plan: ExtensionPlan,
): Promise<void> {
  for (const { address, wei } of plan.genesisBalances) await request("hardhat_setBalance", [address, toHex(wei)]);
  const addresses = planAddresses(plan.contracts);
  const addressOf = (key: string): Address => {
    const found = addresses.get(key);
    if (!found) throw new Error(`No genesis extension contract ${key} (have: ${[...addresses.keys()].join(", ")})`);
    return found;
  };
  const ctx: ExtensionContext = { chainId, tokens, addressOf };
  const fees = await suggestFees(request);
  const hashes: Hex[] = [];
  await request("evm_setAutomine", [false]);
  try {
    for (const [i, contract] of plan.contracts.entries()) {
      const data = encodeDeployData({
        ...artifact(artifacts, contract.artifact),
        args: contract.args(ctx),
      } as Parameters<typeof encodeDeployData>[0]);
      const raw = await deployer.signTransaction({
        type: "eip1559",
        chainId,
        nonce: FIRST_EXTENSION_NONCE + i,
        data,
        value: contract.value ?? 0n,
        gas: EXTENSION_DEPLOY_GAS,
        ...fees,
      });
      hashes.push((await request("eth_sendRawTransaction", [raw])) as Hex);
    }
    await request("evm_mine", []);
  } finally {
    await request("evm_setAutomine", [true]);
  }
  for (const [i, hash] of hashes.entries()) {
    const contract = plan.contracts[i] as ExtensionContract;
    const receipt = (await request("eth_getTransactionReceipt", [hash])) as {
      status: Hex;
      contractAddress: Address | null;
    } | null;
    if (receipt?.status !== "0x1")
      throw new Error(`Genesis deployment of ${contract.key} (${contract.artifact}) failed on chain ${chainId}`);
    if (receipt.contractAddress?.toLowerCase() !== addressOf(contract.key).toLowerCase())
      throw new Error(
        `${contract.key} deployed at ${receipt.contractAddress}, expected ${addressOf(contract.key)}: the deployer's nonce drifted`,
      );
  }
}

/** Gas limit of each deployment: above the largest (≈1.4 M), under the per-transaction cap of 2^24. */
const EXTENSION_DEPLOY_GAS = 5_000_000n;
