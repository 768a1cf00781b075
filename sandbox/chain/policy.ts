/**
 * Which JSON-RPC methods a chain accepts, and which of them the journal must record. The chain behaves
 * like a public testnet node plus the time and state helpers a developer needs to test yield accrual;
 * methods that would fork history (snapshots, reset), sign for someone (impersonation), or change how
 * the chain mines are refused, because the journal could not replay them.
 */
export type MethodClass = "read" | "send" | "state" | "clock";

const STATE = new Set(["hardhat_setBalance", "hardhat_setNonce", "hardhat_setStorageAt", "hardhat_setCode"]);
const CLOCK = new Set(["evm_increaseTime", "evm_setNextBlockTimestamp", "evm_mine", "hardhat_mine"]);
const READ_EXTRA = new Set(["hardhat_metadata", "hardhat_getAutomine"]);
const REFUSED = new Set([
  "eth_sendTransaction",
  "eth_sign",
  "eth_signTransaction",
  "eth_signTypedData",
  "eth_signTypedData_v3",
  "eth_signTypedData_v4",
  "eth_subscribe",
  "eth_unsubscribe",
]);

export function classifyMethod(method: string): MethodClass | undefined {
  if (method === "eth_sendRawTransaction") return "send";
  if (STATE.has(method)) return "state";
  if (CLOCK.has(method)) return "clock";
  if (REFUSED.has(method)) return undefined;
  if (READ_EXTRA.has(method) || /^(eth|net|web3|debug)_/.test(method)) return "read";
  return undefined;
}
