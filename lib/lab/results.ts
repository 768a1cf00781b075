/**
 * What the wallet lab's actions return to the page. None of these carries a share, a client API key
 * or a session token: only ids, addresses, signatures, hashes and the checks made on the server.
 */
import type { ClientAddress, Curve } from "../clients/addresses";
import type { LabSignMethod } from "./forms";

export interface LabWallet {
  id: string;
  curve: Curve;
  /** As wallet software shows it (compressed SEC1 hex, or the 32 Ed25519 bytes in hex). */
  publicKey: string;
}

/** Which of the client's wallets and addresses the record shows, and the share pairs the vault now holds. */
export interface LabWalletState {
  clientId: string;
  wallets: LabWallet[];
  addresses: ClientAddress[];
  /** Ids of the share pairs (not secret): signing after generate or recover, backup after backup. */
  sharePairIds: Partial<Record<Curve, string>>;
}

/** One check made on the server: what was expected beside what was found. */
export interface LabCheck {
  label: string;
  expected: string;
  actual: string;
  ok: boolean;
  /** How the check was made, in words. */
  how: string;
}

export interface RecoverResult extends LabWalletState {
  /** Whether the record's wallets and addresses are the ones it had before recovery. */
  sameWallets: boolean;
  checks: LabCheck[];
  /** Set when the proof could not be run (the shares were recovered and stored all the same). */
  proofError?: string;
}

/** The key that signs messages for an EVM client: its own address, or the key owning its smart account. */
export interface EvmSigner {
  address: string;
  role: "account" | "owner-key";
  /** For an account-abstracted client: why the signer is not the smart account. */
  note?: string;
}

export interface SignMessageResult {
  method: LabSignMethod;
  chainId: string;
  signature: string;
  expected: EvmSigner;
  /** The address viem recovers from the signature over the message or typed data. */
  recovered: string;
  matches: boolean;
}

export interface RawSignResult {
  curve: Curve;
  digest: string;
  signature: string;
  check: LabCheck;
}

export type SendStatus = "confirmed" | "reverted" | "pending" | "sent" | "collision" | "refused" | "failed";

export interface SendItem {
  index: number;
  status: SendStatus;
  /** The nonce the transaction carries, in the spec's hex form, and where it came from. */
  nonce?: string;
  nonceSource?: "reserved" | "explicit" | "user-operation";
  transactionHash?: string;
  userOperationHash?: string;
  blockNumber?: number;
  /** What happened, in words, for anything but a plain confirmation. */
  message?: string;
}

export interface SendResult {
  chainId: string;
  from: string;
  accountAbstracted: boolean;
  items: SendItem[];
}
