/**
 * Contracts every chain deploys at start after the faucet and the four test tokens: the yield
 * contracts (sandbox/yield/deployment.ts), then account abstraction (sandbox/aa/deployment.ts). They
 * take the deployer's nonces from 5 on in this order, so the first five addresses never move and each
 * of these addresses is known without starting a chain (the same on every chain and every start).
 * Constructor arguments may differ per chain (a pool's rate, a token's symbol): a CREATE address
 * depends only on the deployer and its nonce.
 *
 * Append new contracts at the end; inserting one would move every address after it.
 */
import { type Address, type Hex, encodeDeployData, getContractAddress, toHex } from "viem";
import { BUNDLER_GAS_BALANCE, bundler } from "../aa/accounts";
import { AA_CONTRACTS } from "../aa/deployment";
import type { TestToken } from "../types";
import { DISTRIBUTOR_KEY, DISTRIBUTOR_RESERVE, YIELD_CONTRACTS } from "../yield/deployment";
import { artifact, type Artifacts } from "../solidity/compile";
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

export const EXTENSION_CONTRACTS: readonly ExtensionContract[] = [...YIELD_CONTRACTS, ...AA_CONTRACTS];

export const GENESIS_BALANCES: readonly GenesisBalance[] = [{ address: bundler.address, wei: BUNDLER_GAS_BALANCE }];

/** The faucet is nonce 0 and the tokens 1–4. */
export const FIRST_EXTENSION_NONCE = 1 + TEST_TOKEN_SPECS.length;

const addresses = new Map<string, Address>(
  EXTENSION_CONTRACTS.map((c, i) => [
    c.key,
    getContractAddress({ from: deployer.address, nonce: BigInt(FIRST_EXTENSION_NONCE + i) }),
  ]),
);
if (addresses.size !== EXTENSION_CONTRACTS.length) throw new Error("Two genesis extension contracts share a key");

/** Reserves the faucet keeps stocked after a chain starts (local-chain.ts): native wei and test-token amounts. */
export interface Reserve {
  address: Address;
  nativeWei: bigint;
  tokens: Record<TestToken["symbol"], bigint>;
}

/** The address of an extension contract (same on every chain), by key. */
export function extensionAddress(key: string): Address {
  const found = addresses.get(key);
  if (!found) throw new Error(`No genesis extension contract ${key} (have: ${[...addresses.keys()].join(", ")})`);
  return found;
}

/** Every extension contract's address, by key, in deployment order. */
export function extensionAddresses(): Record<string, Address> {
  return Object.fromEntries(addresses);
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
): Promise<void> {
  for (const { address, wei } of GENESIS_BALANCES) await request("hardhat_setBalance", [address, toHex(wei)]);
  const ctx: ExtensionContext = { chainId, tokens, addressOf: extensionAddress };
  const fees = await suggestFees(request);
  const hashes: Hex[] = [];
  await request("evm_setAutomine", [false]);
  try {
    for (const [i, contract] of EXTENSION_CONTRACTS.entries()) {
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
    const contract = EXTENSION_CONTRACTS[i] as ExtensionContract;
    const receipt = (await request("eth_getTransactionReceipt", [hash])) as {
      status: Hex;
      contractAddress: Address | null;
    } | null;
    if (receipt?.status !== "0x1")
      throw new Error(`Genesis deployment of ${contract.key} (${contract.artifact}) failed on chain ${chainId}`);
    if (receipt.contractAddress?.toLowerCase() !== extensionAddress(contract.key).toLowerCase())
      throw new Error(
        `${contract.key} deployed at ${receipt.contractAddress}, expected ${extensionAddress(contract.key)}: the deployer's nonce drifted`,
      );
  }
}

/** Gas limit of each deployment: above the largest (≈1.4 M), under the per-transaction cap of 2^24. */
const EXTENSION_DEPLOY_GAS = 5_000_000n;

export const RESERVES: readonly Reserve[] = [{ address: extensionAddress(DISTRIBUTOR_KEY), ...DISTRIBUTOR_RESERVE }];
