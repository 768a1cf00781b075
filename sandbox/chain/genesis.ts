/**
 * What every local chain holds before its journal is replayed: gas money for the sandbox's accounts,
 * the faucet and the four test tokens, then the yield and account-abstraction contracts (extensions.ts).
 * Everything here is deterministic (fixed keys, fixed order), so a restarted chain rebuilds the same
 * contracts at the same addresses and the journal replays on top.
 */
import { type Address, type Hex, encodeDeployData, getContractAddress, keccak256, toHex } from "viem";
import { artifact, type Artifacts } from "../solidity/compile";
import type { TestToken } from "../types";
import { ACCOUNT_GAS_BALANCE, FAUCET_RESERVE, deployer, faucetOperator } from "./accounts";
import type { EdrProvider } from "./edr";
import { type ExtensionPlan, deployExtensions } from "./extensions";
import { suggestFees, type Requester } from "./fees";
import { TEST_TOKEN_SPECS } from "./test-tokens";

export interface GenesisContracts {
  faucet: Address;
  tokens: TestToken[];
}

/** Addresses known without starting a chain (the deployer's nonce 0 is the faucet, then the tokens in order). */
export function genesisAddresses(): GenesisContracts {
  const at = (nonce: number) => getContractAddress({ from: deployer.address, nonce: BigInt(nonce) });
  return {
    faucet: at(0),
    tokens: TEST_TOKEN_SPECS.map((spec, i) => ({
      symbol: spec.symbol,
      name: spec.name,
      decimals: spec.decimals,
      address: at(i + 1),
    })),
  };
}

async function deploy(request: Requester, chainId: number, nonce: number, data: Hex): Promise<Address> {
  const fees = await suggestFees(request);
  const raw = await deployer.signTransaction({ type: "eip1559", chainId, nonce, data, gas: 3_000_000n, ...fees });
  await request("eth_sendRawTransaction", [raw]);
  const receipt = (await request("eth_getTransactionReceipt", [keccak256(raw)])) as {
    status: Hex;
    contractAddress: Address;
  } | null;
  if (receipt?.status !== "0x1") throw new Error(`Genesis deployment ${nonce} failed on chain ${chainId}`);
  return receipt.contractAddress;
}

/** Runs on a fresh provider in automine mode; each deployment is mined before the next is sent. */
export async function deployGenesis(
  provider: EdrProvider,
  chainId: number,
  artifacts: Artifacts,
  extensions: ExtensionPlan,
): Promise<GenesisContracts> {
  const request: Requester = (method, params) => provider.request({ method, params });
  for (const account of [deployer.address, faucetOperator.address])
    await request("hardhat_setBalance", [account, toHex(ACCOUNT_GAS_BALANCE)]);

  const expected = genesisAddresses();
  const faucetArtifact = artifact(artifacts, "Faucet");
  const tokenArtifact = artifact(artifacts, "TestToken");
  const faucet = await deploy(
    request,
    chainId,
    0,
    encodeDeployData({ ...faucetArtifact, args: [faucetOperator.address] }),
  );
  await request("hardhat_setBalance", [faucet, toHex(FAUCET_RESERVE)]);
  for (const [i, spec] of TEST_TOKEN_SPECS.entries()) {
    const data = encodeDeployData({ ...tokenArtifact, args: [spec.name, spec.symbol, spec.decimals, faucet] });
    const address = await deploy(request, chainId, i + 1, data);
    if (address.toLowerCase() !== expected.tokens[i]?.address.toLowerCase())
      throw new Error(
        `${spec.symbol} deployed at ${address}, expected ${expected.tokens[i]?.address}: the deployer's nonce drifted`,
      );
  }
  // The plan's contracts (yield, account abstraction) take the deployer's next nonces (extensions.ts).
  await deployExtensions(request, chainId, artifacts, expected.tokens, extensions);
  return expected;
}
