/**
 * Where the account-abstraction contracts live (the same on every chain: sandbox/genesis-extensions.ts)
 * and the counterfactual address of a client's smart account: CREATE2 by the factory over
 * SmartAccount's creation code with (EntryPoint, owner), salt 0. It is known before the account
 * exists, so the faucet funds it there and the first user operation deploys it (initCode).
 */
import {
  type Address,
  type Hex,
  concat,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  pad,
  toHex,
} from "viem";
import { extensionAddress } from "../genesis-extensions";
import { artifact, loadArtifacts } from "../solidity/compile";
import { ACCOUNT_FACTORY_KEY, ENTRY_POINT_KEY, PAYMASTER_KEY } from "./deployment";
import { accountFactoryAbi } from "./user-operation";

export const ENTRY_POINT: Address = extensionAddress(ENTRY_POINT_KEY);
export const ACCOUNT_FACTORY: Address = extensionAddress(ACCOUNT_FACTORY_KEY);
export const PAYMASTER: Address = extensionAddress(PAYMASTER_KEY);

/** Each owner has one account (salt 0). */
export const ACCOUNT_SALT = 0n;

let creationCode: Promise<Hex> | undefined;
const smartAccountCreationCode = () =>
  (creationCode ??= loadArtifacts().then((a) => artifact(a, "SmartAccount").bytecode));

/** The smart-account address of an owner (the client's MPC EOA). */
export async function smartAccountAddress(owner: Address): Promise<Address> {
  return (await smartAccountAddresser())(owner);
}

/** smartAccountAddress without a wait per owner, once the creation code is loaded (seeding computes many). */
export async function smartAccountAddresser(): Promise<(owner: Address) => Address> {
  const creation = await smartAccountCreationCode();
  return (owner) =>
    getContractAddress({
      opcode: "CREATE2",
      from: ACCOUNT_FACTORY,
      salt: pad(toHex(ACCOUNT_SALT), { size: 32 }),
      bytecode: encodeDeployData({
        abi: [
          { type: "constructor", inputs: [{ type: "address" }, { type: "address" }], stateMutability: "nonpayable" },
        ],
        bytecode: creation,
        args: [ENTRY_POINT, getAddress(owner)],
      }),
    });
}

/** initCode of the first user operation: the factory followed by createAccount(owner, 0). */
export function accountInitCode(owner: Address): Hex {
  return concat([
    ACCOUNT_FACTORY,
    encodeFunctionData({
      abi: accountFactoryAbi,
      functionName: "createAccount",
      args: [getAddress(owner), ACCOUNT_SALT],
    }),
  ]);
}
