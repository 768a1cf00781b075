/**
 * The sandbox's own accounts, the same on every chain and every start. Fixed keys make contract
 * addresses (CREATE from the deployer's nonces 0, 1, 2 …) identical across chains and restarts, which
 * the journal replay and any address a developer wrote down both rely on. They are public by design:
 * these are local test chains.
 */
import { keccak256, stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** Deploys the contracts at chain start and sends nothing else, so its nonces (and the addresses) never drift. */
export const deployer = privateKeyToAccount(keccak256(stringToHex("custodian-console/sandbox/deployer")));

/**
 * Sends the faucet's drip transactions. Separate from the deployer because drips happen at run time,
 * a number of times no start-up code can predict.
 */
export const faucetOperator = privateKeyToAccount(keccak256(stringToHex("custodian-console/sandbox/faucet-operator")));

/** Gas money for the two accounts above and the faucet's native reserve, set at genesis. */
export const ACCOUNT_GAS_BALANCE = 10n ** 24n; // 1,000,000 native units
export const FAUCET_RESERVE = 10n ** 27n; // 1,000,000,000 native units
